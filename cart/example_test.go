package cart_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/odtx/odtx/cart"
	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/tree"
)

// The label is the exclusive or of a and b, with a third column of noise:
// no single test lowers the impurity, yet CART splits the root all the
// same, as scikit-learn does, and at depth 2 makes no error. (Every test
// ties at the root: scikit-learn, drawing the order of the columns at
// random, may take noise there, and then makes 2 errors.)
func ExampleTree() {
	csv := `a,b,noise,y
0,0,1.5,no
0,1,2.5,yes
1,0,1.5,yes
1,1,2.5,no
0,0,2.5,no
1,1,1.5,no
`
	tbl, err := dataset.ReadTable(strings.NewReader(csv), "xor.csv")
	if err != nil {
		log.Fatal(err)
	}
	ds, err := tbl.Binarize(dataset.Options{})
	if err != nil {
		log.Fatal(err)
	}
	root, errs, err := cart.Tree(context.Background(), ds, 2, 0)
	if err != nil {
		log.Fatal(err)
	}
	t := &tree.Tree{Root: root, Features: ds.Features, Label: ds.Label, Classes: ds.Classes}
	if err := t.WriteText(os.Stdout); err != nil {
		log.Fatal(err)
	}
	fmt.Println(errs, "training errors")
	// Output:
	// if a <= 0:
	//     if b <= 0:
	//         y = no  # no: 2
	//     else:
	//         y = yes  # yes: 1
	// else:
	//     if b <= 0:
	//         y = yes  # yes: 1
	//     else:
	//         y = no  # no: 2
	// 0 training errors
}

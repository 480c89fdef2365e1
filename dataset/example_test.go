package dataset_test

import (
	"fmt"
	"log"
	"strings"

	"github.com/odtx/odtx/dataset"
)

func Example() {
	const csv = `size;color;edible
1;red;yes
3;green;no
4;blue;no
5;red;yes
1;red;yes
`
	t, err := dataset.ReadTable(strings.NewReader(csv), "fruit.csv")
	if err != nil {
		log.Fatal(err)
	}
	ds, err := t.Binarize(dataset.Options{Label: "edible"})
	if err != nil {
		log.Fatal(err)
	}
	for _, f := range ds.Features {
		fmt.Println(f)
	}
	// The repeated last row is collapsed. An example holds a code per
	// column, the rank of its value there, which decides the features.
	for _, ex := range ds.Examples {
		fmt.Println(ex.Line, ex.Codes, ds.Row(&ex), ds.Classes[ex.Class])
	}

	// Apply a feature to a raw value, as for unseen data.
	ok, err := ds.Features[0].Holds("2")
	fmt.Println(ds.Features[0], "for 2:", ok, err)
	// Output:
	// size <= 1
	// size <= 3
	// size <= 4
	// color == blue
	// color == green
	// color == red
	// 2 [0 2] [true true true false false true] yes
	// 3 [1 1] [false true true false true false] no
	// 4 [2 0] [false false true true false false] no
	// 5 [3 2] [false false false false false true] yes
	// size <= 1 for 2: false <nil>
}

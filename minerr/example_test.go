package minerr_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/minerr"
	"github.com/odtx/odtx/objective"
)

// Three records of the same kind disagree on the label; no tree gets all
// of them right, and a tree of depth one gets the rest right.
func ExampleSolve() {
	csv := "x,y,label\n0,0,a\n0,1,a\n1,0,b\n1,1,b\n1,1,a\n1,1,b\n"
	t, err := dataset.ReadTable(strings.NewReader(csv), "example.csv")
	if err != nil {
		panic(err)
	}
	ds, err := t.Binarize(dataset.Options{Conflicts: dataset.Count})
	if err != nil {
		panic(err)
	}
	res, err := minerr.Solve(context.Background(), ds, objective.Options{MaxDepth: 2})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Errors, "error,", res.Branches, "branching node, optimal:", res.Optimal)
	fmt.Println("split on", ds.Features[res.Root.Feature])
	// Output:
	// 1 error, 1 branching node, optimal: true
	// split on x <= 0
}

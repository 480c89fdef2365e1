package ordered_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/objective"
	"github.com/odtx/odtx/ordered"
)

// A numeric column gives a test per distinct value; the search tries them
// in order. Two records of height 170 disagree on the label, so one error
// is the least any tree makes.
func ExampleSolve() {
	csv := "height,weight,label\n150,50,small\n160,55,small\n170,60,small\n170,60,tall\n180,80,tall\n190,90,tall\n"
	t, err := dataset.ReadTable(strings.NewReader(csv), "example.csv")
	if err != nil {
		panic(err)
	}
	ds, err := t.Binarize(dataset.Options{Conflicts: dataset.Count})
	if err != nil {
		panic(err)
	}
	res, err := ordered.Solve(context.Background(), ds, objective.Options{MaxDepth: 2})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Errors, "error,", res.Branches, "branching node, optimal:", res.Optimal)
	fmt.Println("split on", ds.Features[res.Root.Feature])
	// Output:
	// 1 error, 1 branching node, optimal: true
	// split on height <= 160
}

package minerr_test

import (
	"context"
	"fmt"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/minerr"
	"github.com/odtx/odtx/objective"
)

// The paper's Appendix data: eight rows of four binary features. A tree of
// depth two classifies them all with three branching nodes; within two,
// the best makes two errors, and one branching node does as well. A cost
// per branch of 3/16 of the records, 1.5 errors, makes that smaller tree
// the optimum.
func ExampleSolve() {
	ds, _, err := dataset.Load(context.Background(), "../testdata/appendix.csv", dataset.Options{})
	if err != nil {
		panic(err)
	}
	for _, c := range []struct {
		name string
		opt  objective.Options
	}{
		{"depth 2", objective.Options{MaxDepth: 2}},
		{"2 branches", objective.Options{MaxDepth: 2, MaxBranches: 2}},
		{"a cost", objective.Options{MaxDepth: 2, CostPerBranch: 3.0 / 16}},
	} {
		res, err := minerr.Solve(context.Background(), ds, c.opt)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%s: errors %d, branching nodes %d, objective %v\n", c.name, res.Errors, res.Branches, res.Objective)
	}
	// Output:
	// depth 2: errors 0, branching nodes 3, objective 0
	// 2 branches: errors 2, branching nodes 1, objective 2
	// a cost: errors 2, branching nodes 1, objective 3.5
}

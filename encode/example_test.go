package encode_test

import (
	"context"
	"fmt"
	"os"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/encode"
	"github.com/odtx/odtx/ginisat"
	"github.com/odtx/odtx/solver"
	"github.com/odtx/odtx/tree"
)

// The paper's Appendix example at depth 2, its depth, with every row
// encoded but the features activated one at a time, on one solver. Until
// the nodes may test the three features the tree needs, there is no tree;
// the UNSAT answers rested on the assumptions of their call, so the solver
// goes on. The fourth feature is never activated and costs no clause.
func ExampleNewLazy() {
	ctx := context.Background()
	ds, _, err := dataset.Load(ctx, "../testdata/appendix.csv", dataset.Options{})
	if err != nil {
		panic(err)
	}
	s := ginisat.New()
	defer s.Close()
	e := encode.NewLazy(s, 2, len(ds.Features), len(ds.Classes))
	for _, ex := range ds.Examples {
		e.AddExample(ds.Row(&ex), ex.Class)
	}
	var res solver.Result
	for f := range 3 {
		e.Activate(f)
		if res, err = s.Solve(ctx, e.Assumptions(nil)); err != nil {
			panic(err)
		}
		fmt.Printf("+ %s: %v\n", ds.Features[f], res)
	}
	t := &tree.Tree{Root: tree.Simplify(e.Tree(s.Value)), Features: ds.Features, Label: ds.Label, Classes: ds.Classes}
	if err := t.WriteText(os.Stdout); err != nil {
		panic(err)
	}

	var all solver.Formula
	full := encode.New(&all, 2, len(ds.Features), len(ds.Classes))
	for _, ex := range ds.Examples {
		full.AddExample(ds.Row(&ex), ex.Class)
	}
	fmt.Printf("%d clauses, %d with every feature\n", e.Clauses(), full.Clauses())
	// Output:
	// + f0 <= 0: UNSAT
	// + f1 <= 0: UNSAT
	// + f2 <= 0: SAT
	// if f0 <= 0:
	//     if f1 <= 0:
	//         class = 0
	//     else:
	//         class = 1
	// else:
	//     if f2 <= 0:
	//         class = 1
	//     else:
	//         class = 0
	// 135 clauses, 153 with every feature
}

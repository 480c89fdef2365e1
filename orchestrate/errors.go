package orchestrate

import (
	"context"
	"fmt"
	"time"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/dp"
	"github.com/odtx/odtx/minerr"
	"github.com/odtx/odtx/objective"
	"github.com/odtx/odtx/ordered"
	"github.com/odtx/odtx/tree"
)

// learnErrors is Learn in the Errors mode, which the engines MinErr and
// Ordered search; Auto picks one by the data's shape (errorsEngine).
func learnErrors(ctx context.Context, ds *dataset.Dataset, opt Options) (*Result, error) {
	e := opt.Engine
	switch e {
	case Auto:
		e = errorsEngine(ds)
	case SAT, DP:
		return nil, fmt.Errorf("the %s engine learns trees without training errors: the fewest errors within a depth are searched by minerr or ordered (or auto)", e)
	}
	solve := map[Engine]objective.Solver{MinErr: minerr.Solve, Ordered: ordered.Solve}[e]
	start := time.Now()
	b := opt.Budget
	oopt := objective.Options{MaxDepth: b.MaxDepth, MaxBranches: b.MaxBranches, CostPerBranch: b.Cost, AnySize: b.AnySize, Consistent: fewestLeaves}
	if opt.Progress != nil {
		oopt.Progress = func(p objective.Progress) {
			opt.Progress(Progress{Engine: e, Depth: b.MaxDepth, Examples: len(ds.Examples), Errors: p.Errors, MinErrors: p.ErrorBound, Elapsed: time.Since(start)})
		}
	}
	r, err := solve(ctx, ds, oopt)
	if r == nil {
		return nil, err
	}
	res := &Result{
		Root:         r.Root,
		Engine:       e,
		Optimal:      r.Optimal,
		Errors:       r.Errors,
		MinErrors:    r.ErrorBound,
		Objective:    r.Objective,
		MinObjective: r.Bound,
		Stats:        tree.Stats{ExamplesUsed: len(ds.Examples), Subproblems: r.Stats.Subproblems, Seconds: time.Since(start).Seconds()},
	}
	if r.Optimal || r.Bound > 0 {
		res.ProvenBy = tree.Proof{Errors: e.String()}
	}
	return res, err
}

// orderedTests is the number of threshold tests a column of ds must give,
// on average, for errorsEngine to search its cuts by intervals.
const orderedTests = 8

// errorsEngine returns the engine of the Errors mode for the shape of ds:
// Ordered where numeric columns give many threshold tests each, whose cuts
// it searches by intervals of thresholds, and MinErr where the tests are
// few a column (binary or categorical data), whose depth-two trees it
// counts in one pass over pairs of features.
func errorsEngine(ds *dataset.Dataset) Engine {
	// Binarize gives a column's tests one after another: counting the
	// runs counts the columns without a map of tens of thousands of names.
	// Tests made otherwise may count a column twice, which only leans the
	// choice to MinErr; both engines are exact.
	thresholds, columns := 0, 0
	for i, f := range ds.Features {
		if i == 0 || f.Column != ds.Features[i-1].Column {
			columns++
		}
		if f.Op == dataset.LessEq {
			thresholds++
		}
	}
	if thresholds >= orderedTests*columns {
		return Ordered
	}
	return MinErr
}

// fewestLeaves is the hand-off of the engines of the fewest errors to the
// zero-error engine dp (objective.Options.Consistent): given t, a tree of
// depth at most d without errors, it returns one with the fewest leaves.
// The fewest leaves at the least depth, then at each depth after it, give
// each search a close bound to start from. When ctx ends it returns the
// best tree it has, with ctx's error.
func fewestLeaves(ctx context.Context, ds *dataset.Dataset, d int, t *tree.Node) (*tree.Node, error) {
	s, err := dp.New(ctx, ds, dp.Options{})
	if err != nil {
		return t, err
	}
	root, err := s.MinDepth(ctx)
	if err != nil {
		return t, err
	}
	for dd := root.Depth(); dd < d && err == nil; dd++ {
		root, err = s.MinLeaves(ctx, dd, root)
	}
	if err != nil {
		return root, err
	}
	if t.Leaves() < root.Leaves() {
		root = t
	}
	return s.MinLeaves(ctx, d, root)
}

package orchestrate

import (
	"context"
	"errors"
	"time"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/minerr"
	"github.com/odtx/odtx/ordered"
	"github.com/odtx/odtx/tree"
)

// learnErrors is Learn in the Errors mode, which only the DP engines
// search, one of two by the data's shape (errorsSolver): Auto runs them
// too.
func learnErrors(ctx context.Context, ds *dataset.Dataset, opt Options) (*Result, error) {
	if opt.Engine == SAT {
		return nil, errors.New("the sat engine learns trees without training errors only: the fewest errors within a depth are searched by dp (or auto)")
	}
	start := time.Now()
	mopt := minerr.Options{MaxDepth: opt.Budget.MaxDepth, MaxBranches: opt.Budget.MaxBranches, CostPerBranch: opt.Budget.Cost, AnySize: opt.Budget.AnySize}
	if opt.Progress != nil {
		mopt.Progress = func(p minerr.Progress) {
			opt.Progress(Progress{Engine: DP, Depth: opt.Budget.MaxDepth, Examples: len(ds.Examples), Errors: p.Errors, MinErrors: p.ErrorBound, Elapsed: time.Since(start)})
		}
	}
	r, err := errorsSolver(ds)(ctx, ds, mopt)
	if r == nil {
		return nil, err
	}
	res := &Result{
		Root:         r.Root,
		Engine:       DP,
		Optimal:      r.Optimal,
		Errors:       r.Errors,
		MinErrors:    r.ErrorBound,
		Objective:    r.Objective,
		MinObjective: r.Bound,
		ProvenBy:     tree.Proof{Errors: DP.String()},
		Stats:        tree.Stats{ExamplesUsed: len(ds.Examples), Subproblems: r.Stats.Subproblems, Seconds: time.Since(start).Seconds()},
	}
	return res, err
}

// orderedTests is the number of threshold tests a column of ds must give,
// on average, for errorsSolver to search its cuts by intervals.
const orderedTests = 8

// errorsSolver returns the engine of the Errors mode for the shape of ds:
// package ordered where numeric columns give many threshold tests each,
// whose cuts it searches by intervals of thresholds, and package minerr
// where the tests are few a column (binary or categorical data), whose
// depth-two trees it counts in one pass over pairs of features.
func errorsSolver(ds *dataset.Dataset) func(context.Context, *dataset.Dataset, minerr.Options) (*minerr.Result, error) {
	// Binarize gives a column's tests one after another: counting the
	// runs counts the columns without a map of tens of thousands of names.
	// Tests made otherwise may count a column twice, which only leans the
	// choice to minerr; both engines are exact.
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
		return ordered.Solve
	}
	return minerr.Solve
}

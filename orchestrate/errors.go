package orchestrate

import (
	"context"
	"errors"
	"time"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/minerr"
	"github.com/odtx/odtx/tree"
)

// learnErrors is Learn in the Errors mode, which only the DP engine
// searches: Auto runs it too.
func learnErrors(ctx context.Context, ds *dataset.Dataset, opt Options) (*Result, error) {
	if opt.Engine == SAT {
		return nil, errors.New("the sat engine learns trees without training errors only: the fewest errors within a depth are searched by dp (or auto)")
	}
	start := time.Now()
	mopt := minerr.Options{MaxDepth: opt.Budget.MaxDepth, MaxBranches: opt.Budget.MaxBranches, CostPerBranch: opt.Budget.Cost}
	if opt.Progress != nil {
		mopt.Progress = func(p minerr.Progress) {
			opt.Progress(Progress{Engine: DP, Depth: opt.Budget.MaxDepth, Examples: len(ds.Examples), Errors: p.Errors, MinErrors: p.ErrorBound, Elapsed: time.Since(start)})
		}
	}
	r, err := minerr.Solve(ctx, ds, mopt)
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

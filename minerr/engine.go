package minerr

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync/atomic"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/objective"
	"github.com/odtx/odtx/tree"
)

// This file holds what every engine of this objective shares with Solve:
// package ordered searches it over ordered columns and answers with these
// Options and Result.

// Validate reports options that no search can take: a negative depth or
// budget, a cost that is negative or not a finite number, or one with
// AnySize.
func (opt Options) Validate() error {
	if opt.MaxDepth < 0 || opt.MaxBranches < 0 {
		return fmt.Errorf("depth %d and branches %d must not be negative", opt.MaxDepth, opt.MaxBranches)
	}
	if opt.CostPerBranch < 0 || math.IsNaN(opt.CostPerBranch) || math.IsInf(opt.CostPerBranch, 0) {
		return fmt.Errorf("cost per branch %v must be a non-negative number", opt.CostPerBranch)
	}
	if opt.AnySize && opt.CostPerBranch != 0 {
		return errors.New("a cost per branch counts every branch: it does not go with a tree of any size")
	}
	return nil
}

// MaxBranches returns the most branching nodes a tree of depth d can have.
func MaxBranches(d int) int {
	if d >= 30 {
		return math.MaxInt32
	}
	return 1<<d - 1
}

// Majority returns the answer of a search stopped before it began: the
// leaf of the class with the most records of ds, its errors, and no bound.
func Majority(ds *dataset.Dataset) *Result {
	cls := make([]int, max(len(ds.Classes), 1))
	for _, ex := range ds.Examples {
		if ex.Counts == nil {
			cls[ex.Class]++
		}
		for k, c := range ex.Counts {
			cls[k] += c
		}
	}
	lf := leaf(cls)
	return &Result{Root: tree.Leaf(int(lf.class)), Errors: lf.s.E, Objective: float64(lf.s.E)}
}

// Outcome returns the Result of a search whose best tree is root, of score
// best, with bound proven of every tree within the budgets, where order
// ranks the trees the search was asked for: optimal if no tree can beat
// root. A result that is not comes with ctx's error, or, if ctx has not
// ended, one that says the search named by engine stopped.
func Outcome(ctx context.Context, engine string, root *tree.Node, best, bound objective.Score, order objective.Order, st Stats) (*Result, error) {
	res := &Result{
		Root:      root,
		Errors:    best.E,
		Branches:  best.B,
		Objective: order.Value(best),
		Bound:     order.Value(bound),
		Optimal:   !order.Less(bound, best),
		Stats:     st,
	}
	if order.Cost == 0 {
		res.ErrorBound = bound.E
	}
	if res.Optimal {
		return res, nil
	}
	if err := ctx.Err(); err != nil {
		return res, err
	}
	return res, fmt.Errorf("%s: stopped", engine)
}

// Watch sets stop once ctx ends, until the returned release is called. It
// also returns progress made to set stop right after it reports, if ctx
// has ended by then: a Progress function that ends the context then stops
// the search before it goes on, not when the context's goroutine runs.
func Watch(ctx context.Context, stop *atomic.Bool, progress func(Progress)) (report func(Progress), release func()) {
	if progress != nil {
		report = func(p Progress) {
			progress(p)
			if ctx.Err() != nil {
				stop.Store(true)
			}
		}
	}
	after := context.AfterFunc(ctx, func() { stop.Store(true) })
	if ctx.Err() != nil {
		stop.Store(true)
	}
	return report, func() { after() }
}

package orchestrate

import (
	"cmp"
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/odtx/odtx/cart"
	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/dp"
	"github.com/odtx/odtx/lds"
	"github.com/odtx/odtx/lower"
	"github.com/odtx/odtx/minerr"
	"github.com/odtx/odtx/objective"
	"github.com/odtx/odtx/ordered"
	"github.com/odtx/odtx/tree"
)

// learnErrors is Learn in the Errors mode, which the engines MinErr and
// Ordered search; Auto picks one by the data's shape (errorsEngine).
//
// The search is anytime, and never worse than the obvious: CART's tree of
// the depth budget (package cart) is the first tree held, which the engine
// needs only beat. A search still running after Options.Improve has, beside
// it, searches that find better trees and prove bounds sooner (improve);
// the engine needs only beat their trees too. The tree returned is the
// best of them all, the bound the best proven: a search that finds no tree
// better than the best held has proven that one optimal.
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
	oopt := objective.Options{MaxDepth: b.MaxDepth, MaxBranches: b.MaxBranches, CostPerBranch: b.Cost, AnySize: b.AnySize}
	if err := oopt.Validate(); err != nil {
		return nil, fmt.Errorf("%v: %w", e, err)
	}
	a := &anytime{order: objective.Order{Cost: b.Cost * float64(objective.Records(ds)), ErrorsOnly: b.AnySize}, progress: opt.Progress}
	a.held = objective.NewIncumbent(a.order)
	a.report = func(best, bound int) {
		opt.Progress(Progress{Engine: e, Depth: b.MaxDepth, Examples: len(ds.Examples), Errors: best, MinErrors: bound, Elapsed: time.Since(start)})
	}
	// CART's tree, the floor, even when ctx ends at once: it takes no
	// longer than reading the data did.
	if root, errs, _ := cart.Tree(context.WithoutCancel(ctx), ds, b.MaxDepth); root != nil {
		if br := root.Leaves() - 1; b.MaxBranches == 0 || br <= b.MaxBranches {
			a.offer(root, objective.Score{E: errs, B: br})
		}
	}
	oopt.Consistent = fewestLeaves
	oopt.UpperBound = a.held.Score
	oopt.Progress = func(p objective.Progress) {
		if b.Cost == 0 {
			a.prove(p.ErrorBound)
		}
	}
	ictx, stop := context.WithCancel(ctx)
	improved := make(chan struct{})
	go func() {
		defer close(improved)
		after := cmp.Or(opt.Improve, ImproveAfter)
		if after < 0 {
			return
		}
		select {
		case <-ictx.Done():
			return
		case <-time.After(after):
		}
		a.improve(ictx, ds, solve, oopt)
	}()
	r, err := solve(ctx, ds, oopt)
	stop()
	<-improved
	if r == nil {
		return nil, err
	}
	a.held.Offer(r.Root, objective.Score{E: r.Errors, B: r.Branches})
	root, best := a.held.Best()
	proven := r.Proven
	if a.bound > proven.E && b.Cost == 0 {
		proven = objective.Score{E: a.bound}
	}
	res := &Result{
		Root:         root,
		Engine:       e,
		Optimal:      !a.order.Less(proven, best),
		Errors:       best.E,
		Objective:    a.order.Value(best),
		MinObjective: a.order.Value(proven),
		Stats:        tree.Stats{ExamplesUsed: len(ds.Examples), Subproblems: r.Stats.Subproblems, Seconds: time.Since(start).Seconds()},
	}
	if b.Cost == 0 {
		res.MinErrors = proven.E
	}
	if res.Optimal {
		res.MinErrors, res.MinObjective = res.Errors, res.Objective
		err = nil
	}
	if res.Optimal || res.MinObjective > 0 {
		res.ProvenBy = tree.Proof{Errors: e.String()}
	}
	return res, err
}

// anytime is what a search of the Errors mode holds as it goes: the best
// tree found by any of its searches, and the best bound on errors proven.
type anytime struct {
	order    objective.Order
	held     *objective.Incumbent
	mu       sync.Mutex // one report at a time
	bound    int        // on errors, proven beside the engine
	progress func(Progress)
	report   func(best, bound int)
}

// offer keeps root, of score s, if it beats the tree held, and reports it.
func (a *anytime) offer(root *tree.Node, s objective.Score) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.held.Offer(root, s) && a.progress != nil {
		a.report(s.E, a.bound)
	}
}

// prove raises the bound on errors to errs, and reports it.
func (a *anytime) prove(errs int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if errs <= a.bound {
		return
	}
	a.bound = errs
	if a.progress != nil {
		a.report(a.held.Score().E, a.bound)
	}
}

// partRecords is about the records of a part of the first pass of the
// bounds by parts (lower.Parts).
const partRecords = 512

// improve searches ds beside the engine, solve, that searches it with opt:
// for better trees by limited discrepancy over CART's ranking of the tests
// with the bottom two levels solved exactly (package lds), then for
// bounds on the errors by exact searches of parts (package lower). It
// ends when ctx does or both are done.
func (a *anytime) improve(ctx context.Context, ds *dataset.Dataset, solve objective.Solver, opt objective.Options) {
	if opt.MaxBranches == 0 && opt.MaxDepth > 2 {
		lds.Search(ctx, ds, lds.Options{Depth: opt.MaxDepth, Exact: 2, Solve: solve, Cost: a.order.Cost, Rank: cart.Ranked, Rounds: 3, Offer: a.offer})
	}
	if opt.CostPerBranch == 0 {
		m := 1
		for m < 32 && 2*m*partRecords <= objective.Records(ds) {
			m *= 2
		}
		lower.Parts(ctx, ds, m, solve, opt, a.prove)
	}
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

package orchestrate

import (
	"context"
	"fmt"
	"math"
	"sync"
	"time"

	"github.com/odtx/odtx/cart"
	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/dp"
	"github.com/odtx/odtx/lds"
	"github.com/odtx/odtx/objective"
	"github.com/odtx/odtx/tree"
)

// learnErrors is Learn in the Errors mode, which the engines MinErr and
// Ordered search; Auto picks one by the data's shape (errorsEngine).
//
// The search is anytime, and never worse than the obvious: CART's tree of
// the depth budget (package cart) is the first tree held, which the engine
// needs only beat. A search still running after ldsAfter has beside it a
// search that finds better trees sooner (improve), whose trees the engine
// needs only beat too. The tree returned is the best of them all,
// the bound the engine's: a search that finds no tree better than the best
// held has proven that one optimal.
func learnErrors(ctx context.Context, ds *dataset.Dataset, opt Options) (*Result, error) {
	e := opt.Engine
	switch e {
	case Auto:
		e = errorsEngine(ds)
	case SAT, DP:
		return nil, fmt.Errorf("the %s engine learns trees without training errors: the fewest errors within a depth are searched by minerr or ordered (or auto)", e)
	}
	solve := e.solver()
	start := time.Now()
	b := opt.Budget
	// The engine checks oopt, and fails before it searches.
	oopt := b.options()
	oopt.Off, oopt.MinLeaf = opt.Off, b.leastLeaf(ds)
	// Half the caches' memory to the engine's, a quarter each to those of
	// the search beside it and of the hand-off to dp, which may run at
	// once; each at least a byte, which 0 would not be (the default).
	oopt.CacheBytes = part(opt.CacheBytes, 2)
	a := newAnytime(objective.Order{Cost: b.Cost * float64(objective.Records(ds)), ErrorsOnly: b.AnySize})
	if opt.Progress != nil {
		a.report = func(best, bound int) {
			opt.Progress(Progress{Engine: e, Depth: b.MaxDepth, Examples: len(ds.Examples), Errors: best, MinErrors: bound, Elapsed: time.Since(start)})
		}
	}
	if !opt.Off.Floor {
		a.floor(ctx, ds, b, oopt.MinLeaf)
	}
	oopt.Consistent = fewestLeaves(part(opt.CacheBytes, 4))
	oopt.UpperBound = a.held.Score
	oopt.Progress = func(p objective.Progress) { a.engine(p, b.Cost == 0) }
	lopt := oopt
	lopt.CacheBytes = part(opt.CacheBytes, 4)
	ictx, stop := context.WithCancel(ctx)
	improved := make(chan struct{})
	go func() {
		defer close(improved)
		if opt.Off.LDS {
			return
		}
		select {
		case <-ictx.Done():
			return
		case <-time.After(ldsAfter):
		}
		a.improve(ictx, ds, solve, lopt)
	}()
	r, err := solve(ctx, ds, oopt)
	stop()
	<-improved
	if r == nil {
		return nil, err
	}
	a.offer(r.Root, objective.Score{E: r.Errors, B: r.Branches})
	root, best := a.held.Best()
	proven := r.Proven
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
	order  objective.Order
	held   *objective.Incumbent
	mu     sync.Mutex            // one report at a time
	bound  int                   // on errors, proven by the engine
	own    objective.Score       // of the engine's best tree
	report func(best, bound int) // nil: none
}

func newAnytime(order objective.Order) *anytime {
	return &anytime{order: order, held: objective.NewIncumbent(order), own: objective.None}
}

// floor offers CART's tree of ds within b, its leaves of minLeaf records
// or more (b.MinLeaf as the engines count it), even when ctx ends at once:
// it takes no longer than reading the data did.
func (a *anytime) floor(ctx context.Context, ds *dataset.Dataset, b Budget, minLeaf int) {
	root, errs, _ := cart.Tree(context.WithoutCancel(ctx), ds, b.MaxDepth, minLeaf)
	if root == nil {
		return
	}
	if br := root.Leaves() - 1; b.MaxBranches == 0 || br <= b.MaxBranches {
		a.offer(root, objective.Score{E: errs, B: br})
	}
}

// offer keeps root, of score s, if it beats the tree held, and reports it
// if it beats the engine's too.
func (a *anytime) offer(root *tree.Node, s objective.Score) {
	a.mu.Lock()
	defer a.mu.Unlock()
	best := a.best()
	if a.held.Offer(root, s) && a.report != nil && a.order.Less(a.best(), best) {
		a.report(a.best().E, a.bound)
	}
}

// engine takes what the engine reports: the score of the best tree it
// holds, which it returns when it stops, and, where bound, its bound on
// errors. With a cost per branch a better tree may make more errors, so
// the engine's tree is its best by order, not by errors.
func (a *anytime) engine(p objective.Progress, bound bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	best, lb := a.best(), a.bound
	a.own = a.order.Min(a.own, objective.Score{E: p.Errors, B: p.Branches})
	if bound {
		a.bound = max(a.bound, p.ErrorBound)
	}
	if a.report != nil && (a.order.Less(a.best(), best) || a.bound > lb) {
		a.report(a.best().E, a.bound)
	}
}

// best returns the score of the tree that would be returned now: the
// better of the engine's and the one held beside it.
func (a *anytime) best() objective.Score { return a.order.Min(a.held.Score(), a.own) }

// ldsAfter is how long the engine searches alone before the search beside
// it starts. Most searches of small data end sooner, and a search beside
// them would only take a processor from the next job of a sweep; on tens
// of thousands of rows, its first round still comes within the first
// second.
var ldsAfter = 100 * time.Millisecond

// ldsShare is the share of the time of a search that the rounds of
// limited discrepancy beside it may take: each round weighs more of the
// choices the first tests tried may get wrong than the one before, and
// costs more, and the proof waits for what they take.
const ldsShare = 0.25

// ldsCuts is the most threshold tests of a column the search beside the
// engine weighs (Dataset.Thin): on columns of thousands of values, the
// exact searches of its bottom levels take far less time over a thousand
// quantiles than over every value, for trees little worse.
const ldsCuts = 1024

// improve searches ds beside the engine that searches it with opt (but
// for opt.CacheBytes, its own), by solve, for better trees: by limited
// discrepancy over the roots of the best trees of depth two and CART's
// ranking of the tests, with the bottom two levels solved exactly
// (package lds), in rounds that take at most ldsShare of the time. It
// ends when ctx does or the rounds have weighed every choice.
func (a *anytime) improve(ctx context.Context, ds *dataset.Dataset, solve objective.Solver, opt objective.Options) {
	if opt.MaxBranches != 0 || opt.MaxDepth <= 2 {
		return
	}
	thin, index, _ := ds.Thin(ldsCuts)
	offer := func(root *tree.Node, s objective.Score) {
		a.offer(root.Map(func(f int) int { return index[f] }), s)
	}
	lds.Search(ctx, thin, lds.Options{Depth: opt.MaxDepth, Exact: 2, Solve: solve, Cost: a.order.Cost, MinLeaf: opt.MinLeaf, Rank: cart.Ranked, Rounds: math.MaxInt, Share: ldsShare, CacheBytes: opt.CacheBytes, Offer: offer})
}

// part returns the nth part of a budget of memory, at least a byte
// unless the budget is 0, the default.
func part(bytes int64, n int64) int64 {
	if bytes == 0 {
		return 0
	}
	return max(bytes/n, 1)
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

// fewestLeaves returns the hand-off of the engines of the fewest errors to
// the zero-error engine dp (objective.Options.Consistent), whose cache
// holds about cacheBytes (0: its default): given t, a tree of depth at
// most d without errors, it returns one with the fewest leaves. The fewest
// leaves at the least depth, then at each depth after it, give each search
// a close bound to start from. When ctx ends it returns the best tree it
// has, with ctx's error.
func fewestLeaves(cacheBytes int64) func(ctx context.Context, ds *dataset.Dataset, d int, t *tree.Node) (*tree.Node, error) {
	return func(ctx context.Context, ds *dataset.Dataset, d int, t *tree.Node) (*tree.Node, error) {
		s, err := dp.New(ctx, ds, dp.Options{CacheBytes: cacheBytes})
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
}

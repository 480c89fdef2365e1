package ordered

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/minerr"
	"github.com/odtx/odtx/tree"
)

// Solve takes the options of package minerr, which searches the same
// objective over any binary features, and answers as minerr.Solve does.
// Of the result's Stats, Depth2 counts the depth-two searches, Pruned the
// cuts that bounds spared, and Features the threshold tests in columns;
// Incremental is 0.
//
// Solve finds a tree of depth at most opt.MaxDepth with at most
// opt.MaxBranches branching nodes that misclassifies the fewest records of
// ds, or minimizes errors + CostPerBranch·records·branches with a cost;
// among those trees it has the fewest branching nodes. Examples with
// Counts (dataset.Count) stand for that many records of each class; others
// for one record of their class.
//
// When ctx ends first, Solve returns the best tree found, at least the
// majority leaf, with Optimal false and ctx's error.
func Solve(ctx context.Context, ds *dataset.Dataset, opt minerr.Options) (*minerr.Result, error) {
	if opt.MaxDepth < 0 || opt.MaxBranches < 0 {
		return nil, fmt.Errorf("ordered: depth %d and branches %d must not be negative", opt.MaxDepth, opt.MaxBranches)
	}
	if opt.CostPerBranch < 0 || math.IsNaN(opt.CostPerBranch) || math.IsInf(opt.CostPerBranch, 0) {
		return nil, fmt.Errorf("ordered: cost per branch %v must be a non-negative number", opt.CostPerBranch)
	}
	x, err := pack(ctx, ds)
	if err != nil {
		if ctx.Err() != nil {
			return majority(ds), fmt.Errorf("ordered: %w", err)
		}
		return nil, err
	}
	s := newSearch(x, opt)
	if report := s.progress; report != nil {
		// A Progress function that ends the context stops the search
		// before it goes on, not when the context's goroutine runs.
		s.progress = func(p minerr.Progress) {
			report(p)
			if ctx.Err() != nil {
				s.stop.Store(true)
			}
		}
	}
	stop := context.AfterFunc(ctx, func() { s.stop.Store(true) })
	defer stop()
	if ctx.Err() != nil {
		s.stop.Store(true)
	}
	best, bound := s.run()
	res := &minerr.Result{
		Root:      s.tree(best),
		Errors:    best.s.e,
		Branches:  best.s.b,
		Objective: s.value(best.s),
		Bound:     s.value(bound),
		Stats:     s.stats,
	}
	res.Optimal = !s.less(bound, best.s)
	if s.c == 0 {
		res.ErrorBound = bound.e
	}
	if !res.Optimal {
		err := ctx.Err()
		if err == nil {
			err = errors.New("ordered: stopped")
		}
		return res, err
	}
	return res, nil
}

// majority is the answer when ctx ends before the items are packed: the
// leaf of the most frequent class, its errors, and no bound.
func majority(ds *dataset.Dataset) *minerr.Result {
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
	return &minerr.Result{Root: tree.Leaf(lf.class), Errors: lf.s.e, Objective: float64(lf.s.e)}
}

// maxBranches is the most branching nodes a tree of depth d can have.
func maxBranches(d int) int {
	if d >= 30 {
		return math.MaxInt32
	}
	return 1<<d - 1
}

// newSearch prepares a search of x.
func newSearch(x *data, opt minerr.Options) *search {
	s := &search{
		x:        x,
		c:        opt.CostPerBranch * float64(x.records),
		top:      opt.MaxDepth,
		budget:   maxBranches(opt.MaxDepth),
		cache:    make(map[key]cached),
		side:     make([]uint8, x.n),
		none:     make([]int, x.classes),
		frames:   make([]frame, opt.MaxDepth+1),
		progress: opt.Progress,
	}
	if opt.MaxBranches > 0 {
		s.budget = min(s.budget, opt.MaxBranches)
	}
	s.stats.Items = x.n
	for _, col := range x.cols {
		s.stats.Features += len(col.feature)
	}
	return s
}

// run searches from the root and returns the best tree found and a proven
// lower bound on the score of every tree within the budgets.
func (s *search) run() (*sol, score) {
	v := s.x.root()
	best := leaf(v.cls)
	s.report(best)
	if len(s.x.cols) == 0 || s.stop.Load() {
		if len(s.x.cols) == 0 || best.s.e == 0 || s.top == 0 {
			return best, best.s
		}
		return best, score{}
	}
	s.root = v
	// The search looks for a tree strictly better than the leaf.
	if found := s.solve(v, s.top, s.budget, best.s, score{}); found != nil {
		best = found
	}
	switch {
	case !s.stop.Load():
		return best, best.s
	case s.bounded:
		return best, s.minScore(best.s, s.rootLB)
	}
	return best, score{}
}

// report passes an improvement at the root to the Progress function.
func (s *search) report(best *sol) {
	if s.progress == nil {
		return
	}
	s.progress(minerr.Progress{Errors: best.s.e, Branches: best.s.b, Bound: s.value(score{})})
}

// tree turns a solution into a tree over the dataset's features.
func (s *search) tree(t *sol) *tree.Node {
	if t.feature < 0 {
		return tree.Leaf(t.class)
	}
	return tree.Split(t.feature, s.tree(t.f), s.tree(t.t))
}

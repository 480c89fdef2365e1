package minerr

import (
	"context"
	"fmt"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/dp"
	"github.com/odtx/odtx/internal/objective"
	"github.com/odtx/odtx/tree"
)

// Options configure Solve.
type Options struct {
	// MaxDepth bounds the depth of the tree; 0 asks for a single leaf.
	MaxDepth int
	// MaxBranches bounds the branching (internal) nodes, as STreeD and
	// MurTree count them; 0 leaves only the depth's bound of 2^MaxDepth-1.
	MaxBranches int
	// CostPerBranch is the complexity cost alpha of ConTree and STreeD:
	// each branching node costs alpha times the number of records, in
	// errors. The objective is then errors + alpha·records·branches.
	CostPerBranch float64
	// AnySize, without a cost, stops at a tree of the fewest errors, as
	// STreeD, MurTree and ConTree do, of whatever size: the search for the
	// fewest branching nodes among those trees, which can take longer than
	// the errors themselves, is left out.
	AnySize bool
	// Progress, if not nil, is called whenever the best tree or the lower
	// bound improves, from one goroutine at a time.
	Progress func(Progress)
}

// Progress reports the state of an anytime search.
type Progress struct {
	Errors     int // of the best tree so far
	Branches   int
	ErrorBound int     // as in Result
	Bound      float64 // as in Result
}

// Result is what Solve found.
type Result struct {
	// Root is the best tree found; with Optimal, an optimal one.
	Root     *tree.Node
	Errors   int // records that Root misclassifies
	Branches int // Root's branching nodes
	// Objective is Errors + CostPerBranch·records·Branches: Errors
	// without a cost.
	Objective float64
	// Bound is a proven lower bound on the objective of every tree within
	// the depth and branch budgets; it equals Objective when Optimal.
	Bound float64
	// ErrorBound is a proven lower bound on the errors of every tree within
	// the budgets, which Bound gives without a cost; with one, the search
	// proves bounds on the objective only, and ErrorBound is 0.
	ErrorBound int
	// Optimal reports that Root is proven to minimize the objective and,
	// unless Options.AnySize, among the trees that do, the branching
	// nodes.
	Optimal bool
	Stats   Stats
}

// Stats count the work of a search.
type Stats struct {
	Subproblems int // calls on a set of items, depth and budget
	CacheHits   int // subproblems answered or bounded by the cache
	Depth2      int // sets solved by the depth-two solver
	Incremental int // of those, counts updated from another set's
	Pruned      int // splits skipped because bounds showed they cannot win
	Items       int // distinct feature vectors with a class
	Features    int // features searched, after dropping redundant ones
}

// Solve finds a tree of depth at most opt.MaxDepth with at most
// opt.MaxBranches branching nodes that misclassifies the fewest records of
// ds, or minimizes errors + CostPerBranch·records·branches with a cost;
// among those trees it has the fewest branching nodes, unless
// opt.AnySize. Examples with
// Counts (dataset.Count) stand for that many records of each class; others
// for one record of their class.
//
// When ctx ends first, Solve returns the best tree found, never worse than
// a greedy one, with Optimal false and ctx's error.
func Solve(ctx context.Context, ds *dataset.Dataset, opt Options) (*Result, error) {
	if err := opt.Validate(); err != nil {
		return nil, fmt.Errorf("minerr: %w", err)
	}
	x, err := pack(ctx, ds)
	if ctx.Err() != nil && err != nil {
		return Majority(ds), fmt.Errorf("minerr: %w", err)
	}
	if err != nil {
		return nil, err
	}
	s := newSearch(x, opt)
	var release func()
	s.progress, release = Watch(ctx, &s.stop, s.progress)
	defer release()
	best, bound := s.run()
	if !opt.AnySize && s.order.Cost == 0 && best.s.E == 0 && s.better(bound, best.s) && !s.stop.Load() {
		return consistent(ctx, ds, opt.MaxDepth, s.tree(best), s.stats)
	}
	// s.order may still rank by errors alone, as the first phase does;
	// the result is ranked as the caller asked.
	order := objective.Order{Cost: s.order.Cost, ErrorsOnly: opt.AnySize}
	return Outcome(ctx, "minerr", s.tree(best), best.s, bound, order, s.stats)
}

// consistent returns the tree with the fewest branching nodes of depth at
// most d that makes no error, given one, t. The zero-error engine dp
// proves that faster than a search for least errors, whose bounds on
// errors are all 0 there.
func consistent(ctx context.Context, ds *dataset.Dataset, d int, t *tree.Node, st Stats) (*Result, error) {
	root, err := fewestLeaves(ctx, ds, d, t)
	res := &Result{Root: root, Branches: root.Leaves() - 1, Optimal: err == nil, Stats: st}
	if err != nil {
		return res, fmt.Errorf("minerr: %w", err)
	}
	return res, nil
}

// fewestLeaves returns what consistent does, by dp: the fewest leaves at
// the least depth, then at each depth after it, give each search a close
// bound to start from. When ctx ends it returns the best tree it has, with
// ctx's error.
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

// tree turns a solution into a tree over the dataset's features.
func (s *search) tree(t *sol) *tree.Node {
	if t.feature < 0 {
		return tree.Leaf(int(t.class))
	}
	return tree.Split(s.x.feature[t.feature], s.tree(t.f), s.tree(t.t))
}

// newSearch prepares a search of x.
func newSearch(x *data, opt Options) *search {
	s := &search{
		x:        x,
		order:    objective.Order{Cost: opt.CostPerBranch * float64(x.records)},
		anySize:  opt.AnySize,
		top:      opt.MaxDepth,
		budget:   MaxBranches(opt.MaxDepth),
		cache:    make(map[key]entry),
		progress: opt.Progress,
	}
	if opt.MaxBranches > 0 {
		s.budget = min(s.budget, opt.MaxBranches)
	}
	s.stats.Items, s.stats.Features = x.n, x.m
	// The depth-two solver keeps a count per class and pair of features;
	// beyond a few hundred megabytes the search recurses to depth one.
	if cells := x.classes * x.m * x.m; cells <= 1<<25 {
		s.counters = [2]*counter{newCounter(x), newCounter(x)}
	}
	s.frames = make([]frame, opt.MaxDepth+1)
	return s
}

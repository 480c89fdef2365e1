package minerr

import (
	"context"
	"fmt"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/objective"
	"github.com/odtx/odtx/tree"
)

// Solve is an objective.Solver: it finds the tree of the objective
// (package objective) that opt asks for, trying the binary tests one by
// one, MurTree's way.
//
// When ctx ends first, Solve returns the best tree found, never worse than
// a greedy one, with the bound proven, and ctx's error.
func Solve(ctx context.Context, ds *dataset.Dataset, opt objective.Options) (*objective.Result, error) {
	x, stopped, err := objective.Start(ctx, "minerr", ds, opt, pack)
	if err != nil {
		return stopped, err
	}
	s := newSearch(x, opt)
	defer objective.Watch(ctx, &s.stop, &s.progress)()
	best, bound := s.run()
	if s.handOff && best.S.E == 0 && s.better(bound, best.S) && !s.stop.Load() {
		return consistent(ctx, ds, opt, s.tree(best), s.stats)
	}
	// s.order may still rank by errors alone, as the first phase does;
	// the result is ranked as the caller asked.
	order := objective.Order{Cost: s.order.Cost, ErrorsOnly: opt.AnySize}
	return objective.Outcome(ctx, s.tree(best), best.S, bound, order, s.stats)
}

// consistent returns the tree with the fewest branching nodes of depth at
// most d that makes no error, given one, t, by opt.Consistent.
func consistent(ctx context.Context, ds *dataset.Dataset, opt objective.Options, t *tree.Node, st objective.Stats) (*objective.Result, error) {
	root, err := opt.Consistent(ctx, ds, opt.MaxDepth, t)
	res := &objective.Result{Root: root, Branches: root.Leaves() - 1, Optimal: err == nil, Stats: st}
	if res.Optimal {
		res.Proven = objective.Score{B: res.Branches}
	}
	if err != nil {
		return res, fmt.Errorf("minerr: %w", err)
	}
	return res, nil
}

// tree turns a solution into a tree over the dataset's features.
func (s *search) tree(t *sol) *tree.Node {
	return t.Tree(func(f int) int { return s.x.feature[f] })
}

// newSearch prepares a search of x.
func newSearch(x *data, opt objective.Options) *search {
	s := &search{
		x:        x,
		order:    objective.Order{Cost: opt.CostPerBranch * float64(x.records)},
		anySize:  opt.AnySize,
		handOff:  opt.Consistent != nil && !opt.AnySize && opt.CostPerBranch == 0 && opt.MinLeaf <= 1,
		off:      opt.Off,
		minLeaf:  opt.LeastLeaf(),
		top:      opt.MaxDepth,
		budget:   objective.RootBudget(opt.MaxDepth, opt.MaxBranches, x.records),
		cache:    objective.NewCache(opt.CacheBytes),
		progress: opt.Progress,
		upper:    opt.UpperBound,
		outer:    objective.None,
	}
	if opt.MinLeaf > 1 {
		// The sides of the features tried before bound a side only by
		// moving items into and out of its leaves (see siblings).
		s.off.Similarity = true
	}
	s.stats.Items, s.stats.Features = x.n, x.m
	// The depth-two solver keeps a count per class and pair of features;
	// beyond a few hundred megabytes, it counts them in bands.
	switch cells := x.classes * x.m * x.m; {
	case opt.Off.PairCounts:
	case cells <= 1<<25:
		s.counters = [2]*counter{newCounter(x), newCounter(x)}
	default:
		s.wide = newWide(x, &s.stop, max(1, wideCells/(x.classes*x.m)))
	}
	s.frames = make([]frame, opt.MaxDepth+1)
	return s
}

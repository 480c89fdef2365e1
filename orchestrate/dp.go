package orchestrate

import (
	"context"
	"sync"
	"time"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/dp"
	"github.com/odtx/odtx/greedy"
	"github.com/odtx/odtx/internal/classbound"
	"github.com/odtx/odtx/tree"
)

// greedyOnce returns the greedy tree of ds (package greedy), grown once
// when first asked for, however many searches ask: auto's dp and ladder
// both start from it, and on thousands of thresholds it takes a second.
func greedyOnce(ctx context.Context, ds *dataset.Dataset) func() *tree.Node {
	return sync.OnceValue(func() *tree.Node { return greedy.Tree(ctx, ds) })
}

// learnDP is Learn on the DP engine, with grown the greedy tree (see
// greedyOnce). Its trees, like the greedy tree, test only features that
// split the examples reaching them, so unlike the SAT engine's they need
// no tidying.
func learnDP(ctx context.Context, ds *dataset.Dataset, opt Options, grown func() *tree.Node) (*Result, error) {
	start := time.Now()
	dopt := dp.Options{CacheBytes: opt.CacheBytes}
	if opt.Progress != nil {
		dopt.Progress = func(p dp.Progress) {
			opt.Progress(Progress{Engine: DP, Depth: p.Depth, MaxLeaves: p.MaxLeaves, Examples: p.Examples, Calls: p.Rounds, Elapsed: p.Elapsed})
		}
	}
	// The greedy tree is what a search stopped early gives. Grown only
	// then, it would overrun the time limit by as long as it takes, a
	// second on thousands of features, so it grows beside the search, and
	// finishes at once when ctx ends.
	fallback := make(chan *tree.Node, 1)
	go func() { fallback <- grown() }()
	s, err := dp.New(ctx, ds, dopt)
	if err != nil {
		// Stopped before the search began: nothing proven but what the
		// classes need.
		return &Result{Root: <-fallback, Engine: DP, MinDepth: classbound.Depth(ds.ClassesPresent()), ProvenBy: proof(DP, Depth, 0)}, err
	}
	res := &Result{Engine: DP}
	finish := func(err error) (*Result, error) {
		res.MinDepth = s.DepthBound()
		if opt.Mode == Size && res.Root.Depth() == res.MinDepth {
			res.MinNodes = 2*s.LeafBound(res.MinDepth) - 1
		}
		res.Optimal = err == nil

		res.ProvenBy = proof(DP, opt.Mode, res.MinNodes)
		res.Used = s.Used()
		st := s.Stats()
		res.Stats = tree.Stats{ExamplesUsed: len(res.Used), Rounds: st.Rounds, Subproblems: st.Subproblems, Seconds: time.Since(start).Seconds()}
		return res, err
	}
	root, err := s.MinDepth(ctx)
	if err != nil {
		res.Root = <-fallback
		return finish(err)
	}
	res.Root = root
	if opt.Mode == Size {
		res.Root, err = s.MinLeaves(ctx, root.Depth(), root)
	}
	return finish(err)
}

package orchestrate

import (
	"context"
	"time"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/dp"
	"github.com/odtx/odtx/greedy"
	"github.com/odtx/odtx/internal/classbound"
	"github.com/odtx/odtx/tree"
)

// learnDP is Learn on the DP engine. Its trees, like the greedy tree,
// test only features that split the examples reaching them, so unlike the
// SAT engine's they need no tidying.
func learnDP(ctx context.Context, ds *dataset.Dataset, opt Options) (*Result, error) {
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
	go func() { fallback <- greedy.Tree(ctx, ds) }()
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

package orchestrate

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"sync"
	"time"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/classbound"
	"github.com/odtx/odtx/objective"
	"github.com/odtx/odtx/tree"
)

// learnLadder is Learn in the Depth and Size modes on an engine of the
// fewest errors, MinErr or Ordered, which it asks, at a depth, for a tree
// that beats one error: only a tree without errors does, and both engines
// prune by that bound. Two searches share the depths between them. One
// climbs from the least depth the classes allow, each depth where no tree
// beats one error ruling it and all below out. The other descends from
// the depth of the greedy tree, grown, a shallower consistent tree each
// time, since deep trees without errors are found at once where shallow
// ones take long to rule out. They meet at the least depth. In Size mode
// a last search at that depth counts branching nodes too, for the tree of
// fewest nodes.
//
// On numeric columns of thousands of thresholds, which dp and sat weigh
// each as a feature of its own, Ordered searches a column's cuts by
// intervals, and a search that only pure leaves satisfy closes most of
// them at once.
func learnLadder(ctx context.Context, ds *dataset.Dataset, opt Options, e Engine, grown func() *tree.Node) (*Result, error) {
	if err := ladderTakes(ds, e); err != nil {
		return nil, err
	}
	l := &ladder{ds: ds, opt: opt, e: e, start: time.Now(), lo: classbound.Depth(ds.ClassesPresent()), hi: math.MaxInt,
		climbing: searching{depth: -1}, descending: searching{depth: -1}}
	// The two searches share the memory one search has by default.
	l.cacheBytes = part(cmp.Or(opt.CacheBytes, objective.DefaultCacheBytes), 2)
	ctx, l.stop = context.WithCancel(ctx)
	defer l.stop()
	l.mu.Lock()
	l.report(0)
	l.mu.Unlock()
	var wg sync.WaitGroup
	wg.Go(func() { l.climb(ctx) })
	wg.Go(func() {
		l.found(grown())
		l.descend(ctx)
	})
	wg.Wait()
	res := &Result{Engine: e, Root: l.root, MinDepth: l.lo}
	err := l.err
	if err == nil && l.lo < l.hi {
		// The searches stopped before they met.
		err = ctx.Err()
		if err == nil {
			err = fmt.Errorf("no tree without errors of depth %d or less, the deepest the %s engine searches, and the greedy tree's is %d", objective.DeepestSearch, e, l.hi)
		}
	}
	if err == nil && opt.Mode == Size {
		err = l.fewestNodes(ctx, res)
	}
	res.Optimal = err == nil
	res.ProvenBy = proof(e, opt.Mode, res.MinNodes)
	res.Stats = tree.Stats{ExamplesUsed: len(ds.Examples), Rounds: l.searches, Subproblems: l.subproblems, Seconds: time.Since(l.start).Seconds()}
	return res, err
}

// ladderTakes says why learnLadder cannot search ds on e, if it cannot.
func ladderTakes(ds *dataset.Dataset, e Engine) error {
	// The engines weigh every record of an example's Counts (dataset.Count),
	// where the zero-error engines take its Class alone; and they give it
	// one class, where a tie allows any of its majority's.
	if i := slices.IndexFunc(ds.Examples, disagrees); i >= 0 {
		return fmt.Errorf("%s:%d: identical rows disagree on their labels, which the %s engine cannot weigh without errors: use sat or dp (or auto)", ds.Name, ds.Examples[i].Line, e)
	}
	if n := len(ds.Classes); e == Ordered && n > math.MaxInt16 {
		return fmt.Errorf("%d classes, more than the %d the %s engine holds: use sat or dp (or auto)", n, math.MaxInt16, e)
	}
	return nil
}

// disagrees reports whether ex stands for records of more than one label,
// counted or tied.
func disagrees(ex dataset.Example) bool {
	for k, c := range ex.Counts {
		if c > 0 && k != ex.Class {
			return true
		}
	}
	return len(ex.Tied) > 0
}

// ladder is the state the two searches of learnLadder share.
type ladder struct {
	ds    *dataset.Dataset
	opt   Options
	e     Engine
	start time.Time
	stop  context.CancelFunc // both searches, on an error
	// cacheBytes bounds the caches of each search, which the two run at
	// once.
	cacheBytes int64

	mu   sync.Mutex
	lo   int        // no consistent tree is shallower
	hi   int        // root's depth: MaxInt before the greedy tree
	root *tree.Node // the shallowest consistent tree found
	// Of the search of each direction, the depth it searches (-1 for
	// none) and how to stop it once the other has settled that depth.
	climbing, descending  searching
	searches, subproblems int
	err                   error // the first that is not a context's
}

type searching struct {
	depth  int
	cancel context.CancelFunc
}

// climb searches depth lo, for as long as it is below hi; while the
// descent searches lo, the depth after it.
func (l *ladder) climb(ctx context.Context) {
	l.run(ctx, &l.climbing, func() int {
		d := l.lo
		if d == l.descending.depth {
			d++
		}
		if d >= l.hi || d > objective.DeepestSearch {
			return -1
		}
		return d
	})
}

// descend searches depth hi-1, for as long as it is above lo, which the
// climb searches.
func (l *ladder) descend(ctx context.Context) {
	l.run(ctx, &l.descending, func() int {
		d := min(l.hi-1, objective.DeepestSearch)
		if d <= l.lo {
			return -1
		}
		return d
	})
}

// run searches, until next says -1, the depth next picks, with l.mu held,
// for a tree without errors, through s, which the other search may
// cancel.
func (l *ladder) run(ctx context.Context, s *searching, next func() int) {
	for ctx.Err() == nil {
		l.mu.Lock()
		d := next()
		if d < 0 {
			l.mu.Unlock()
			return
		}
		var sctx context.Context
		sctx, s.cancel = context.WithCancel(ctx)
		s.depth = d
		l.searches++
		l.mu.Unlock()
		r, err := l.search(sctx, d, objective.Score{E: 1}, true)
		l.mu.Lock()
		s.cancel()
		s.depth = -1
		l.mu.Unlock()
		// A search stopped, by ctx or because the other settled d, still
		// holds a tree and a bound the Solver proved.
		switch {
		case r != nil && r.Errors == 0:
			l.found(r.Root)
		case r != nil && r.Proven.E > 0:
			l.ruledOut(d)
		case err != nil && sctx.Err() == nil:
			l.fail(fmt.Errorf("%s engine at depth %d: %w", l.e, d, err))
		case err == nil:
			l.fail(fmt.Errorf("internal error: the %s engine ended at depth %d without a tree of no errors or a proof that none exists", l.e, d))
		}
	}
}

// search asks the engine for a tree of depth at most d that beats beat,
// of any size if anySize, and counts its work.
func (l *ladder) search(ctx context.Context, d int, beat objective.Score, anySize bool) (*objective.Result, error) {
	r, err := l.e.solver()(ctx, l.ds, objective.Options{MaxDepth: d, AnySize: anySize, Off: l.opt.Off, CacheBytes: l.cacheBytes,
		UpperBound: func() objective.Score { return beat }})
	if r != nil {
		l.mu.Lock()
		l.subproblems += r.Stats.Subproblems
		l.mu.Unlock()
	}
	return r, err
}

// found takes root, a consistent tree, if it is shallower than the one
// held.
func (l *ladder) found(root *tree.Node) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if d := root.Depth(); d < l.hi {
		l.root, l.hi = root, d
		l.settle()
	}
}

// ruledOut takes the proof that no consistent tree is of depth d or less.
func (l *ladder) ruledOut(d int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if d+1 > l.lo {
		l.lo = d + 1
		l.report(0)
		l.settle()
	}
}

// settle stops a search whose depth lo and hi have settled, with l.mu
// held.
func (l *ladder) settle() {
	for _, s := range []*searching{&l.climbing, &l.descending} {
		if s.cancel != nil && s.depth >= 0 && (s.depth < l.lo || s.depth >= l.hi) {
			s.cancel()
		}
	}
}

// fail stops both searches with err, unless one failed first.
func (l *ladder) fail(err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.err == nil {
		l.err = err
	}
	l.stop()
}

// report passes the depth no search has ruled out on to the caller's
// Progress, and the leaves searched for, with l.mu held.
func (l *ladder) report(maxLeaves int) {
	if l.opt.Progress != nil {
		l.opt.Progress(Progress{Engine: l.e, Depth: l.lo, MaxLeaves: maxLeaves, Examples: len(l.ds.Examples), Calls: l.searches, Elapsed: time.Since(l.start)})
	}
}

// fewestNodes searches the least depth for a consistent tree of fewer
// branching nodes than res.Root's, and sets res's node bound.
func (l *ladder) fewestNodes(ctx context.Context, res *Result) error {
	branches := res.Root.Leaves() - 1
	l.mu.Lock()
	l.searches++
	l.report(max(branches, 1))
	l.mu.Unlock()
	r, err := l.search(ctx, res.MinDepth, objective.Score{B: branches}, false)
	if err != nil && ctx.Err() == nil {
		err = fmt.Errorf("%s engine, fewest nodes at depth %d: %w", l.e, res.MinDepth, err)
	}
	if r == nil {
		return err
	}
	if r.Errors == 0 && r.Branches < branches {
		res.Root, branches = r.Root, r.Branches
	}
	switch {
	case err == nil:
		res.MinNodes = 2*branches + 1
	case r.Proven.E == 0:
		// A tree of depth d has d branching nodes at least.
		res.MinNodes = 2*max(r.Proven.B, res.MinDepth) + 1
	}
	return err
}

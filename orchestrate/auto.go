package orchestrate

import (
	"cmp"
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"github.com/odtx/odtx/dataset"
)

// headStart is how long the Auto engine runs the DP engine alone before it
// starts the SAT engine beside it: long enough for the DP engine to finish
// the datasets it is fast on, where the SAT engine would only take half of
// a core.
const headStart = 2 * time.Second

// ladderHeadStart is how long the Auto engine runs the DP engine alone
// before Ordered's ladder joins it on numeric data: the small data DP
// settles at once keeps DP's tree, the same from one run to the next,
// where the first of two proofs would pick one of their optimal trees.
var ladderHeadStart = 100 * time.Millisecond

// learnAuto is Learn on the Auto engine: the DP engine alone for
// headStart, then the SAT engine beside it, starting at the depth DP has
// ruled out. On data whose fewest errors Ordered searches (errorsEngine),
// numeric columns of many thresholds, Ordered's ladder of depths
// (learnLadder) joins DP after ladderHeadStart instead of SAT, whose
// encoding of every threshold as a feature takes gigabytes there. The
// first to prove its answer stops the other; when the context ends first,
// the answer is the better tree of the two and the stronger of their
// bounds.
func learnAuto(ctx context.Context, ds *dataset.Dataset, opt Options) (*Result, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type outcome struct {
		res *Result
		err error
	}
	var (
		mu       sync.Mutex // one progress report at a time
		floor    atomic.Int64
		open     int // the shallowest depth no engine has ruled out
		report   = opt.Progress
		outcomes = make(chan outcome, 2)
		running  int
	)
	opt.Progress = func(p Progress) {
		mu.Lock()
		defer mu.Unlock()
		if p.MaxLeaves == 0 {
			// Each engine's bound holds for all.
			open = max(open, p.Depth)
			floor.Store(int64(open))
			p.Depth = open
		}
		if report != nil {
			report(p)
		}
	}
	race := func(learn func(Options) (*Result, error), opt Options) {
		running++
		go func() {
			res, err := learn(opt)
			outcomes <- outcome{res, err}
		}()
	}
	second := func(o Options) (*Result, error) { return learnSAT(ctx, ds, o, int(floor.Load())) }
	grown := greedyOnce(ctx, ds)
	after, dopt, sopt := headStart, opt, opt
	if errorsEngine(ds) == Ordered && ladderTakes(ds, Ordered) == nil {
		second = func(o Options) (*Result, error) { return learnLadder(ctx, ds, o, Ordered, grown) }
		after = ladderHeadStart
		dopt.CacheBytes = part(opt.CacheBytes, 2)
		sopt.CacheBytes = dopt.CacheBytes
	}
	race(func(o Options) (*Result, error) { return learnDP(ctx, ds, o, grown) }, dopt)
	headStartOver := time.After(after)
	var stopped []outcome
	for len(stopped) < running {
		select {
		case o := <-outcomes:
			if o.err == nil || !isStop(o.err) {
				// A proof, or a failure: the others are not needed.
				cancel()
				for range running - len(stopped) - 1 {
					<-outcomes
				}
				return o.res, o.err
			}
			stopped = append(stopped, o)
		case <-headStartOver:
			headStartOver = nil
			if ctx.Err() == nil {
				race(second, sopt)
			}
		}
	}
	// The context ended: every engine stopped with what it has.
	res := stopped[0].res
	for _, o := range stopped[1:] {
		res = merge(res, o.res)
	}
	return res, stopped[0].err
}

// isStop reports whether err says that a context ended.
func isStop(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// merge returns the better tree of two stopped searches with the stronger
// of their bounds, each credited to the engine that proved it.
func merge(a, b *Result) *Result {
	if b.Root.Beats(a.Root) {
		a, b = b, a
	}
	r := *a
	if b.MinDepth > r.MinDepth {
		r.MinDepth, r.ProvenBy.Depth = b.MinDepth, b.ProvenBy.Depth
	}
	if b.Root.Depth() == r.Root.Depth() && b.MinNodes > r.MinNodes {
		r.MinNodes, r.ProvenBy.Nodes = b.MinNodes, b.ProvenBy.Nodes
	}
	if r.MinDepth < r.Root.Depth() {
		r.MinNodes, r.ProvenBy.Nodes = 0, ""
	}
	r.Solver = cmp.Or(r.Solver, b.Solver)
	// Each engine counts its own work; the run did both.
	r.Stats.SolverCalls += b.Stats.SolverCalls
	r.Stats.Variables += b.Stats.Variables
	r.Stats.Clauses += b.Stats.Clauses
	r.Stats.Rounds += b.Stats.Rounds
	r.Stats.Subproblems += b.Stats.Subproblems
	r.Stats.ExamplesUsed = max(r.Stats.ExamplesUsed, b.Stats.ExamplesUsed)
	r.Stats.Seconds = max(r.Stats.Seconds, b.Stats.Seconds)
	return &r
}

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

// learnAuto is Learn on the Auto engine: the DP engine alone for
// headStart, then both engines side by side, the SAT engine starting at
// the depth the DP engine has ruled out. The first to prove its answer
// stops the other; when the context ends first, the answer is the better
// tree of the two and the stronger of their bounds.
func learnAuto(ctx context.Context, ds *dataset.Dataset, opt Options) (*Result, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type outcome struct {
		res *Result
		err error
	}
	var (
		mu       sync.Mutex // one progress report at a time
		dpFloor  atomic.Int64
		open     int // the shallowest depth neither engine has ruled out
		report   = opt.Progress
		outcomes = make(chan outcome, 2)
	)
	opt.Progress = func(p Progress) {
		mu.Lock()
		defer mu.Unlock()
		if p.Engine == DP && p.MaxLeaves == 0 {
			dpFloor.Store(int64(p.Depth))
		}
		if p.MaxLeaves == 0 {
			// Each engine's bound holds for both.
			open = max(open, p.Depth)
			p.Depth = open
		}
		if report != nil {
			report(p)
		}
	}
	go func() {
		res, err := learnDP(ctx, ds, opt)
		outcomes <- outcome{res, err}
	}()
	running := 1
	var first outcome
	select {
	case first = <-outcomes:
		return first.res, first.err
	case <-time.After(headStart):
	case <-ctx.Done():
	}
	if ctx.Err() == nil {
		running++
		go func() {
			res, err := learnSAT(ctx, ds, opt, int(dpFloor.Load()))
			outcomes <- outcome{res, err}
		}()
	}
	first = <-outcomes
	if running == 1 || first.err == nil || !isStop(first.err) {
		cancel()
		if running == 2 {
			<-outcomes
		}
		return first.res, first.err
	}
	// The context ended: both engines stop with what they have.
	second := <-outcomes
	if second.err != nil && !isStop(second.err) {
		return second.res, second.err
	}
	return merge(first.res, second.res), first.err
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

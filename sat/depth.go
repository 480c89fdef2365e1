package sat

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// answer is what a depth probe found.
type answer struct {
	k     int
	p     *probe // nil if the probe could not start
	found bool   // a tree of depth k
	err   error
}

// depthSearch finds the smallest depth with a consistent tree by probing up
// to Options.Probes depths at once, each on its own goroutine and solver;
// until Options.Stagger has passed, one depth at a time.
// Its fields belong to the goroutine of run; a probe touches only the
// search, which has its own lock, and sends its answer on answers.
//
// Between two answers:
//
//   - Depths start in increasing order from the lower bound given; next is
//     the shallowest not started. Every depth below next is in flight or
//     answered.
//   - inFlight holds, for every depth started and not answered, the cancel
//     function of its probe.
//   - best is the probe of the shallowest depth that found a tree, kept
//     open for the node search, or nil. Every deeper probe is cancelled,
//     as it can only find a worse tree; every shallower one has started,
//     so none starts once best is set.
//   - The proven lower bound is the Search's depthLB: an UNSAT at
//     depth k raises it to k+1 (Search.refute), unless a tree as shallow
//     is in hand, which proves the solver wrong.
//   - failure is the first error that ends the search; it cancels every
//     probe, and none starts after it.
//
// Once nothing is in flight, and failure is nil, every depth below best's
// has answered UNSAT, so best's is the smallest.
//
// Errors reach run as answers rather than through an errgroup: an error
// from a probe cancelled for a shallower tree is no failure, and only run
// can tell.
type depthSearch struct {
	s        *Search
	stop     context.CancelFunc // cancels every probe
	probes   sync.WaitGroup
	answers  chan answer
	inFlight map[int]context.CancelFunc // by depth
	next     int
	best     *probe
	failure  error
	wide     bool // Stagger has passed: up to Probes probes run at once
	// settled is set, with Options.DepthOnly, once the tree in hand meets
	// the proven bound: the probes in flight are cancelled, their answers
	// moot.
	settled bool
}

// minDepth runs a depthSearch from the lower bound in s.depthLB, and returns the
// probe of the depth it settles on, open, for the node search.
func (s *Search) minDepth(ctx context.Context) (*probe, error) {
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	d := &depthSearch{
		s:        s,
		stop:     stop,
		answers:  make(chan answer),
		inFlight: map[int]context.CancelFunc{},
		next:     s.depthLB,
	}
	return d.run(ctx)
}

func (d *depthSearch) run(ctx context.Context) (*probe, error) {
	var widen <-chan time.Time
	if d.s.opt.Stagger > 0 {
		t := time.NewTimer(d.s.opt.Stagger)
		defer t.Stop()
		widen = t.C
	} else {
		d.wide = true
	}
	d.startAll(ctx)
	for len(d.inFlight) > 0 {
		select {
		case a := <-d.answers:
			d.take(a)
		case <-widen:
			d.wide, widen = true, nil
		}
		d.startAll(ctx)
	}
	d.probes.Wait()
	switch {
	case d.failure != nil:
		if d.best != nil {
			d.best.close()
		}
		return nil, d.failure
	case d.best == nil && !d.settled:
		// Every other way ends in a tree or a failure: the floor the
		// search was given lies above the tree in hand.
		return nil, fmt.Errorf("the lower bound, depth %d, is above a consistent tree of depth %d", d.s.depthLB, d.s.depthInHand())
	}
	return d.best, nil
}

// startAll starts probes until Options.Probes are in flight (one until Stagger has
// passed) or no depth is worth probing. No depth beyond the tree in hand
// can do better, and without that bound a solver that wrongly answers UNSAT
// would be probed ever deeper, on ever larger formulas.
func (d *depthSearch) startAll(ctx context.Context) {
	if d.s.opt.DepthOnly && !d.settled && d.s.optimumInHand() {
		d.settled = true
		for _, cancel := range d.inFlight {
			cancel()
		}
	}
	limit := 1
	if d.wide {
		limit = max(d.s.opt.Probes, 1)
	}
	for d.best == nil && d.failure == nil && !d.settled && d.next <= d.s.depthInHand() && len(d.inFlight) < limit {
		k := d.next
		d.next++
		pctx, cancel := context.WithCancel(ctx)
		d.inFlight[k] = cancel
		d.probes.Go(func() { d.answers <- d.s.probeDepth(pctx, k) })
	}
}

// probeDepth opens a probe for depth k and runs the incremental loop on it.
func (s *Search) probeDepth(ctx context.Context, k int) answer {
	a := answer{k: k}
	if a.p, a.err = s.newProbe(k); a.err == nil {
		root, err := a.p.solve(ctx, 0)
		a.found, a.err = root != nil, err
	}
	return a
}

// take weighs the answer of a probe, which is then no longer in flight.
func (d *depthSearch) take(a answer) {
	d.inFlight[a.k]()
	delete(d.inFlight, a.k)
	switch {
	case a.err == nil && !a.found:
		// Even a probe cancelled for a shallower tree may have
		// answered first, and its UNSAT is then provably wrong.
		if err := d.s.refute(a.k, a.p.unsatBy); err != nil {
			d.fail(err)
		}
	case d.deeperThanBest(a.k) || d.settled:
		// cancelled for a tree in hand; its answer no longer matters
	case a.err != nil:
		d.fail(a.err)
	default: // a tree, shallower than any before
		if d.best != nil {
			d.best.close()
		}
		d.best = a.p
		a.p = nil // kept open
		for k, cancel := range d.inFlight {
			if d.deeperThanBest(k) {
				cancel()
			}
		}
	}
	if a.p != nil {
		a.p.close()
	}
}

// deeperThanBest reports whether a tree has been found shallower than k.
func (d *depthSearch) deeperThanBest(k int) bool {
	return d.best != nil && k > d.best.enc.Depth()
}

// fail ends the search with err, unless it has failed already.
func (d *depthSearch) fail(err error) {
	if d.failure == nil {
		d.failure = err
		d.stop()
	}
}

package orchestrate

import (
	"context"
	"fmt"

	"golang.org/x/sync/errgroup"
)

// answer is what a depth probe found.
type answer struct {
	k   int
	p   *probe // nil if the probe could not start
	sat bool
	err error
}

// minDepth finds the smallest depth with a consistent tree, probing up to
// Jobs depths at once. A tree at depth k cancels every deeper probe; the
// answer is final once every shallower probe has proven its depth
// impossible. It returns the probe of that depth, open, for the node search.
func (s *search) minDepth(ctx context.Context) (*probe, error) {
	ctx, cancelAll := context.WithCancel(ctx)
	defer cancelAll()
	var (
		g       errgroup.Group
		answers = make(chan answer)
		cancels = map[int]context.CancelFunc{}
		next    = s.res.MinDepth // the next depth to probe
		best    *probe
		bestK   = -1
		failure error
	)
	launch := func() {
		k := next
		next++
		pctx, cancel := context.WithCancel(ctx)
		cancels[k] = cancel
		g.Go(func() error {
			a := answer{k: k}
			if a.p, a.err = s.newProbe(k); a.err == nil {
				root, err := a.p.solve(pctx, 0)
				a.sat, a.err = root != nil, err
			}
			answers <- a
			return nil
		})
	}
	fail := func(err error) {
		if failure == nil {
			failure = err
			cancelAll()
		}
	}
	// No depth beyond the tree in hand can do better, and without that
	// bound a solver that wrongly answers UNSAT would be probed ever
	// deeper, on ever larger formulas.
	canLaunch := func() bool {
		return bestK < 0 && failure == nil && next <= s.depthInHand() && len(cancels) < max(s.opt.Jobs, 1)
	}
	for canLaunch() {
		launch()
	}
	for len(cancels) > 0 {
		a := <-answers
		cancels[a.k]()
		delete(cancels, a.k)
		switch {
		case a.err == nil && !a.sat:
			// Even a probe cancelled for a shallower tree may have
			// answered first, and its UNSAT is then provably wrong.
			if err := s.refute(a.k); err != nil {
				fail(err)
			}
		case bestK >= 0 && a.k > bestK:
			// cancelled for a shallower tree; its answer no longer matters
		case a.err != nil:
			fail(a.err)
		case a.sat:
			if best != nil {
				best.close()
			}
			best, bestK = a.p, a.k
			a.p = nil // kept open
			for k, cancel := range cancels {
				if k > bestK {
					cancel()
				}
			}
		default:
			s.refute(a.k)
		}
		if a.p != nil {
			a.p.close()
		}
		for canLaunch() {
			launch()
		}
	}
	g.Wait()
	switch {
	case failure != nil:
		if best != nil {
			best.close()
		}
		return nil, failure
	case best == nil:
		// Every other way ends in a tree or a failure: the floor the
		// search was given lies above the tree in hand.
		return nil, fmt.Errorf("the lower bound, depth %d, is above a consistent tree of depth %d", s.res.MinDepth, s.depthInHand())
	}
	return best, nil
}

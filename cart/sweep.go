package cart

import (
	"sync"
	"sync/atomic"

	"github.com/odtx/odtx/tree"
)

// sweep returns the best split of nd by a test of column c, or none: one
// pass over the node's entries in the order of their codes, which scores
// every cut between two codes (with the records up to it on one side and
// the rest on the other) and every code against the others, from running
// class counts and sums of their squares, of those that leave g.minLeaf
// records or more on each side.
//
// The missing values of a column sort last. Where the node has some, the
// pass scores the cuts among the others with them on the false side; then
// sweepMissing scores the cuts with them on the true side, and last the
// cut between the others and them, in the order scikit-learn tries them.
func (g *grower) sweep(w *worker, c *column, nd *node) split {
	best := none
	ent := c.ent[nd.lo:nd.hi]
	present := len(ent) // the entries of a value
	for c.miss != 0 && present > 0 && ent[present-1].code == c.miss {
		present--
	}
	left, right, group := w.left, w.right, w.group
	clear(left)
	copy(right, nd.counts)
	n := nd.n
	var nL, sqL uint64
	sqR := nd.sq
	var nG, sqG, dot uint64 // dot is Σ counts·group
	start := 0              // of the code's entries
	for i, e := range ent {
		wt, k := g.weight(e.item), e.class
		shift(left, right, k, wt, &sqL, &sqR)
		nL += wt
		if c.eq != nil {
			sqG += wt * (2*group[k] + wt)
			dot += wt * nd.counts[k]
			group[k] += wt
			nG += wt
		}
		last := i+1 == len(ent)
		if !last && ent[i+1].code == e.code {
			continue
		}
		if !last && i+1 != present {
			f := cut(c.ge, c.geCode, e.code, ent[i+1].code)
			if f < 0 && present == len(ent) {
				// Without missing values at the node, a test that they
				// satisfy cuts alike, where a coarser set of cuts has no
				// other.
				f = cut(c.yes, c.yesCode, e.code, ent[i+1].code)
			}
			if f >= 0 && g.sides(nL, n) {
				best.offer(int(f), sqL, nL, sqR, n-nL)
			}
		}
		if c.eq != nil {
			if f := c.eq[e.code]; f >= 0 && g.sides(nG, n) {
				// Σ(counts−group)² = Σcounts² − 2·dot + Σgroup², in
				// arithmetic that wraps around where it passes below 0 on
				// its way to a result that does not.
				best.offer(int(f), sqG, nG, nd.sq-2*dot+sqG, n-nG)
			}
			for _, e := range ent[start : i+1] {
				group[e.class] = 0
			}
			nG, sqG, dot = 0, 0, 0
		}
		start = i + 1
	}
	if present > 0 && present < len(ent) {
		g.sweepMissing(w, c, nd, ent[:present], ent[present:], &best)
	}
	return best
}

// sweepMissing offers best the splits of nd, whose entries of c are
// present, those of a value, then missing, that send the missing ones to
// the true side, each cut among the present by a test that they satisfy;
// and then the split of the present from the missing. c has tests that
// the missing satisfy, or it would not know them (c.miss).
func (g *grower) sweepMissing(w *worker, c *column, nd *node, present, missing []entry, best *split) {
	left, right := w.left, w.right
	clear(left)
	copy(right, nd.counts)
	var nL, sqL uint64
	sqR := nd.sq
	for _, e := range missing {
		wt := g.weight(e.item)
		shift(left, right, e.class, wt, &sqL, &sqR)
		nL += wt
	}
	nM, sqM, sqP := nL, sqL, sqR
	for i, e := range present[:len(present)-1] {
		wt := g.weight(e.item)
		shift(left, right, e.class, wt, &sqL, &sqR)
		nL += wt
		if f := cut(c.yes, c.yesCode, e.code, present[i+1].code); f >= 0 && g.sides(nL, nd.n) {
			best.offer(int(f), sqL, nL, sqR, nd.n-nL)
		}
	}
	// The split of the present from the missing: by a test that the
	// missing fail and the present all satisfy, or where the tests are a
	// coarser set of cuts and have none, one that the missing satisfy and
	// the present all fail.
	if !g.sides(nM, nd.n) {
		return
	}
	if f := cut(c.ge, c.geCode, present[len(present)-1].code, c.miss); f >= 0 {
		best.offer(int(f), sqP, nd.n-nM, sqM, nM)
	} else if f := cut(c.yes, c.yesCode, 0, present[0].code); f >= 0 {
		best.offer(int(f), sqM, nM, sqP, nd.n-nM)
	}
}

// shift moves wt records of class k from right to left, counts of
// classes whose sums of squares are sqR and sqL: (x+w)² = x² + w(2x+w)
// and (x−w)² = x² − w(2x−w).
func shift(left, right []uint64, k int32, wt uint64, sqL, sqR *uint64) {
	*sqL += wt * (2*left[k] + wt)
	left[k] += wt
	*sqR -= wt * (2*right[k] - wt)
	right[k] -= wt
}

// cut returns the test of ge, a column's map from codes to the tests at
// or above them, and code, from those to their codes (see column), that
// cuts between the codes a < b, or -1 where none does.
func cut(ge, code []int32, a, b int32) int32 {
	if ge == nil || ge[a] < 0 || code[a] >= b {
		return -1
	}
	return ge[a]
}

// sides reports whether a split of n records with k on one side leaves
// g.minLeaf records or more on each: with a minLeaf of 1, whether it
// splits them at all.
func (g *grower) sides(k, n uint64) bool { return k >= g.minLeaf && n-k >= g.minLeaf }

// divide marks in g.side, for each item of nd, whether feature f holds for
// it, makes nd's output a node testing f, and returns nd's children: the
// items where f fails first, as partition orders them.
func (g *grower) divide(nd *node, f int) (no, yes *node) {
	ft := &g.ds.Features[f]
	col := g.cols[g.colOf[ft.Col]]
	no = &node{out: &tree.Node{}, counts: make([]uint64, g.classes)}
	yes = &node{out: &tree.Node{}, counts: make([]uint64, g.classes)}
	holding := 0
	for _, e := range col.ent[nd.lo:nd.hi] {
		h := ft.HoldsCode(e.code)
		g.side[e.item] = h
		if h {
			yes.counts[e.class] += g.weight(e.item)
			holding++
		}
	}
	for k := range no.counts {
		no.counts[k] = nd.counts[k] - yes.counts[k]
	}
	no.lo, no.hi = nd.lo, nd.hi-holding
	yes.lo, yes.hi = no.hi, nd.hi
	no.total()
	yes.total()
	nd.out.Feature, nd.out.False, nd.out.True = f, no.out, yes.out
	return no, yes
}

// partition reorders ent, stably, to put the entries whose item's side is
// false first.
func (w *worker) partition(ent []entry, side []bool) {
	yes := w.room(len(ent))[:0]
	no := ent[:0]
	for _, e := range ent {
		if side[e.item] {
			yes = append(yes, e)
		} else {
			no = append(no, e)
		}
	}
	copy(ent[len(no):], yes)
}

// parallel calls do for each i below n, on as many goroutines as g has
// workers, each with its own.
func (g *grower) parallel(n int, do func(w *worker, i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := range g.workers[:min(len(g.workers), n)] {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				do(&g.workers[w], i)
			}
		})
	}
	wg.Wait()
}

package cart

import (
	"sync"
	"sync/atomic"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/tree"
)

// sweep returns the best split of nd by a test of column c, or none: one
// pass over the node's entries in the order of their codes, which scores
// every cut between two codes (with the records up to it on one side and
// the rest on the other) and every code against the others, from running
// class counts and sums of their squares, of those that leave g.minLeaf
// records or more on each side.
func (g *grower) sweep(w *worker, c *column, nd *node) split {
	best := none
	ent := c.ent[nd.lo:nd.hi]
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
		// (x+w)² = x² + w(2x+w) and (x−w)² = x² − w(2x−w): running sums of
		// squares.
		sqL += wt * (2*left[k] + wt)
		left[k] += wt
		nL += wt
		sqR -= wt * (2*right[k] - wt)
		right[k] -= wt
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
		if c.ge != nil && !last {
			if f := c.ge[e.code]; f >= 0 && c.geCode[e.code] < ent[i+1].code && g.sides(nL, n) {
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
	return best
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
		h := holds(ft, e.code)
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

// holds reports whether ft holds for a record of the given code in its
// column, as Dataset.Holds decides it.
func holds(ft *dataset.Feature, code int32) bool {
	if ft.Op == dataset.LessEq {
		return code <= ft.Code
	}
	return code == ft.Code
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

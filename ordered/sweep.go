package ordered

import (
	"math"
	"slices"
)

// stump finds, for one set of items, the tree of depth one that
// misclassifies the fewest of its records, by a sweep over every column,
// of the cuts that leave each side minLeaf records or more.
type stump struct {
	cls     []int // class weights of the set
	total   int   // its weight
	leaf    int   // errors of its leaf
	minLeaf int   // at least 1
	// cap, if below best, is the errors below which a tree is wanted: the
	// sweep then weighs no cut that cannot go below it, nor a column whose
	// bound is not below it, and proves of those only that they make cap
	// errors or more.
	cap int
	// ends is minLeaf where that is more than 1, else 0: the first and
	// the last cut that leave a side enough records are weighed, wherever
	// they fall (see items).
	ends int
	// The column being swept: class weights and weight of the items seen,
	// the position of the last, the class of its items if they all have
	// one, else -1, whether no cut left can beat the least errors of the
	// leaf and the cuts weighed, colBest, and whether the column is passed
	// over.
	cnt     []int
	seen    int
	until   int // the weight seen after which the next cut is weighed
	last    int32
	run     int16
	done    bool
	skipped bool
	colBest int
	// The best split found: its errors, column, position, and the classes
	// and errors of its true and false leaves; col is -1 until one beats
	// the leaf.
	best         int
	col          int
	at           int32
	tc, fc       int32
	terrs, ferrs int
}

// start prepares st for a set with class weights cls, and cuts that leave
// each side minLeaf records or more, at least 1.
func (st *stump) start(cls []int, minLeaf int) {
	st.cls = cls
	st.minLeaf, st.ends = minLeaf, 0
	if minLeaf > 1 {
		st.ends = minLeaf
	}
	st.total = 0
	most := 0
	for _, w := range cls {
		st.total += w
		most = max(most, w)
	}
	st.leaf = st.total - most
	st.best, st.col = st.leaf, -1
	st.cap = math.MaxInt
	if len(st.cnt) != len(cls) {
		st.cnt = make([]int, len(cls))
	}
}

// column prepares st for the sweep of a column. No cut before minLeaf
// records is weighed, nor any in a set too small for two leaves.
func (st *stump) column() {
	clear(st.cnt)
	st.seen, st.last, st.run, st.until = 0, -1, -1, st.minLeaf-1
	st.done = st.best == 0 || st.total < 2*st.minLeaf
	st.colBest = st.leaf
}

// cut weighs the split of the set between the items seen in column b, up
// to position st.last, and the rest, unless the rest are fewer than
// minLeaf records: then no cut left in the column is weighed.
func (st *stump) cut(b int) {
	if st.total-st.seen < st.minLeaf {
		st.done = true
		return
	}
	lmost, rmost, lc, rc := -1, -1, 0, 0
	for k, c := range st.cnt {
		if c > lmost {
			lmost, lc = c, k
		}
		if r := st.cls[k] - c; r > rmost {
			rmost, rc = r, k
		}
	}
	e := st.total - lmost - rmost
	if e < st.best {
		st.best, st.col, st.at = e, b, st.last
		st.tc, st.fc = int32(lc), int32(rc)
		st.terrs, st.ferrs = st.seen-lmost, st.total-st.seen-rmost
	}
	st.colBest = min(st.colBest, e)
	st.until = st.seen + e - min(st.colBest, st.cap)
	st.done = st.best == 0 || st.total <= st.until
}

// sweep finds the best tree of depth one for each side of v's items, as
// s.side marks them, in one pass over every column: st[0] for the items
// marked 0, st[1] for those marked 1. The stumps must be started.
//
// Moving one record across a cut changes its errors by at most one, so a
// cut that falls short of the best of its column by k lets the sweep pass
// k records unweighed. And a cut between two positions whose items are all
// of one class is never better than both ends of their run, which are
// weighed.
//
// If lb is not nil, lb[h][b] bounds below the errors of side h's leaf and
// of its trees whose root tests column b, and the sweep, taking the
// columns in the order cols, passes over those that cannot beat the best
// so far, or the stump's cap. It raises each bound to what the sweep
// proves: the least errors of the column's trees and the leaf, or the best
// so far where it passed the column over, each at most the cap. Column
// c.col, if any, is swept without listing each side's items apart.
func (s *search) sweep(v *view, st *[2]stump, lb *[2][]int, cols []int, c cut) {
	for i := range v.sorted {
		b := i
		if cols != nil {
			b = cols[i]
		}
		st[0].column()
		st[1].column()
		if lb != nil {
			st[0].done = st[0].done || lb[0][b] >= min(st[0].best, st[0].cap)
			st[1].done = st[1].done || lb[1][b] >= min(st[1].best, st[1].cap)
		}
		st[0].skipped, st[1].skipped = st[0].done, st[1].done
		switch {
		case st[0].done && st[1].done:
		case b == c.col:
			// The column the sides are cut on holds each side's items
			// apart already.
			o := v.sorted[b]
			if !st[0].done {
				st[0].items(o[:c.at], b)
			}
			if !st[1].done {
				st[1].items(o[c.at:], b)
			}
		default:
			pass(v, b, s.marks, st, &s.scratch, !s.off.Runs)
		}
		if lb != nil {
			lb[0][b] = max(lb[0][b], st[0].bound())
			lb[1][b] = max(lb[1][b], st[1].bound())
		}
	}
}

// cut is the column whose order holds the items of side 0 before at and
// those of side 1 from it, the column a sweep's sides are cut on; col is
// -1 for none.
type cut struct{ col, at int }

// bound returns what the sweep of a column proves of its trees and the
// leaf: none makes fewer errors than the best of them weighed if it went
// through the column, nor than the best so far if it passed it over, nor,
// in either case, than the cap if that is less.
func (st *stump) bound() int {
	if st.skipped {
		return min(st.best, st.cap)
	}
	return min(st.colBest, st.cap)
}

// sweepScratch is what pass learns of a column's items for the cut being
// tried: the weight of those of side 0 before each entry, and the class
// weights of those of side 0 in each run of several classes. A search's
// sweeps, one at a time, share one.
type sweepScratch struct {
	cum   []int32
	class []int32
	items [2][]entry // see passItems
}

// pass sweeps column b of v for both stumps, with sc for its scratch. One
// pass over the column adds up the weights of side 0, without a branch on
// the side, which no predictor guesses; each stump then weighs a run as a
// whole, where runs is set.
func pass(v *view, b int, side []uint8, st *[2]stump, sc *sweepScratch, runs bool) {
	o := v.sorted[b]
	byRuns, rs, mixed, cw := v.columnRuns(b, len(st[0].cnt))
	if !byRuns || !runs {
		passItems(o, b, side, st, sc)
		return
	}
	sc.cum = slices.Grow(sc.cum[:0], len(o)+1)[:len(o)+1]
	cum := sc.cum
	c := int32(0)
	cum[0] = 0
	for i, e := range o {
		c += e.w & (int32(side[e.item]&1) - 1)
		cum[i+1] = c
	}
	sc.class = slices.Grow(sc.class[:0], len(cw))[:len(cw)]
	clear(sc.class)
	for _, j := range mixed {
		r := rs[j]
		cls := sc.class[r.at : int(r.at)+len(st[0].cnt)]
		for _, e := range o[r.lo:r.hi] {
			cls[e.class] += e.w & (int32(side[e.item]&1) - 1)
		}
	}
	for h := range st {
		if !st[h].done {
			st[h].pass(o, rs, cw, sc, uint8(h), side, b)
		}
	}
}

// pass sweeps column b, whose order is o and runs rs, with cw and sc as
// pass made them, for st, the stump of side h's items.
func (st *stump) pass(o []entry, rs []run, cw []int32, sc *sweepScratch, h uint8, side []uint8, b int) {
	for _, r := range rs {
		w := sc.cum[r.hi] - sc.cum[r.lo]
		if h == 1 {
			w = r.w - w
		}
		if w == 0 {
			continue
		}
		if st.seen > st.until && (st.run != r.class || r.class < 0) {
			st.cut(b)
			if st.done {
				return
			}
		}
		st.run = r.class
		st.seen += int(w)
		if r.class < 0 {
			for k := range st.cnt {
				x := sc.class[int(r.at)+k]
				if h == 1 {
					x = cw[int(r.at)+k] - x
				}
				st.cnt[k] += int(x)
			}
			st.last = o[r.lo].pos
			continue
		}
		st.cnt[r.class] += int(w)
		// The cut after the run is at the position of its last item of
		// side h, which splits the side's items as any other up to the
		// next of them does.
		i := r.hi - 1
		for side[o[i].item]&1 != h {
			i--
		}
		st.last = o[i].pos
	}
}

// passItems is pass item by item, for a column whose runs are short. It
// first lists each side's items apart, without a branch on the side,
// which no predictor guesses, and then sweeps each side's items alone.
func passItems(o []entry, b int, side []uint8, st *[2]stump, sc *sweepScratch) {
	for h := range sc.items {
		sc.items[h] = room(sc.items[h], len(o))[:len(o)]
	}
	if st[0].done || st[1].done {
		// One side is done: only the other's items are listed, with one
		// store an item rather than two.
		h := 0
		if st[0].done {
			h = 1
		}
		items, n := sc.items[h], 0
		for _, e := range o {
			items[n] = e
			n += int(side[e.item]&1) ^ (1 - h)
		}
		st[h].items(items[:n], b)
		return
	}
	// Both copies take every item, and only the side's own advances: no
	// store waits on the last.
	i0, i1 := sc.items[0], sc.items[1]
	n0, n1 := 0, 0
	for _, e := range o {
		h := int(side[e.item] & 1)
		i0[n0] = e
		i1[n1] = e
		n0 += 1 - h
		n1 += h
	}
	st[0].items(i0[:n0], b)
	st[1].items(i1[:n1], b)
}

// positionWeight returns the weight of the items of o at the position of
// its first: whether a cut leaves minLeaf records after it depends on all
// of them.
func positionWeight(o []entry) int {
	w := 0
	for _, e := range o {
		if e.pos != o[0].pos {
			break
		}
		w += int(e.w)
	}
	return w
}

// items sweeps column b for st, whose items in the column's order are o.
// It keeps the sweep's state in locals, which stores to cnt would
// otherwise send back to memory at every item. It passes over a cut
// between two positions only when both are pure of one class; telling
// also a position of several classes whose items on this side are of one
// class would cost a branch per item, and weighing its cut costs less.
//
// No cut inside a run of positions pure of one class beats both ends of
// the run: as records of one class move across the cut, the errors of
// each side are a concave function of the records moved, and so is their
// sum. With a minimum leaf size, the cuts of a run that leave each side
// enough records are a range of it, whose ends may be inside it: the
// first cut of the column with minLeaf records before it and the last
// with minLeaf after it. Those two are weighed wherever they fall.
func (st *stump) items(o []entry, b int) {
	cnt := st.cnt
	seen, until, last := st.seen, st.until, st.last
	class, pure := int16(-1), false
	for i := range o {
		e := &o[i]
		if seen > until && e.pos != last && (class != e.class || !pure || !e.pure || until < st.ends || st.ends > 0 && seen+positionWeight(o[i:]) > st.total-st.ends) {
			st.seen, st.last = seen, last
			st.cut(b)
			if st.done {
				return
			}
			until = st.until
		}
		last, class, pure = e.pos, e.class, e.pure
		cnt[e.class] += int(e.w)
		seen += int(e.w)
	}
	st.seen, st.until, st.last = seen, until, last
}

package regress

import "slices"

// stump finds, for one set of items, the tree of depth one of least SSE:
// a sweep over each column's order adds up the records and targets of
// the items passed, and a cut's SSE follows from those sums alone.
//
// With the targets taken about an integer c near the set's mean, a side
// of r records whose targets sum to a about c has SSE Σ(v-c)² - a²/r, so
// that a cut with sums a and b on its sides costs q - (a²/r + b²/(n-r)),
// q being Σ(v-c)² over the set: the sweep keeps the cut of the greatest
// gain a²/r + b²/(n-r) and needs no sum of squares. Rounding then errs by
// a few units in the last place of q, at most the set's SSE plus n/4,
// rather than of Σv², which may be far larger.
type stump struct {
	n float64 // the set's records
	// lo and hi bound the records of the side a cut is weighed by: both
	// sides keep the leaf size.
	lo, hi int64
	sc, c  int64   // the sum of its targets less n·c
	q      float64 // Σ(v-c)² over the set
	leaf   float64 // its leaf's SSE
	// The column being swept: the best gain of its cuts and the position
	// of that cut.
	gain float64
	at   int32
	pen  float64 // what the stump's branching node costs
	// The best tree found: its cost, the column of its test, -1 until one
	// beats the limit it was started with, and the test's position.
	best float64
	col  int
	cut  int32
}

// start prepares st for the set whose sums are tot, for a tree of depth
// one better than limit whose sides hold s.least records or more, its
// branching node costing s.pen.
func (st *stump) start(tot stat, limit float64, s *search) {
	st.lo, st.hi, st.pen = s.least, tot.n-s.least, s.pen
	st.c, st.q = tot.centre()
	st.n, st.sc = float64(tot.n), tot.s-tot.n*st.c
	st.leaf = tot.sse()
	st.best, st.col = limit, -1
}

// column prepares st for the sweep of a column.
func (st *stump) column() { st.gain, st.at = -1, -1 }

// try weighs the cut after the items passed, r records whose targets sum
// to s, the last at position last.
func (st *stump) try(r, s int64, last int32) {
	ai := s - r*st.c
	a, b := float64(ai), float64(st.sc-ai)
	// a²/r + b²/(n-r) > gain, without a division where it is not.
	fl := float64(r)
	fr := st.n - fl
	if num, den := a*a*fr+b*b*fl, fl*fr; num > st.gain*den {
		st.gain, st.at = num/den, last
	}
}

// done ends the sweep of column b: it returns the least SSE of the set's
// leaf and its trees whose test is on b, and keeps the best tree.
func (st *stump) done(b int) float64 {
	if st.gain < 0 {
		return st.leaf
	}
	sse := max(st.q-st.gain, 0) + st.pen
	if sse < st.best {
		st.best, st.col, st.cut = sse, b, st.at
	}
	return min(sse, st.leaf)
}

// value returns the SSE of the best tree found, the leaf if no stump
// beat the limit.
func (st *stump) value() float64 {
	if st.col < 0 {
		return st.leaf
	}
	return st.best
}

// sol returns the best tree found: the leaf or a stump. The leaves of a
// stump carry no SSE of their own: the sweep weighs the two together.
func (st *stump) sol() *sol {
	if st.col < 0 {
		return &sol{cost: st.leaf, col: -1}
	}
	return &sol{cost: st.best, branches: 1, col: st.col, cut: st.cut, f: bare, t: bare}
}

// bare is a leaf under a stump.
var bare = &sol{col: -1}

// items sweeps o, the set's items in a column's order, for st; or with
// back, o from the last item to the first, so that the sums passed are
// those of the side where a cut fails, which weighs the cut as well.
func (st *stump) items(o []entry, back bool) {
	var r, s int64
	last := int32(-1)
	for _, e := range o {
		if e.pos != last {
			if r >= st.lo && r <= st.hi {
				at := last
				if back {
					at = e.pos
				}
				st.try(r, s, at)
			}
			last = e.pos
		}
		r += e.n
		s += e.s
	}
}

// sides sweeps o, a column's order, for the stumps of both sides: st[h]
// for the items that side marks h, if need[h]. It first lists each side's
// items apart, in buf, without a branch on the side, which no predictor
// guesses, and then sweeps each side's items alone.
func sides(o []entry, side []uint8, need [2]bool, st *[2]stump, buf *[]entry) {
	*buf = slices.Grow((*buf)[:0], len(o))[:len(o)]
	items := *buf
	if !need[0] || !need[1] {
		// One side only: every item is stored, and only the side's own
		// advance.
		h := uint8(0)
		if need[1] {
			h = 1
		}
		n := 0
		for _, e := range o {
			items[n] = e
			n += int(side[e.item]&1 ^ 1 ^ h)
		}
		st[h].items(items[:n], false)
		return
	}
	// The true side's items from the front, the false side's from the
	// back, one store an item: the latter end up last to first.
	lo, hi := 0, len(o)-1
	for _, e := range o {
		h := int(side[e.item] & 1)
		items[lo+(hi-lo)&-h] = e
		lo += 1 - h
		hi -= h
	}
	st[0].items(items[:lo], false)
	st[1].items(items[lo:], true)
}

// depthOne sweeps every column of v for the tree of depth one of least
// SSE, with s.one: it returns that stump, whose col is -1 if none beats
// limit.
func (s *search) depthOne(v *set, limit float64) *stump {
	st := &s.one
	st.start(v.tot, limit, s)
	for b, o := range v.order {
		st.column()
		st.items(o, false)
		st.done(b)
	}
	return st
}

package regress

import (
	"slices"
	"sort"
)

// frame is the memory of the search of one depth, from two on: the cuts
// of the column being searched, what is known of the two sides of each,
// and what the searches of that depth pass on.
type frame struct {
	cuts []cut
	// slot numbers the cuts evaluated, in opt, from 1; the others have 0,
	// whose bounds are 0.
	slot  []int32
	opt   [][2]float64 // per slot: bounds on the least SSE of depth d-1 of the true and false sides
	queue []interval
	// seedT[k] bounds the true side of cut k and seedF[k] its false side,
	// from the seeds of the cuts up to k and from k on; cut 0's true side
	// is empty, as is cut c+1's false side.
	seedT, seedF []float64
	// seeds are records of a subset's search, for the next search of this
	// depth, and learnt are those of the last search of this depth: a cut
	// evaluated or seeded, with bounds on its sides, which bound the same
	// cut of every superset too.
	seeds, learnt []record
	// From depth three on: the sides of the cut evaluated, and the records
	// that the searches of each evaluated cut's sides learnt:
	// arena[r[0]:r[1]] for r in spans[k].
	f, t  set
	arena []record
	spans [][2][2]int32
	pair  pairs // at depth two
	// Within a budget (see within): per slot and budget split, bounds on
	// the least cost of the true and false sides within the split's
	// budgets; the true side's budget of the first split, and the
	// number of splits.
	sides        [][2]float64
	lowest, ways int
}

// record is what a search learnt of one cut of a column: bounds on the
// least SSE of the trees of its true and false sides one depth less.
type record struct {
	col, pos int32
	t, f     float64
}

// interval is a range of cuts not yet evaluated, lo to hi, between the
// evaluated cuts kl and kr, numbered from 1; 0 and the number of cuts
// plus one stand for the cuts whose true side is empty and full.
type interval struct{ lo, hi, kl, kr int }

// searchColumn searches the trees of v of depth d, from two on, whose
// root tests column a, for one better than *target, and keeps the best it
// finds in *best and its SSE in *target. The cut at position first, if
// not -1, is evaluated first.
//
// The cuts are searched by intervals. Two evaluated cuts kl < kr bound
// every cut k between: k's true side holds kl's and more, its false side
// kr's and more, and no tree of a set costs less than the best tree of a
// subset. (The subset's items, under the set's best tree with each leaf
// predicting the mean of the set's records there, cost no more than the
// set's did; and about their own means, no more than that.) So k's true
// side costs at least what kl's does, its false side what kr's does, and
// seeds bound them as well. A cut is evaluated only if its bounds may
// beat *target; of an interval's, the one nearest its middle first.
func (s *search) searchColumn(v *set, d, a int, first int32, best **sol, target *float64) {
	fr := &s.frames[d]
	s.begin(fr, v, d, a, first, best, target)
	for q := 0; q < len(fr.queue) && !s.stop.Load(); q++ {
		s.step(fr, v, d, a, fr.queue[q], best, target)
	}
	fr.learn(a)
}

// begin prepares fr for the search of column a of v at depth d, with
// the cut at position first, if not -1, evaluated, and the intervals
// left to search in fr.queue.
func (s *search) begin(fr *frame, v *set, d, a int, first int32, best **sol, target *float64) {
	fr.cuts = s.x.cuts(fr.cuts[:0], v, a, d > 2) // a depth-two search caches no side
	if s.least > 1 {
		fr.cuts = s.allowed(fr.cuts, v.tot.n)
	}
	c := len(fr.cuts)
	fr.start(c, a, d, len(v.order))
	fr.queue = fr.queue[:0]
	if c == 0 {
		return
	}
	fr.queue = append(fr.queue, interval{1, c, 0, c + 1})
	if first >= 0 {
		k := 1 + sort.Search(c, func(i int) bool { return fr.cuts[i].pos >= first })
		s.evaluate(fr, v, d, a, k, fr.queue[0], best, target)
		fr.queue = append(fr.queue[:0], s.interval(1, k-1, 0, k, c), s.interval(k+1, c, k, c+1, c))
	}
}

// step searches interval iv of fr's column a: it closes the cuts at its
// ends that cannot beat *target, evaluates the open cut nearest the
// middle of the rest, and appends the two intervals that cut leaves to
// fr.queue.
func (s *search) step(fr *frame, v *set, d, a int, iv interval, best **sol, target *float64) {
	goal := *target - s.pen // what a cut's two sides must cost less than
	lo, hi, k := pick(iv, func(k int) bool { return fr.open(v, k, iv, goal) })
	s.stats.Pruned += iv.hi - iv.lo + 1 - max(hi-lo+1, 0)
	if lo > hi {
		return
	}
	s.evaluate(fr, v, d, a, k, iv, best, target)
	c := len(fr.cuts)
	fr.queue = append(fr.queue, s.interval(lo, k-1, iv.kl, k, c), s.interval(k+1, hi, k, iv.kr, c))
}

// pick returns the first and the last cut of iv that open reports may
// beat what they must, and the one nearest the middle between them; lo
// is above hi where none may.
func pick(iv interval, open func(k int) bool) (lo, hi, k int) {
	lo, hi = iv.lo, iv.hi
	for lo <= hi && !open(lo) {
		lo++
	}
	for hi >= lo && !open(hi) {
		hi--
	}
	if lo > hi {
		return lo, hi, 0
	}
	k = (lo + hi) / 2
	for dk := 0; ; dk++ {
		if k-dk >= lo && open(k-dk) {
			return lo, hi, k - dk
		}
		if k+dk <= hi && open(k+dk) {
			return lo, hi, k + dk
		}
	}
}

// interval returns the interval of cuts lo to hi, of c, between the
// evaluated cuts kl and kr; or, where a set may cost less than a subset
// (see search.mono), between the ends of the column, 0 and c+1, whose
// sides bound nothing: no bound then passes from an evaluated cut to
// another, nor do the records its sides' searches learnt.
func (s *search) interval(lo, hi, kl, kr, c int) interval {
	if !s.mono {
		kl, kr = 0, c+1
	}
	return interval{lo, hi, kl, kr}
}

// allowed returns cs, the cuts of a set of n records, less those that
// leave a side fewer than s.least: the true side grows from cut to cut,
// so those left are a range.
func (s *search) allowed(cs []cut, n int64) []cut {
	lo := sort.Search(len(cs), func(i int) bool { return cs[i].t.n >= s.least })
	hi := sort.Search(len(cs), func(i int) bool { return n-cs[i].t.n < s.least })
	if lo >= hi {
		return cs[:0]
	}
	return cs[:copy(cs, cs[lo:hi])]
}

// evaluate evaluates cut k of column a, of interval iv, as evalPair and
// evalCut do at depth two and from three on.
func (s *search) evaluate(fr *frame, v *set, d, a, k int, iv interval, best **sol, target *float64) {
	if d == 2 {
		s.evalPair(fr, v, a, k, iv, best, target)
	} else {
		s.evalCut(fr, v, d, a, k, iv, best, target)
	}
}

// least returns a bound below the SSE of the trees of every cut of
// interval iv of fr: what kl proved of the true side and kr of the false
// side.
func (fr *frame) least(iv interval) float64 {
	return fr.opt[fr.slot[iv.kl]][0] + fr.opt[fr.slot[iv.kr]][1]
}

// start prepares fr for the search of c cuts of column a at depth d, of
// a set of cols columns, bounding them by the seeds of a.
func (fr *frame) start(c, a, d, cols int) {
	fr.slot = slices.Grow(fr.slot[:0], c+2)[:c+2]
	clear(fr.slot)
	fr.opt = append(fr.opt[:0], [2]float64{})
	if d == 2 {
		fr.pair.start(cols)
	} else {
		fr.arena = fr.arena[:0]
		fr.spans = slices.Grow(fr.spans[:0], c+2)[:c+2]
		clear(fr.spans)
	}
	fr.seedT = slices.Grow(fr.seedT[:0], c+2)[:c+2]
	fr.seedF = slices.Grow(fr.seedF[:0], c+2)[:c+2]
	clear(fr.seedT)
	clear(fr.seedF)
	// The seeds are in the order of their columns.
	lo := sort.Search(len(fr.seeds), func(i int) bool { return fr.seeds[i].col >= int32(a) })
	for _, r := range fr.seeds[lo:] {
		if r.col != int32(a) {
			break
		}
		i, ok := sort.Find(c, func(i int) int { return int(r.pos) - int(fr.cuts[i].pos) })
		if !ok {
			continue
		}
		fr.seedT[i+1] = max(fr.seedT[i+1], r.t)
		fr.seedF[i+1] = max(fr.seedF[i+1], r.f)
	}
	for k := 1; k <= c; k++ {
		fr.seedT[k] = max(fr.seedT[k], fr.seedT[k-1])
	}
	for k := c; k >= 1; k-- {
		fr.seedF[k] = max(fr.seedF[k], fr.seedF[k+1])
	}
}

// learn appends to fr.learnt the records of the cuts of column a that fr
// knows bounds of, for the search of a superset: those evaluated, and
// those whose seeds raise the bound of a side.
func (fr *frame) learn(a int) {
	c := len(fr.cuts)
	for k := 1; k <= c; k++ {
		b := fr.opt[fr.slot[k]]
		t, f := max(b[0], fr.seedT[k]), max(b[1], fr.seedF[k])
		if fr.slot[k] != 0 || fr.seedT[k] > fr.seedT[k-1] || fr.seedF[k] > fr.seedF[k+1] {
			fr.learnt = append(fr.learnt, record{col: int32(a), pos: fr.cuts[k-1].pos, t: t, f: f})
		}
	}
}

// bounds returns bounds below the least SSE of the true and false sides
// of cut k of interval iv of v: what kl proved of the true side and kr of
// the false side, the seeds, and the SSE of the records that no test
// tells apart.
func (fr *frame) bounds(v *set, k int, iv interval) (t, f float64) {
	u := fr.cuts[k-1]
	t = max(fr.opt[fr.slot[iv.kl]][0], fr.seedT[k], u.own)
	f = max(fr.opt[fr.slot[iv.kr]][1], fr.seedF[k], v.own-u.own)
	return t, f
}

// open reports whether cut k of interval iv of v may have a tree better
// than target.
func (fr *frame) open(v *set, k int, iv interval, target float64) bool {
	t, f := fr.bounds(v, k, iv)
	return t+f < target
}

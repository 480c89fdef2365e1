package ordered

import (
	"container/heap"
	"slices"

	"github.com/odtx/odtx/objective"
)

// bestFirstCuts is the most cuts, over every column, that a search keeps
// a frame of each column for, to search them best first; a set of more
// has its columns searched one by one (byColumn).
const bestFirstCuts = 1 << 21

// cutsAt returns the cuts of v, over every column: its distinct positions
// in each, less one.
func (s *search) cutsAt(v *view) int {
	n := 0
	for _, o := range v.sorted {
		for i := 1; i < len(o); i++ {
			if o[i].pos != o[i-1].pos {
				n++
			}
		}
	}
	return n
}

// bestFirst searches the trees of v of depth d and budget n, as
// searchColumn does a column, but over every column at once: of the
// intervals of cuts not ruled out, of whatever column, the one whose bound
// is least is split next. The best tree comes sooner so, and rules out
// more of the cuts of the other columns. The least bound of the intervals
// left is a bound on every tree of v that the search has not ruled out,
// which rises as the search goes; at the root, where a search stopped at
// any moment has proven it, it is reported as it rises, and kept in rootLB
// when the search stops. lb is a known lower bound; best and ub are as in
// searchColumn.
func (s *search) bestFirst(v *view, d, n int, ub, lb score, best *sol) *sol {
	root := v == s.root
	lo, hi := splits(d, n)
	if len(s.columns[d]) != len(s.x.cols) {
		s.columns[d] = make([]frame, len(s.x.cols))
	}
	frames := s.columns[d]
	q := &intervals{order: s.order}
	for a := range frames {
		fr := &frames[a]
		c := fr.cuts(s.x, v, a)
		first, last := allowed(fr.w, v.w, s.minLeaf)
		if first > last {
			fr.c = 0
			continue
		}
		fr.start(v, c, hi-lo+1, false)
		fr.seeds = s.frames[d].seeds
		fr.begin(s, a, d)
		heap.Push(q, pending{lb: lb, a: a, iv: interval{first, last, 0, c + 1}})
	}
	proven := lb
	for q.Len() > 0 {
		if root {
			ub = s.tighten(ub)
		}
		if !s.order.Less(q.items[0].lb, ub) {
			break // no interval left can beat ub: the search is done
		}
		if least := q.items[0].lb; root && s.order.Less(proven, least) {
			proven = least
			s.reportBound(proven)
		}
		if s.stop.Load() {
			break
		}
		p := heap.Pop(q).(pending)
		fr, iv := &frames[p.a], p.iv
		fr.levels = p.levels
		iv.lo, iv.hi = fr.narrow(s, iv, ub)
		for iv.lo <= iv.hi && !fr.open(s, iv.lo, iv, ub) {
			iv.lo++
		}
		for iv.lo <= iv.hi && !fr.open(s, iv.hi, iv, ub) {
			iv.hi--
		}
		if iv.lo > iv.hi {
			continue
		}
		if !p.banded && s.banded() {
			lb := s.bandFirst(fr, v, p.a, d, &p, iv, ub)
			if s.stop.Load() {
				heap.Push(q, p)
				break
			}
			p.lb = s.order.Max(p.lb, lb)
			heap.Push(q, p)
			continue
		}
		k := fr.nearestOpen(s, iv, ub)
		var ok bool
		if best, ub, ok = s.evaluate(fr, v, p.a, d, n, k, iv, ub, best); !ok {
			heap.Push(q, pending{lb: fr.pending(s, iv, ub), a: p.a, iv: iv, levels: p.levels, banded: true})
			break
		}
		for _, part := range []interval{{iv.lo, k - 1, iv.kl, k}, {k + 1, iv.hi, k, iv.kr}} {
			if part.lo <= part.hi {
				fr.levels = within(p.levels, part)
				heap.Push(q, pending{lb: fr.pending(s, part, ub), a: p.a, iv: part, levels: fr.levels, banded: p.fruitless})
			}
		}
	}
	if !root && !s.stop.Load() && n == objective.MaxBranches(d) {
		// For the search of a superset.
		for a := range frames {
			if frames[a].c > 0 {
				s.learnt[d] = frames[a].learn(s.learnt[d], a)
			}
		}
	}
	if root && s.stop.Load() {
		s.rootLB = ub
		if q.Len() > 0 {
			s.rootLB = s.order.Min(ub, q.items[0].lb)
		}
		s.rootLB = s.order.Max(s.rootLB, lb)
		s.bounded = true
	}
	return best
}

// nearestOpen returns the open cut of iv nearest its middle; iv has one.
func (fr *frame) nearestOpen(s *search, iv interval, ub score) int {
	k := (iv.lo + iv.hi) / 2
	for dk := 0; ; dk++ {
		if k-dk >= iv.lo && fr.open(s, k-dk, iv, ub) {
			return k - dk
		}
		if k+dk <= iv.hi && fr.open(s, k+dk, iv, ub) {
			return k + dk
		}
	}
}

// pending is an interval of cuts of column a not yet ruled out, with the
// least bound of its cuts.
type pending struct {
	lb score
	a  int
	iv interval
	// The bands of the interval, whether it was cut into bands of its own
	// (or is not to be), and whether those raised its bound: see bands.
	levels    []*bands
	banded    bool
	fruitless bool
}

// intervals is a heap of pending intervals, the least bound first, then
// the first column and the first cut.
type intervals struct {
	order objective.Order
	items []pending
}

func (q *intervals) Len() int { return len(q.items) }
func (q *intervals) Less(i, j int) bool {
	a, b := q.items[i], q.items[j]
	switch {
	case q.order.Less(a.lb, b.lb):
		return true
	case q.order.Less(b.lb, a.lb):
		return false
	}
	return a.a < b.a || a.a == b.a && a.iv.lo < b.iv.lo
}
func (q *intervals) Swap(i, j int) { q.items[i], q.items[j] = q.items[j], q.items[i] }
func (q *intervals) Push(x any)    { q.items = append(q.items, x.(pending)) }
func (q *intervals) Pop() any {
	x := q.items[len(q.items)-1]
	q.items = slices.Delete(q.items, len(q.items)-1, len(q.items))
	return x
}

package ordered

import (
	"math"
	"slices"
	"sort"
	"sync/atomic"

	"github.com/odtx/odtx/objective"
)

// score is a tree's errors and branching nodes, or a bound on them.
type score = objective.Score

// sol is a solution: a tree over the dataset's features with its score,
// which leaf and join build.
type sol = objective.Sol

var leaf, join = objective.Leaf, objective.Join

// frame is the memory of the search of one depth: the cuts of the column
// being tried, what is known of the two sides of each, and the sides of
// the cut being tried.
type frame struct {
	pos []int32     // the position up to which each cut's test holds
	w   []int       // the weight on the true side of each cut
	h   [][2]uint64 // its hash sums
	// slot numbers the cuts that something is known of, in lb and col,
	// from 1; the others have 0, whose bounds are 0. Few cuts are ever
	// evaluated or seeded: bounds for every cut would be memory mostly
	// cleared and never read again.
	slot  []int32
	lb    []score // per slot and budget split: bounds on the true and false sides
	done  []bool  // per cut: evaluated, lb holding its sides' bounds
	queue []pending
	c, m  int // cuts and budget splits
	all   int // the weight of the set
	t, f  view
	ts    [2]stump // for depth two
	tcls  []int
	fcls  []int
	// At depth two, per slot and side, bounds on the errors of the trees
	// of depth one of the side by the column at their root (see sweep),
	// and the order in which to sweep the columns.
	col      []int
	cols     int
	colOrder []int
	// Records of a subset to start the search of a column from. From
	// depth three, what the searches of the true and false sides of each
	// evaluated cut learnt: arena[r[0]:r[1]] for r in learnt[k].
	seeds      []record
	seeded     bool
	prev, next []int
	arena      []record
	learnt     [][2][2]int
	// The bands of the interval in hand, coarser first.
	levels []*bands
}

// record is what a search of depth d learnt of one cut of a column: the
// least errors of the trees of depth d-1 of its true and false sides, or
// bounds on them. They bound the same cut of every superset too, whose
// sides hold those.
type record struct {
	col, pos int32
	t, f     score
}

// interval is a range of cuts not yet evaluated, lo to hi, between the
// evaluated cuts kl and kr, numbered as in frame.lb.
type interval struct{ lo, hi, kl, kr int }

// search is the state of one Solve.
type search struct {
	x        *data
	order    objective.Order
	top      int // the root's depth
	budget   int // the root's branch budget
	stop     atomic.Bool
	cache    objective.Cache
	marks    []uint8 // per item, the side of the cut being tried
	scratch  sweepScratch
	frames   []frame
	one      [2]stump // for trees of depth one
	none     []int    // class weights of no items
	stats    objective.Stats
	progress func(objective.Progress)
	root     *view
	// seeds are records of a subset of the set of the next search, and
	// learnt[d] those that the last search of depth d gathered, for a
	// search of a superset.
	seeds  []record
	learnt [][]record
	// columns holds, per depth, a frame per column for bestFirst.
	columns [][]frame
	off     objective.Techniques // switched off
	// minLeaf is the fewest records a leaf below a split holds
	// (objective.Options.LeastLeaf).
	minLeaf int
	// held is the score of the best tree found at the root, and proven the
	// bound proven there, as last reported.
	held, proven score
	// watch is the side of the root's greedy cut being searched, whose
	// better trees, whole joined to the other side's, are trees of the
	// root.
	watch struct {
		v     *view
		whole func(*sol) *sol
	}
	// upper reads the score of the best tree known beside the search
	// (objective.Options.UpperBound), and outer is the least it read.
	upper func() score
	outer score
	// When the search stops at the root, rootLB is the bound it proves
	// there and bounded is set; colLB is that of the root's column then.
	rootLB  score
	colLB   score
	bounded bool
}

// stumpSol returns the tree a sweep found for st's set, or nil if none
// beats its leaf.
func (s *search) stumpSol(st *stump) *sol {
	if st.col < 0 {
		return nil
	}
	f := s.x.cols[st.col].feature[st.at]
	t := &sol{S: score{E: st.terrs}, Feature: -1, Class: int32(st.tc)}
	o := &sol{S: score{E: st.ferrs}, Feature: -1, Class: int32(st.fc)}
	return join(f, o, t)
}

// better returns the better of a leaf and a stump, which may be nil.
func (s *search) better(lf, st *sol) *sol {
	if st != nil && s.order.Less(st.S, lf.S) {
		return st
	}
	return lf
}

// depthOne returns the best tree of depth at most one for v.
func (s *search) depthOne(v *view) *sol {
	lf := leaf(v.cls)
	if lf.S.E == 0 {
		return lf
	}
	for _, e := range v.sorted[0] {
		s.marks[e.item] = 0
	}
	s.one[0].start(v.cls, s.minLeaf)
	s.one[1].start(s.none, s.minLeaf)
	s.sweep(v, &s.one, nil, nil, cut{col: -1})
	return s.better(lf, s.stumpSol(&s.one[0]))
}

// solve returns an optimal tree of depth at most d with at most n branching
// nodes for v if its score is less than ub, and nil otherwise. lb is a
// known lower bound. When the search stops, solve returns at once, the
// best tree it has, and caches nothing.
func (s *search) solve(v *view, d, n int, ub, lb score) *sol {
	s.stats.Subproblems++
	seeds := s.seeds
	s.seeds = nil
	if d >= 2 {
		s.learnt[d] = s.learnt[d][:0] // for the caller, even if it returns at once
	}
	lf := leaf(v.cls)
	n = objective.LeafBudget(min(n, objective.MaxBranches(d)), v.w, s.minLeaf)
	if n == 0 || lf.S.E == 0 {
		return s.order.IfLess(lf, ub)
	}
	if s.stop.Load() {
		return nil
	}
	k := objective.KeyOf(v.h, d, n)
	if e, hit := s.cache.Get(k); hit {
		s.stats.CacheHits++
		if e.Opt != nil {
			return s.order.IfLess(e.Opt, ub)
		}
		lb = s.order.Max(lb, e.LB)
	}
	if !s.order.Less(lb, ub) {
		return nil
	}
	if d == 2 {
		s.stats.Depth2++
	}
	if d >= 2 {
		// Records of a subset serve a search with a full budget.
		s.frames[d].seeds = nil
		if n == objective.MaxBranches(d) {
			s.frames[d].seeds = seeds
		}
	}
	one := s.depthOne(v)
	if n == 1 {
		s.cache.Put(k, objective.Entry{Opt: one})
		return s.order.IfLess(one, ub)
	}
	root := v == s.root
	ub0 := ub
	var best *sol
	if s.order.Less(one.S, ub) {
		best, ub = one, one.S
		s.found(v, best)
	}
	gub := objective.None // the greedy tree's sides are wanted whole but at the root
	if root {
		ub = s.tighten(ub)
		gub = ub
	}
	if g := s.greedy(v, d, n, gub); g != nil && s.order.Less(g.S, ub) {
		best, ub = g, g.S
		s.found(v, best)
	}
	if d >= 3 && !s.off.BestFirst && s.cutsAt(v) <= bestFirstCuts {
		best = s.bestFirst(v, d, n, ub, lb, best)
	} else {
		best = s.byColumn(v, d, n, ub, lb, best)
	}
	if s.stop.Load() {
		return best
	}
	switch {
	case root && s.upper != nil:
		// ub may have come from beside the search: best, if any, is
		// only the best of the trees better than what ub was.
	case best != nil:
		s.cache.Put(k, objective.Entry{Opt: best})
	default:
		s.cache.Put(k, objective.Entry{LB: ub0})
	}
	return best
}

// byColumn searches the trees of v of depth d and budget n, as solve
// describes, one column after another, given the best tree so far and its
// score ub, and a known lower bound lb; it returns the best tree found.
func (s *search) byColumn(v *view, d, n int, ub, lb score, best *sol) *sol {
	root := v == s.root
	for a := range s.x.cols {
		if root {
			ub = s.tighten(ub)
		}
		if !s.order.Less(lb, ub) {
			break
		}
		best, ub = s.searchColumn(v, a, d, n, ub, best, root)
		if d >= 2 && n == objective.MaxBranches(d) && !root {
			// For the search of a superset, which the root has none of.
			s.learnt[d] = s.frames[d].learn(s.learnt[d], a)
		}
		if s.stop.Load() {
			if root {
				s.rootLB = s.order.Min(s.colLB, s.restBound(v, d, n, a+1, ub))
				s.bounded = true
			}
			return best
		}
	}
	return best
}

// tighten returns the lesser of ub and the score of the best tree known
// beside the search (objective.Options.UpperBound), which it notes as
// outer.
func (s *search) tighten(ub score) score {
	if s.upper == nil {
		return ub
	}
	s.outer = s.order.Min(s.outer, s.upper())
	return s.order.Min(ub, s.outer)
}

// greedy returns, for a full budget n at depth two or more, the tree
// that splits v by its best tree of depth one, found last by depthOne, and
// each side by its optimal tree of depth d-1, or the best found if the
// search stops; or nil. From depth three on, its sides come back from the
// cache when the search of the column meets its cut; nil where the
// technique is switched off (objective.Techniques.Greedy). With a bound ub
// other than objective.None, only a tree better than ub is wanted: a side
// that cannot make one, or a search that stops, gives none. At the root,
// each better tree of the larger side's search is reported (found).
func (s *search) greedy(v *view, d, n int, ub score) *sol {
	st := &s.one[0]
	if d < 2 || n < objective.MaxBranches(d) || st.col < 0 || s.off.Greedy {
		return nil
	}
	a, p := st.col, st.at
	fr := &s.frames[d]
	if d == 2 {
		// Without views of the sides, as evaluate finds them.
		tl, fl, ts, fs := s.sideStumps(v, fr, a, p, nil, nil, [2]int{math.MaxInt, math.MaxInt})
		return join(s.x.cols[a].feature[p], s.better(fl, fs), s.better(tl, ts))
	}
	v.split(s.x, a, p, s.marks, &fr.t, &fr.f)
	feature := s.x.cols[a].feature[p]
	// The smaller side first, unlike evaluate: at the root, each better
	// tree of the larger side's search, the longer, is then a better tree
	// of the root, found long before that search ends; and the larger is
	// searched for trees better than ub less the smaller's.
	small, large := &fr.t, &fr.f
	if small.w > large.w {
		small, large = large, small
	}
	// Searches that stop return the best they have, or nothing.
	bounded := ub != objective.None
	sm := s.solve(small, d-1, n/2, ub.Sub(objective.Branch), score{})
	if sm == nil {
		if bounded {
			return nil
		}
		sm = leaf(small.cls)
	}
	pair := func(l *sol) *sol {
		if small == &fr.t {
			return join(feature, l, sm)
		}
		return join(feature, sm, l)
	}
	if v == s.root {
		s.watch.v, s.watch.whole = large, pair
		defer func() { s.watch.v, s.watch.whole = nil, nil }()
	}
	l := s.solve(large, d-1, n/2, ub.Sub(sm.S).Sub(objective.Branch), score{})
	if l == nil {
		if bounded {
			return nil
		}
		l = leaf(large.cls)
	}
	return pair(l)
}

// splits returns the budget splits of a node with n branching nodes at
// depth d: the true side gets lo to hi of the n-1 below it, the false side
// the rest. More budget never hurts, so the two use all of n-1.
func splits(d, n int) (lo, hi int) {
	child := objective.MaxBranches(d - 1)
	return max(0, n-1-child), min(n-1, child)
}

// cuts fills fr with the cuts of column a over v, and returns their number.
func (fr *frame) cuts(x *data, v *view, a int) int {
	o := v.sorted[a]
	fr.pos, fr.w, fr.h = room(fr.pos, len(o)), room(fr.w, len(o)), room(fr.h, len(o))
	w, h := 0, [2]uint64{}
	for i, e := range o {
		if i > 0 && e.pos != o[i-1].pos {
			fr.pos = append(fr.pos, o[i-1].pos)
			fr.w = append(fr.w, w)
			fr.h = append(fr.h, h)
		}
		w += int(e.w)
		h[0] += x.hash1[e.item]
		h[1] += x.hash2[e.item]
	}
	return len(fr.pos)
}

// searchColumn searches the trees of v whose root tests searchColumn a, as solve
// describes, given the best tree so far and its score ub, and returns the
// best tree found and its score.
//
// The cuts of the searchColumn are searched by intervals. The true side of a cut
// grows with the cut and the false side shrinks, and a set costs no less
// than any of its subsets, nor more than a subset plus the records it
// lacks. So the evaluated cuts kl < kr bound every cut k between them:
// its true side costs at least what that of kl does, and what that of kr
// does less the records between k and kr; its false side at least what
// that of kr does, and what that of kl does less the records between kl
// and k. Cuts whose bound is no better than ub are never evaluated; of
// the rest, the one in the middle of an interval is, which splits it.
func (s *search) searchColumn(v *view, a, d, n int, ub score, best *sol, root bool) (*sol, score) {
	fr := &s.frames[d]
	c := fr.cuts(s.x, v, a)
	if c == 0 {
		fr.c = 0
		return best, ub
	}
	lo, hi := splits(d, n)
	fr.start(v, c, hi-lo+1, d == 2)
	fr.begin(s, a, d)
	first, last := allowed(fr.w, v.w, s.minLeaf)
	fr.queue = append(fr.queue[:0], pending{iv: interval{first, last, 0, c + 1}})
	evaluated := 0
	if root {
		s.colLB = ub
	}
	for q := 0; q < len(fr.queue); q++ {
		if s.stop.Load() {
			if root {
				s.colLB = fr.queued(s, fr.queue[q:], ub)
			}
			return best, ub
		}
		p := fr.queue[q]
		iv := p.iv
		fr.levels = p.levels
		if root {
			ub = s.tighten(ub)
		}
		iv.lo, iv.hi = fr.narrow(s, iv, ub)
		for iv.lo <= iv.hi && !fr.open(s, iv.lo, iv, ub) {
			iv.lo = fr.after(s, iv.lo, iv, ub)
		}
		for iv.lo <= iv.hi && !fr.open(s, iv.hi, iv, ub) {
			iv.hi = fr.before(s, iv.hi, iv, ub)
		}
		if iv.lo > iv.hi {
			continue
		}
		if !p.banded && d >= 3 && s.banded() {
			s.bandFirst(fr, v, a, d, &p, iv, ub)
			fr.queue = append(fr.queue, p)
			continue
		}
		// The open cut nearest the middle.
		k := (iv.lo + iv.hi) / 2
		for dk := 0; ; dk++ {
			if k-dk >= iv.lo && fr.open(s, k-dk, iv, ub) {
				k -= dk
				break
			}
			if k+dk <= iv.hi && fr.open(s, k+dk, iv, ub) {
				k += dk
				break
			}
		}
		var ok bool
		if best, ub, ok = s.evaluate(fr, v, a, d, n, k, iv, ub, best); !ok {
			if root {
				s.colLB = fr.queued(s, fr.queue[q:], ub)
			}
			return best, ub
		}
		evaluated++
		for _, part := range []interval{{iv.lo, k - 1, iv.kl, k}, {k + 1, iv.hi, k, iv.kr}} {
			fr.queue = append(fr.queue, pending{iv: part, levels: within(p.levels, part), banded: p.fruitless})
		}
	}
	s.stats.Pruned += max(0, last-first+1) - evaluated
	return best, ub
}

// allowed returns the first and the last of the cuts of a set of all
// records, with w records on the true side of each (numbered from 1, as
// frame numbers them), that leave each side minLeaf records or more: a
// range, as the true side grows with the cut, empty if last < first.
func allowed(w []int, all, minLeaf int) (first, last int) {
	first = 1 + sort.Search(len(w), func(i int) bool { return w[i] >= minLeaf })
	last = sort.Search(len(w), func(i int) bool { return all-w[i] < minLeaf })
	return first, last
}

// start prepares fr for the search of c cuts of v with m budget splits,
// and bounds by column if byColumn is set.
// Cuts are numbered from 1 in slot and done, with 0 and c+1 for the cuts
// whose true side is empty and full, whose sides are bounded by nothing.
func (fr *frame) start(v *view, c, m int, byColumn bool) {
	fr.c, fr.m, fr.all = c, m, v.w
	fr.slot = slices.Grow(fr.slot[:0], c+2)[:c+2]
	clear(fr.slot)
	fr.lb = append(fr.lb[:0], make([]score, 2*m)...) // slot 0
	fr.done = slices.Grow(fr.done[:0], c+2)[:c+2]
	clear(fr.done)
	fr.done[0], fr.done[c+1] = true, true
	fr.cols = 0
	if byColumn {
		fr.cols = len(v.sorted)
		fr.col = append(fr.col[:0], make([]int, 2*fr.cols)...)
	}
}

// begin prepares fr, started for the search of column a at depth d, for
// what the searches of its cuts' sides learn, and bounds its cuts by its
// seeds, if any.
func (fr *frame) begin(s *search, a, d int) {
	fr.seeded = false
	if fr.m != 1 {
		return
	}
	if !s.off.Seeds {
		fr.seed(a)
	}
	if d >= 3 {
		fr.arena = fr.arena[:0]
		fr.learnt = slices.Grow(fr.learnt[:0], fr.c+2)[:fr.c+2]
		clear(fr.learnt)
	}
}

// keep returns the slot of cut k, which it gives k, with bounds of 0, if
// k has none.
func (fr *frame) keep(k int) int {
	if fr.slot[k] == 0 {
		fr.slot[k] = int32(len(fr.lb) / (2 * fr.m))
		fr.lb = append(fr.lb, make([]score, 2*fr.m)...)
		fr.col = append(fr.col, make([]int, 2*fr.cols)...)
	}
	return int(fr.slot[k])
}

// at returns where lb holds the bound on the true side of cut k for budget
// split j; that on its false side follows.
func (fr *frame) at(k, j int) int { return (int(fr.slot[k])*fr.m + j) * 2 }

// columnBounds returns the bounds on the sides of cut k, of interval iv,
// by column: what the stumps of the evaluated cuts around it give, as
// frame.bounds describes, and the order of the columns by them.
func (fr *frame) columnBounds(s *search, k int, iv interval) [2][]int {
	m := fr.cols
	at := func(k, h int) []int {
		i := (int(fr.slot[k])*2 + h) * m
		return fr.col[i : i+m]
	}
	lt, lf := at(iv.kl, 0), at(iv.kl, 1)
	rt, rf := at(iv.kr, 0), at(iv.kr, 1)
	t, f := at(k, 0), at(k, 1)
	toR, fromL := fr.weight(iv.kr)-fr.weight(k), fr.weight(k)-fr.weight(iv.kl)
	for b := range m {
		t[b] = max(rt[b]-toR, 0)
		f[b] = max(lf[b]-fromL, 0)
		if s.monotone() {
			t[b], f[b] = max(t[b], lt[b]), max(f[b], rf[b])
		}
	}
	fr.colOrder = slices.Grow(fr.colOrder[:0], m)[:m]
	for b := range fr.colOrder {
		fr.colOrder[b] = b
	}
	slices.SortFunc(fr.colOrder, func(a, b int) int { return t[a] + f[a] - t[b] - f[b] })
	return [2][]int{t, f}
}

// seed bounds the cuts of column a, which fr holds, of which fr.seeds has
// records, and notes for every cut the seeded cuts nearest it on either
// side, or itself, in prev and next, if there are any: then it sets
// seeded.
func (fr *frame) seed(a int) {
	fr.seeded = false
	for _, r := range fr.seeds {
		if int(r.col) != a {
			continue
		}
		i, ok := slices.BinarySearch(fr.pos, r.pos)
		if !ok {
			continue // not a cut of a subset
		}
		if !fr.seeded {
			fr.prev = slices.Grow(fr.prev[:0], fr.c+2)[:fr.c+2]
			fr.next = slices.Grow(fr.next[:0], fr.c+2)[:fr.c+2]
			clear(fr.prev)
			clear(fr.next)
			fr.seeded = true
		}
		k := i + 1
		j := fr.keep(k) * 2
		fr.lb[j], fr.lb[j+1] = r.t, r.f
		fr.prev[k], fr.next[k] = k, k
	}
	if !fr.seeded {
		return
	}
	fr.next[fr.c+1] = fr.c + 1
	for k := 1; k <= fr.c; k++ {
		if fr.prev[k] == 0 {
			fr.prev[k] = fr.prev[k-1]
		}
	}
	for k := fr.c; k >= 1; k-- {
		if fr.next[k] == 0 {
			fr.next[k] = fr.next[k+1]
		}
	}
}

// learn appends to rs the records of the cuts of column a that fr knows
// bounds on, for a search of a superset.
func (fr *frame) learn(rs []record, a int) []record {
	for k := 1; k <= fr.c; k++ {
		i := fr.at(k, 0)
		if t, f := fr.lb[i], fr.lb[i+1]; t != (score{}) || f != (score{}) {
			rs = append(rs, record{col: int32(a), pos: fr.pos[k-1], t: t, f: f})
		}
	}
	return rs
}

// weight returns the weight on the true side of cut k.
func (fr *frame) weight(k int) int {
	switch k {
	case 0:
		return 0
	case fr.c + 1:
		return fr.all
	}
	return fr.w[k-1]
}

// bounds returns the bounds that the cuts around cut k of interval iv
// give k's true and false sides for budget split j: the evaluated cuts at
// its ends, and seeded cuts nearer k.
func (fr *frame) bounds(s *search, k int, iv interval, j int) (score, score) {
	t, f := fr.around(s, k, iv.kl, iv.kr, j)
	if fr.seeded {
		st, sf := fr.around(s, k, max(iv.kl, fr.prev[k]), min(iv.kr, fr.next[k]), j)
		t, f = s.order.Max(t, st), s.order.Max(f, sf)
	}
	return t, f
}

// around returns the bounds that cuts kl <= k <= kr give k's sides for
// budget split j.
func (fr *frame) around(s *search, k, kl, kr, j int) (score, score) {
	lt, lf, rt, rf := fr.ends(s, kl, kr, j)
	t := s.order.Max(lt, score{E: rt.E - (fr.weight(kr) - fr.weight(k)), B: rt.B})
	f := s.order.Max(rf, score{E: lf.E - (fr.weight(k) - fr.weight(kl)), B: lf.B})
	for _, b := range fr.levels {
		t = s.order.Max(t, score{E: lt.E + b.between(kl, k)})
		f = s.order.Max(f, score{E: rf.E + b.between(k, kr)})
	}
	return s.order.Max(t, score{}), s.order.Max(f, score{})
}

// ends returns the bounds on the true and false sides of cuts kl and kr
// for budget split j, which bound the sides of a cut between them. Where
// the objective is not monotone, kl's true side and kr's false side, which
// the cut's sides hold, bound nothing, and ends gives them as zero.
func (fr *frame) ends(s *search, kl, kr, j int) (lt, lf, rt, rf score) {
	l, r := fr.at(kl, j), fr.at(kr, j)
	lt, lf, rt, rf = fr.lb[l], fr.lb[l+1], fr.lb[r], fr.lb[r+1]
	if !s.monotone() {
		lt, rf = score{}, score{}
	}
	return lt, lf, rt, rf
}

// monotone reports whether a set costs no less than any subset of it, the
// bound that a cut's sides take from the sides of a cut further in, which
// they hold. It does not hold with a minimum leaf size, where the trees
// best on the set may leave the subset's leaves too small. The bound the
// other way holds still: a side costs no less than a superset less the
// records it lacks, as the side's best tree does no worse on the superset
// than that, its leaves only larger there.
func (s *search) monotone() bool { return s.minLeaf <= 1 }

// narrow returns the least and the greatest cut of interval iv that the
// bounds its ends give (around) may leave better than ub; none if lo > hi.
// As a function of the weight x of a cut's true side, those bounds are
// max(a, b+x) and max(c, d-x) in objective value, whose sum is at most ub's
// on one range of x, and x grows with the cut: two binary searches find
// the cuts in it. The cuts out of it are closed whatever else bounds them,
// which open would find one by one.
func (fr *frame) narrow(s *search, iv interval, ub score) (lo, hi int) {
	const slack = 1e-6 // keeps a cut that rounding alone would close
	u := s.order.Value(ub) - s.order.Value(objective.Branch)
	wl, wr := float64(fr.weight(iv.kl)), float64(fr.weight(iv.kr))
	xlo, xhi := math.Inf(1), math.Inf(-1)
	for j := range fr.m {
		lt, lf, rt, rf := fr.ends(s, iv.kl, iv.kr, j)
		a, b := max(s.order.Value(lt), 0), s.order.Value(rt)-wr
		c, d := max(s.order.Value(rf), 0), s.order.Value(lf)+wl
		if a+c > u+slack || b+d > u+slack {
			continue
		}
		xlo, xhi = min(xlo, a+d-u-slack), max(xhi, u-b-c+slack)
	}
	n := iv.hi - iv.lo + 1
	lo = iv.lo + sort.Search(n, func(i int) bool { return float64(fr.weight(iv.lo+i)) >= xlo })
	hi = iv.lo + sort.Search(n, func(i int) bool { return float64(fr.weight(iv.lo+i)) > xhi }) - 1
	return lo, hi
}

// after returns the first cut of iv after k, a closed one, that may be
// open: past the cuts up to the next seeded one that the seeded cuts
// around them close (see narrow), which open would find one by one.
func (fr *frame) after(s *search, k int, iv interval, ub score) int {
	if !fr.seeded || fr.prev[k] == k {
		return k + 1
	}
	span := interval{k + 1, min(fr.next[k]-1, iv.hi), max(iv.kl, fr.prev[k]), min(iv.kr, fr.next[k])}
	if lo, hi := fr.narrow(s, span, ub); lo <= hi {
		return lo
	}
	return span.hi + 1
}

// before is after, the other way: the last cut of iv before k that may be
// open.
func (fr *frame) before(s *search, k int, iv interval, ub score) int {
	if !fr.seeded || fr.prev[k] == k {
		return k - 1
	}
	span := interval{max(fr.prev[k]+1, iv.lo), k - 1, max(iv.kl, fr.prev[k]), min(iv.kr, fr.next[k])}
	if lo, hi := fr.narrow(s, span, ub); lo <= hi {
		return hi
	}
	return span.lo - 1
}

// open reports whether cut k of interval iv may have a tree better than ub.
func (fr *frame) open(s *search, k int, iv interval, ub score) bool {
	for j := range fr.m {
		t, f := fr.bounds(s, k, iv, j)
		if s.order.Less(t.Add(f).Add(objective.Branch), ub) {
			return true
		}
	}
	return false
}

// queued returns the least bound of the cuts in the intervals q that are
// not evaluated, or ub if there are none.
func (fr *frame) queued(s *search, q []pending, ub score) score {
	b := ub
	for _, p := range q {
		fr.levels = p.levels
		b = s.order.Min(b, fr.pending(s, p.iv, ub))
	}
	return b
}

// pending returns the least bound of the cuts of interval iv that are not
// evaluated, or ub if there are none.
func (fr *frame) pending(s *search, iv interval, ub score) score {
	b := ub
	{
		for k := iv.lo; k <= iv.hi; k++ {
			if fr.done[k] {
				continue
			}
			for j := range fr.m {
				t, f := fr.bounds(s, k, iv, j)
				b = s.order.Min(b, t.Add(f).Add(objective.Branch))
			}
		}
	}
	return b
}

// evaluate finds the best trees of both sides of cut k of column a, or
// bounds on them, and returns the best tree so far and its score, and
// false if the search stopped before it was done.
func (s *search) evaluate(fr *frame, v *view, a, d, n, k int, iv interval, ub score, best *sol) (*sol, score, bool) {
	p := fr.pos[k-1]
	feature := s.x.cols[a].feature[p]
	lo, _ := splits(d, n)
	fr.keep(k)
	if d == 2 {
		lb := fr.columnBounds(s, k, iv)
		caps := fr.caps(s, k, iv, ub)
		tl, fl, ts, fs := s.sideStumps(v, fr, a, p, &lb, fr.colOrder, caps)
		for j := range fr.m {
			t, f := tl, fl
			if lo+j > 0 {
				t = s.better(tl, ts)
			}
			if n-1-lo-j > 0 {
				f = s.better(fl, fs)
			}
			i := fr.at(k, j)
			fr.lb[i], fr.lb[i+1] = s.order.Min(t.S, score{E: caps[0]}), s.order.Min(f.S, score{E: caps[1]})
			if sc := t.S.Add(f.S).Add(objective.Branch); s.order.Less(sc, ub) {
				best, ub = join(feature, f, t), sc
				s.found(v, best)
			}
		}
		fr.done[k] = true
		return best, ub, true
	}
	// The views of the sides are the depth's, which one cut at a time
	// needs, rather than fr's, one of a frame per column in bestFirst.
	sv := &s.frames[d]
	ht := fr.h[k-1]
	hf := [2]uint64{v.h[0] - ht[0], v.h[1] - ht[1]}
	// The second side is solved for trees better than ub plus slack, the
	// records between k and the farther end of its interval: a bound that
	// high on k proves every cut of the interval no better than ub. The
	// first gets a quarter of the slack: more costs its search more than
	// the intervals it proves save.
	slack := score{E: max(fr.weight(k)-fr.weight(iv.lo), fr.weight(iv.hi)-fr.weight(k))}
	bigger := 2*fr.weight(k) >= v.w // whether the true side is the larger
	split := false
	for j := range fr.m {
		nl := lo + j
		nr := n - 1 - nl
		t, f := fr.bounds(s, k, iv, j)
		t = s.order.Max(t, s.cache.LB(ht, d-1, nl))
		f = s.order.Max(f, s.cache.LB(hf, d-1, nr))
		i := fr.at(k, j)
		fr.lb[i], fr.lb[i+1] = t, f
		if !s.order.Less(t.Add(f).Add(objective.Branch), ub) {
			continue
		}
		if !split {
			v.split(s.x, a, p, s.marks, &sv.t, &sv.f)
			split = true
		}
		// The larger side first, whose bound then limits the smaller.
		sides := [2]half{{&sv.t, nl, t, i}, {&sv.f, nr, f, i + 1}}
		if !bigger {
			sides[0], sides[1] = sides[1], sides[0]
		}
		var r [2]*sol
		for h, sd := range sides {
			other, more := sides[1].lb, score{E: slack.E / 4}
			if h == 1 {
				other, more = r[0].S, slack
			}
			lim := ub.Sub(other).Sub(objective.Branch).Add(more)
			// The side of the evaluated cut nearest k that is a subset of
			// this side: the true side of kl, the false side of kr.
			keep := d >= 3 && fr.m == 1
			if keep {
				span := fr.learnt[iv.kl][0]
				if sd.i&1 == 1 {
					span = fr.learnt[iv.kr][1]
				}
				s.seeds = fr.arena[span[0]:span[1]]
			}
			r[h] = s.solve(sd.v, d-1, sd.n, lim, sd.lb)
			if s.stop.Load() {
				return best, ub, false
			}
			if keep {
				start := len(fr.arena)
				fr.arena = append(fr.arena, s.learnt[d-1]...)
				fr.learnt[k][sd.i&1] = [2]int{start, len(fr.arena)}
			}
			if r[h] == nil {
				fr.lb[sd.i] = s.order.Max(sd.lb, lim)
				break
			}
			fr.lb[sd.i] = r[h].S
		}
		if r[1] == nil {
			continue
		}
		if sc := r[0].S.Add(r[1].S).Add(objective.Branch); s.order.Less(sc, ub) {
			rt, rf := r[0], r[1]
			if !bigger {
				rt, rf = rf, rt
			}
			best, ub = join(feature, rf, rt), sc
			s.found(v, best)
		}
	}
	fr.done[k] = true
	return best, ub, true
}

// half is one side of a cut to solve: its items, budget, known bound, and
// where frame.lb keeps what is learnt of it.
type half struct {
	v  *view
	n  int
	lb score
	i  int
}

// sideStumps finds, in one sweep of v, the leaf and the best tree of
// depth one (nil if none beats the leaf) of each side of the cut of column
// a at position p, true side first, with fr's stumps; lb and cols are as
// sweep takes them, and caps the stumps' (see stump.cap): a side whose
// best tree makes as many errors as its cap or more gets the best the
// sweep weighed.
func (s *search) sideStumps(v *view, fr *frame, a int, p int32, lb *[2][]int, cols []int, caps [2]int) (tl, fl, ts, fs *sol) {
	tcls, fcls, at := fr.sides(v, a, p, s.marks)
	fr.ts[0].start(tcls, s.minLeaf)
	fr.ts[1].start(fcls, s.minLeaf)
	fr.ts[0].cap, fr.ts[1].cap = caps[0], caps[1]
	s.sweep(v, &fr.ts, lb, cols, cut{a, at})
	return leaf(tcls), leaf(fcls), s.stumpSol(&fr.ts[0]), s.stumpSol(&fr.ts[1])
}

// caps returns the errors below which trees of depth one of the true and
// false sides of cut k of interval iv are wanted, at depth two with the
// full budget and no cost: below what ub leaves each beside the other's
// bound, plus the slack to the farther end of the interval, as the sides
// of deeper cuts are searched (evaluate). A side that fails by more proves
// the interval; by less, the sweep finds its best tree still, whose
// errors bound the cuts nearby. Elsewhere, no cap.
func (fr *frame) caps(s *search, k int, iv interval, ub score) [2]int {
	if fr.m != 1 || s.order.Cost != 0 {
		return [2]int{math.MaxInt, math.MaxInt}
	}
	t, f := fr.bounds(s, k, iv, 0)
	slack := max(fr.weight(k)-fr.weight(iv.lo), fr.weight(iv.hi)-fr.weight(k))
	if !s.order.ErrorsOnly {
		slack++ // as many errors as ub, with fewer branches, beat it
	}
	return [2]int{ub.E - f.E + slack, ub.E - t.E + slack}
}

// sides marks the items of v by their side of the cut of column a at
// position p, and returns the class weights of the true and false sides,
// and where the false side starts in column a's order.
func (fr *frame) sides(v *view, a int, p int32, side []uint8) (tcls, fcls []int, at int) {
	if len(fr.tcls) != len(v.cls) {
		fr.tcls, fr.fcls = make([]int, len(v.cls)), make([]int, len(v.cls))
	}
	clear(fr.tcls)
	o := v.sorted[a]
	at = sort.Search(len(o), func(i int) bool { return o[i].pos > p })
	for _, e := range o[:at] {
		side[e.item] = 0
		fr.tcls[e.class] += int(e.w)
	}
	for _, e := range o[at:] {
		side[e.item] = 1
	}
	for k, w := range v.cls {
		fr.fcls[k] = w - fr.tcls[k]
	}
	return fr.tcls, fr.fcls, at
}

// restBound returns the least of ub and what the cache proves of the
// trees of v whose root tests a column from from on.
func (s *search) restBound(v *view, d, n, from int, ub score) score {
	fr := &s.frames[d]
	lo, hi := splits(d, n)
	b := ub
	for a := from; a < len(s.x.cols); a++ {
		fr.cuts(s.x, v, a)
		first, last := allowed(fr.w, v.w, s.minLeaf)
		for k := first - 1; k < last; k++ {
			ht := fr.h[k]
			hf := [2]uint64{v.h[0] - ht[0], v.h[1] - ht[1]}
			for nl := lo; nl <= hi; nl++ {
				sc := s.cache.LB(ht, d-1, nl).Add(s.cache.LB(hf, d-1, n-1-nl)).Add(objective.Branch)
				b = s.order.Min(b, sc)
			}
		}
	}
	return b
}

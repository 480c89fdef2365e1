package regress

import (
	"slices"

	"github.com/odtx/odtx/objective"
)

// A budget of branching nodes (Options.MaxBranches) is searched apart
// from solve, which knows none: solve searches a set whose budget binds
// nothing, at least the most branching nodes a tree of its depth has or
// its leaf size leaves it (objective.LeafBudget), and so a search without
// a budget goes as it went before budgets. Where the budget n of a set
// binds, within searches its trees of at most n branching nodes: a split
// leaves n-1 to its sides, the true side lo to hi of them and the false
// side the rest (splits), each side searched within its own budget, by
// solve where that binds nothing.
//
// The bounds of solve hold within a budget: a set costs no less than a
// subset within the same budget, as the subset's items under the set's
// best tree make a tree of no more branching nodes; so the cuts of a
// column are searched by intervals, each evaluated cut proving bounds on
// its sides for each split of the budget. And a side costs no less within
// a budget than within a larger one, or none: the cache, where within
// keeps what it proves under the budget (objective.Key.N; solve's keys
// have N 0, a budget within never caches, being a leaf's), bounds it by
// both.

// most returns the most branching nodes of a tree within o.
func (o Options) most() int {
	m := objective.MaxBranches(o.MaxDepth)
	if o.MaxBranches > 0 {
		m = min(m, o.MaxBranches)
	}
	return m
}

// limit returns the budget of n branching nodes of a set of w records at
// depth d, less where its leaves cannot all keep the leaf size, and
// whether it binds: whether the set has trees of depth d of more.
func (s *search) limit(d, n int, w int64) (int, bool) {
	all := objective.LeafBudget(objective.MaxBranches(d), int(w), int(s.least))
	return min(n, all), n < all
}

// splits returns the budgets of the true side of a node of n branching
// nodes at depth d, lo to hi: the false side has the rest of the n-1
// below the node, as more budget never hurts.
func splits(d, n int) (lo, hi int) {
	child := objective.MaxBranches(d - 1)
	return max(0, n-1-child), min(n-1, child)
}

// within returns the tree of v of depth at most d and at most n branching
// nodes of least SSE (or cost) if that is below ub, and nil otherwise, as
// solve does, and by solve where n binds nothing.
func (s *search) within(v *set, d, n int, ub float64) *sol {
	n, binds := s.limit(d, n, v.tot.n)
	if !binds {
		return s.solve(v, d, ub)
	}
	s.stats.Subproblems++
	best, target := s.toBeat(v, ub)
	// A budget of 1 or more that binds is below 2^d-1, so d is 2 or more.
	if n == 0 || v.own >= target || s.stop.Load() {
		return best
	}
	key := objective.KeyOf(v.h, d, n)
	if t, done := s.cached(key, ub, target, best); done {
		return t
	}
	if st := s.depthOne(v, target); st.col >= 0 {
		best, target = st.sol(), st.best
	}
	for a := range v.order {
		if n == 1 || s.stop.Load() {
			break
		}
		s.withinColumn(v, d, n, a, &best, &target)
	}
	if s.stop.Load() {
		return best
	}
	s.remember(key, best, ub)
	return best
}

// withinColumn searches the trees of v of depth d and at most n branching
// nodes, both from two on, whose root tests column a, for one better than
// *target, as searchColumn does without a budget: by intervals, the open
// cut nearest the middle of one first.
func (s *search) withinColumn(v *set, d, n, a int, best **sol, target *float64) {
	fr := &s.frames[d]
	fr.cuts = s.x.cuts(fr.cuts[:0], v, a, true)
	if s.least > 1 {
		fr.cuts = s.allowed(fr.cuts, v.tot.n)
	}
	c := len(fr.cuts)
	lo, hi := splits(d, n)
	fr.lowest, fr.ways = lo, hi-lo+1
	fr.slot = slices.Grow(fr.slot[:0], c+2)[:c+2]
	clear(fr.slot)
	fr.sides = append(fr.sides[:0], make([][2]float64, fr.ways)...) // slot 0 bounds nothing
	fr.queue = append(fr.queue[:0], interval{1, c, 0, c + 1})
	for q := 0; q < len(fr.queue) && !s.stop.Load(); q++ {
		iv := fr.queue[q]
		goal := *target - s.pen // what a cut's two sides must cost less than
		lo, hi, k := pick(iv, func(k int) bool { return fr.openWithin(v, n, k, iv, goal) })
		s.stats.Pruned += iv.hi - iv.lo + 1 - max(hi-lo+1, 0)
		if lo > hi {
			continue
		}
		s.evalWithin(fr, v, d, n, a, k, iv, best, target)
		fr.queue = append(fr.queue, s.interval(lo, k-1, iv.kl, k, c), s.interval(k+1, hi, k, iv.kr, c))
	}
}

// budgets returns the budgets of the true and false sides of split j of
// a node of n branching nodes.
func (fr *frame) budgets(n, j int) [2]int {
	t := fr.lowest + j
	return [2]int{t, n - 1 - t}
}

// boundsWithin returns bounds below the least cost of the true and false
// sides of cut k of interval iv of v within the budgets of split j of n:
// what kl proved of the true side and kr of the false side, the SSE of
// the records that no test tells apart, and a side's leaf where its
// budget is 0.
func (fr *frame) boundsWithin(v *set, n, k, j int, iv interval) [2]float64 {
	u := fr.cuts[k-1]
	b := [2]float64{
		max(fr.sides[int(fr.slot[iv.kl])*fr.ways+j][0], u.own),
		max(fr.sides[int(fr.slot[iv.kr])*fr.ways+j][1], v.own-u.own),
	}
	nb := fr.budgets(n, j)
	if nb[0] == 0 {
		b[0] = u.t.sse()
	}
	if nb[1] == 0 {
		b[1] = v.tot.sub(u.t).sse()
	}
	return b
}

// openWithin reports whether cut k of interval iv of v may have a tree of
// n branching nodes whose sides cost less than goal.
func (fr *frame) openWithin(v *set, n, k int, iv interval, goal float64) bool {
	for j := range fr.ways {
		if b := fr.boundsWithin(v, n, k, j, iv); b[0]+b[1] < goal {
			return true
		}
	}
	return false
}

// evalWithin evaluates cut k of column a, of interval iv of fr, at the
// root of a tree of v of depth d and at most n branching nodes, as
// evalCut does without a budget, for each split of the budget: it solves
// both sides within their budgets, if together they may beat *target,
// the larger first, and records what it proves of them.
func (s *search) evalWithin(fr *frame, v *set, d, n, a, k int, iv interval, best **sol, target *float64) {
	u := fr.cuts[k-1]
	sl := len(fr.sides) / fr.ways
	fr.slot[k] = int32(sl)
	fr.sides = append(fr.sides, make([][2]float64, fr.ways)...)
	b := fr.sides[sl*fr.ways:]
	tot := [2]stat{u.t, v.tot.sub(u.t)}
	hs := [2][2]uint64{u.h, {v.h[0] - u.h[0], v.h[1] - u.h[1]}}
	first := 0
	if tot[1].n > tot[0].n {
		first = 1
	}
	split := false
	for j := range b {
		nb := fr.budgets(n, j)
		b[j] = fr.boundsWithin(v, n, k, j, iv)
		for h := range 2 {
			b[j][h] = s.bound(hs[h], d-1, nb[h], tot[h], b[j][h])
		}
		goal := *target - s.pen
		if b[j][0]+b[j][1] >= goal {
			continue
		}
		if !split {
			s.x.split(v, a, u.pos, s.side, &fr.f, &fr.t)
			split = true
		}
		// Each side is solved for a tree better than goal less what the
		// other side costs at least at the far end of the interval, as
		// evalCut does: one that fails closes the cuts between as well.
		far := [2]float64{fr.sides[int(fr.slot[iv.kl])*fr.ways+j][0], fr.sides[int(fr.slot[iv.kr])*fr.ways+j][1]}
		sets := [2]*set{&fr.t, &fr.f}
		var r [2]*sol
		for _, h := range [2]int{first, 1 - first} {
			s.frames[d-1].seeds = nil // seeds are for a search without a budget
			ub := goal - far[1-h]
			if r[h] = s.within(sets[h], d-1, nb[h], ub); s.stop.Load() {
				return
			}
			if r[h] == nil {
				b[j][h] = max(b[j][h], ub)
				break
			}
			b[j][h] = r[h].cost
		}
		if r[0] != nil && r[1] != nil {
			if t := s.join(a, u.pos, r[1], r[0]); t.cost < *target {
				*best, *target = t, t.cost
			}
		}
	}
	// A side costs no less within a budget than within a larger one: the
	// true side's budget grows with the split, the false side's shrinks.
	for j := len(b) - 2; j >= 0; j-- {
		b[j][0] = max(b[j][0], b[j+1][0])
	}
	for j := 1; j < len(b); j++ {
		b[j][1] = max(b[j][1], b[j-1][1])
	}
}

// bound returns a bound below the cost of every tree of depth d and at
// most n branching nodes of the set whose sums are tot and hash sums h,
// of at least low: its leaf's SSE where it may not split, else what the
// cache knows of it within the budget, or within none.
func (s *search) bound(h [2]uint64, d, n int, tot stat, low float64) float64 {
	n, binds := s.limit(d, n, tot.n)
	if n == 0 {
		return tot.sse()
	}
	low = s.lb(objective.Key{H: h, D: int32(d)}, low)
	if binds {
		low = s.lb(objective.KeyOf(h, d, n), low)
	}
	return low
}

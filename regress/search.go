package regress

import (
	"math"
	"sync/atomic"

	"github.com/odtx/odtx/objective"
	"github.com/odtx/odtx/tree"
)

// sol is a solution of a search: a tree of the items' integer targets and
// its cost as computed: its SSE and the cost of its branching nodes.
type sol struct {
	cost     float64
	branches int
	col      int   // of the test at the root; -1 at a leaf
	cut      int32 // the test's number in its column
	f, t     *sol  // where the test fails and holds
}

func leaf(s *set) *sol { return &sol{cost: s.tot.sse(), col: -1} }

// join returns the tree of test k of column a with the trees f and t,
// which costs theirs and a branching node's.
func (s *search) join(a int, k int32, f, t *sol) *sol {
	return &sol{cost: f.cost + t.cost + s.pen, branches: f.branches + t.branches + 1, col: a, cut: k, f: f, t: t}
}

// tree returns t over the dataset's features.
func (x *data) tree(t *sol) *tree.Node {
	if t.col < 0 {
		return &tree.Node{}
	}
	return tree.Split(x.cols[t.col].Feature[t.cut], x.tree(t.f), x.tree(t.t))
}

// sse returns the SSE of t on the items, each leaf's computed from its
// exact sums.
func (x *data) sse(t *sol, items []int32) float64 {
	if t.col < 0 {
		var tot stat
		for _, i := range items {
			tot = tot.add(x.stat[i])
		}
		return tot.sse()
	}
	pos := x.cols[t.col].Pos
	var f, in []int32
	for _, i := range items {
		if pos[i] <= t.cut {
			in = append(in, i)
		} else {
			f = append(f, i)
		}
	}
	return x.sse(t.f, f) + x.sse(t.t, in)
}

// known is what the cache knows of a set at a depth: its optimal tree,
// or a bound below every tree's SSE.
type known struct {
	lb  float64
	opt *sol
}

// search is the state of one Solve.
type search struct {
	x      *data
	opt    Options
	margin float64 // what a split must gain on a leaf, against rounding
	// least is the fewest records a side of a split holds (Options.MinLeaf,
	// at least 1), and mono whether that is 1. Only then does a set cost
	// no less than a subset, which the bounds from cuts around a cut, the
	// bounds by column at depth two and seeds rest on: with a leaf size,
	// the set's best tree may leave the subset's leaves too small. So
	// without mono, intervals are bounded by the cuts at the ends of the
	// column, which bound nothing (see interval), and no seeds pass.
	least int64
	mono  bool
	// pen is what a branching node costs, in the SSE's units: the
	// complexity cost times the SSE of the root's leaf, and eta, where
	// the fewest nodes are asked for (see the package doc).
	pen, eta float64
	cache    *objective.Memo[known]
	stop     atomic.Bool
	stats    Stats
	side     []uint8 // by item: the side of the cut being tried, 0 where it holds
	one      stump   // for trees of depth one
	frames   []frame // by depth
	// root is the set of all items, whose search goes best first, and
	// rootBound the bound it proved where it stopped (see bestFirst).
	root      *set
	rootBound float64
	// budget is the most branching nodes of the root's trees: those of
	// its depth, or fewer, Options.MaxBranches (see within).
	budget int
}

// lb returns a bound below the SSE of every tree of the subproblem key,
// of at least low.
func (s *search) lb(key objective.Key, low float64) float64 {
	if e, ok := s.cache.Get(key); ok {
		if e.opt != nil {
			return max(low, e.opt.cost)
		}
		low = max(low, e.lb)
	}
	return low
}

// toBeat returns v's leaf, if its SSE is below ub, and what a split must
// cost less than: the leaf's SSE less the margin, or ub.
func (s *search) toBeat(v *set, ub float64) (*sol, float64) {
	if lf := leaf(v); lf.cost < ub {
		return lf, lf.cost - s.margin
	}
	return nil, ub
}

// solve returns the tree of v of depth at most d of least SSE if that is
// below ub, and nil otherwise: a split must beat the leaf by the margin.
// A search that was stopped returns the best tree it found.
func (s *search) solve(v *set, d int, ub float64) *sol {
	s.stats.Subproblems++
	best, target := s.toBeat(v, ub)
	if d == 0 || v.own >= target || v.tot.n < 2*s.least || s.stop.Load() {
		return best
	}
	if d == 1 {
		if st := s.depthOne(v, target); st.col >= 0 {
			return st.sol()
		}
		return best
	}
	fr := &s.frames[d]
	seeds := fr.seeds
	fr.seeds, fr.learnt = nil, fr.learnt[:0]
	key := objective.Key{H: v.h, D: int32(d)}
	if t, done := s.cached(key, ub, target, best); done {
		return t
	}
	// The cut of the best tree of depth one, whatever its SSE, is
	// evaluated first: its sides solved make a tree to beat early.
	st := s.depthOne(v, math.Inf(1))
	first, at := st.col, st.cut
	if st.best < target {
		best, target = st.sol(), st.best
	}
	fr.seeds = seeds
	if v == s.root {
		s.rootBound = s.bestFirst(v, d, first, at, &best, &target)
	}
	for a := range v.order {
		if v == s.root || s.stop.Load() {
			break
		}
		k := int32(-1)
		if a == first {
			k = at
		}
		s.searchColumn(v, d, a, k, &best, &target)
	}
	fr.seeds = nil
	if s.stop.Load() {
		return best
	}
	s.remember(key, best, ub)
	return best
}

// cached returns what the cache knows of the subproblem key, searched
// for a tree below ub, and done, if that settles it: the tree of least
// SSE, nil where none is below ub, or best, the leaf, where no split
// beats target, what it must.
func (s *search) cached(key objective.Key, ub, target float64, best *sol) (t *sol, done bool) {
	e, ok := s.cache.Get(key)
	if !ok {
		return nil, false
	}
	s.stats.CacheHits++
	switch {
	case e.opt != nil && e.opt.cost < ub:
		return e.opt, true
	case e.opt != nil || e.lb >= ub:
		return nil, true
	case e.lb >= target:
		return best, true
	}
	return nil, false
}

// remember caches what a search of the subproblem key below ub found:
// best, the tree of least SSE, or, if nil, that none is below ub.
func (s *search) remember(key objective.Key, best *sol, ub float64) {
	if best != nil {
		s.cache.Put(key, known{opt: best})
	} else {
		s.cache.Put(key, known{lb: ub})
	}
}

// evalCut evaluates cut k of column a, of interval iv of fr, at the root
// of a tree of v of depth d, from three on, its sides split into the sets
// of the frame of depth d: it solves both sides, if together
// they may beat *target, for trees of depth d-1, and records what it
// proves of them for the cuts around. The larger side is solved first:
// where it finds no tree, the other is not searched. The search of a side
// starts from what that of the same side of the evaluated cut nearest, a
// subset of it, learnt: kl's true side, kr's false side.
func (s *search) evalCut(fr *frame, v *set, d, a, k int, iv interval, best **sol, target *float64) {
	u := fr.cuts[k-1]
	fr.slot[k] = int32(len(fr.opt))
	fr.opt = append(fr.opt, [2]float64{})
	b := &fr.opt[fr.slot[k]]
	hf := [2]uint64{v.h[0] - u.h[0], v.h[1] - u.h[1]}
	bt, bf := fr.bounds(v, k, iv)
	b[0], b[1] = s.lb(objective.Key{H: u.h, D: int32(d - 1)}, bt), s.lb(objective.Key{H: hf, D: int32(d - 1)}, bf)
	goal := *target - s.pen // what the two sides must cost less than
	if b[0]+b[1] >= goal {
		s.stats.Pruned++
		return
	}
	mem := &s.frames[d]
	s.x.split(v, a, u.pos, s.side, &mem.f, &mem.t)
	sets := [2]*set{&mem.t, &mem.f}
	hs := [2]int{0, 1} // each one's side: 0 true, 1 false
	if mem.f.tot.n > mem.t.tot.n {
		sets[0], sets[1] = sets[1], sets[0]
		hs[0], hs[1] = 1, 0
	}
	// Each side is solved for a tree better than target less what the
	// other side costs at least at the far end of the interval: one that
	// fails then closes the cuts between k and that end as well.
	far := [2]float64{fr.opt[fr.slot[iv.kl]][0], fr.opt[fr.slot[iv.kr]][1]}
	sub := &s.frames[d-1]
	var r [2]*sol
	for i, h := range hs {
		other := far[1-h]
		span := fr.spans[iv.kl][0]
		if h == 1 {
			span = fr.spans[iv.kr][1]
		}
		sub.seeds = fr.arena[span[0]:span[1]]
		r[i] = s.solve(sets[i], d-1, goal-other)
		if s.stop.Load() {
			return
		}
		start := int32(len(fr.arena))
		fr.arena = append(fr.arena, sub.learnt...)
		fr.spans[k][h] = [2]int32{start, int32(len(fr.arena))}
		if r[i] == nil {
			b[h] = max(b[h], goal-other)
			return
		}
		b[h] = r[i].cost
	}
	t, f := r[0], r[1]
	if hs[0] == 1 {
		t, f = f, t
	}
	if j := s.join(a, u.pos, f, t); j.cost < *target {
		*best, *target = j, j.cost
	}
}

// greedy returns the tree of depth d and at most n branching nodes that
// splits each set by its best test alone, as CART does by the SSE, where
// both sides keep the leaf size. Where n binds, the larger side of a
// split gets as much of the rest as its depth takes.
func (s *search) greedy(v *set, d, n int) *sol {
	lf := leaf(v)
	if d == 0 || n == 0 || v.tot.n < 2*s.least || s.stop.Load() {
		return lf
	}
	st := s.depthOne(v, lf.cost-s.margin)
	if st.col < 0 {
		return lf
	}
	if d == 1 || n == 1 {
		return st.sol()
	}
	a, k := st.col, st.cut
	var f, t set
	s.x.split(v, a, k, s.side, &f, &t)
	nf, nt := objective.MaxBranches(d-1), objective.MaxBranches(d-1)
	if n < objective.MaxBranches(d) {
		nt = min(n-1, nt)
		nf = n - 1 - nt
		if f.tot.n > t.tot.n {
			nf, nt = nt, nf
		}
	}
	return s.join(a, k, s.greedy(&f, d-1, nf), s.greedy(&t, d-1, nt))
}

// marginOf returns the margin of a search of depth d whose root's SSE is
// root, of n records: as much as rounding may err in the SSE of one tree
// of that depth, a sum of 2^d leaves each off by a unit in the 51st bit
// of its SSE (see stat.sse), or of stumps each off by a few units in the
// last place of its SSE plus a quarter of its records (see stump).
func marginOf(root float64, n int64, d int) float64 {
	return math.Ldexp(root+float64(n)/4, min(d, 40)-50)
}

package regress

import (
	"math"
	"sync/atomic"

	"github.com/odtx/odtx/objective"
	"github.com/odtx/odtx/tree"
)

// sol is a solution of a search: a tree of the items' integer targets and
// its SSE as computed.
type sol struct {
	cost     float64
	branches int
	col      int   // of the test at the root; -1 at a leaf
	cut      int32 // the test's number in its column
	f, t     *sol  // where the test fails and holds
}

func leaf(s *set) *sol { return &sol{cost: s.tot.sse(), col: -1} }

func join(a int, k int32, f, t *sol) *sol {
	return &sol{cost: f.cost + t.cost, branches: f.branches + t.branches + 1, col: a, cut: k, f: f, t: t}
}

// tree returns t over the dataset's features.
func (x *data) tree(t *sol) *tree.Node {
	if t.col < 0 {
		return &tree.Node{}
	}
	return tree.Split(x.cols[t.col].Feature[t.cut], x.tree(t.f), x.tree(t.t))
}

// entry is what the cache knows of a set at a depth: its optimal tree,
// or a bound below every tree's SSE.
type entry struct {
	lb  float64
	opt *sol
}

// search is the state of one Solve.
type search struct {
	x      *data
	margin float64 // what a split must gain on a leaf, against rounding
	cache  map[objective.Key]entry
	stop   atomic.Bool
	stats  Stats
}

// lb returns a bound below the SSE of every tree of s of depth d, of at
// least low.
func (s *search) lb(st *set, d int, low float64) float64 {
	low = max(low, st.own)
	if e, ok := s.cache[objective.Key{H: st.h, D: int32(d)}]; ok {
		if e.opt != nil {
			return max(low, e.opt.cost)
		}
		low = max(low, e.lb)
	}
	return low
}

// solve returns the tree of st of depth at most d of least SSE if that is
// below ub, and nil otherwise: a split must beat the leaf by the margin.
// A search that was stopped returns the best tree it found.
func (s *search) solve(st *set, d int, ub float64) *sol {
	s.stats.Subproblems++
	lf := leaf(st)
	var best *sol
	target := ub
	if lf.cost < ub {
		best, target = lf, lf.cost-s.margin
	}
	if d == 0 || st.own >= target {
		return best
	}
	if d == 1 {
		if t := s.sweep(st, target); t != nil {
			return t
		}
		return best
	}
	key := objective.Key{H: st.h, D: int32(d)}
	if e, ok := s.cache[key]; ok {
		s.stats.CacheHits++
		switch {
		case e.opt != nil && e.opt.cost < ub:
			return e.opt
		case e.opt != nil || e.lb >= ub:
			return nil
		case e.lb >= target:
			return best
		}
	}
	for a := range s.x.cols {
		cuts := s.x.cuts(st, a)
		s.intervals(st, d, a, cuts, 0, len(cuts)-1, 0, 0, &best, &target)
	}
	if s.stop.Load() {
		return best
	}
	if best != nil {
		s.cache[key] = entry{opt: best}
	} else {
		s.cache[key] = entry{lb: ub}
	}
	return best
}

// intervals searches the cuts lo to hi of column a for a tree of st
// better than target, given bounds below the SSE of the side where the
// test holds of the cuts before lo, lt, and of the side where it fails of
// the cuts after hi, lf. As a cut moves right, the side where its test
// holds grows and the other shrinks, and a set's best tree costs no less
// than a subset's: so lt + lf bounds every cut between. The middle cut is
// tried first, which bounds both halves.
func (s *search) intervals(st *set, d, a int, cuts []int32, lo, hi int, lt, lf float64, best **sol, target *float64) {
	if lo > hi || s.stop.Load() {
		return
	}
	if lt+lf >= *target {
		s.stats.Pruned += hi - lo + 1
		return
	}
	mid := (lo + hi) / 2
	bt, bf := s.cut(st, d, a, cuts[mid], lt, lf, best, target)
	s.intervals(st, d, a, cuts, lo, mid-1, lt, bf, best, target)
	s.intervals(st, d, a, cuts, mid+1, hi, bt, lf, best, target)
}

// cut tries the test k of column a at the root of a tree of st of depth
// d, for a tree better than target, given bounds lt and lf below the SSE
// of its sides, and returns bounds below their SSE that it proved.
func (s *search) cut(st *set, d, a int, k int32, lt, lf float64, best **sol, target *float64) (bt, bf float64) {
	f, t := s.x.split(st, a, k)
	bt, bf = s.lb(t, d-1, lt), s.lb(f, d-1, lf)
	if bt+bf >= *target {
		s.stats.Pruned++
		return bt, bf
	}
	ts := s.solve(t, d-1, *target-bf)
	if ts == nil {
		return max(bt, *target-bf), bf
	}
	fs := s.solve(f, d-1, *target-ts.cost)
	if fs == nil {
		return ts.cost, max(bf, *target-ts.cost)
	}
	if j := join(a, k, fs, ts); j.cost < *target {
		*best, *target = j, j.cost
	}
	return ts.cost, fs.cost
}

// sweep returns the tree of depth one of st of least SSE if below target:
// one pass over each column's order, the sums of the items passed those
// of the side where the cut holds.
func (s *search) sweep(st *set, target float64) *sol {
	var best *sol
	for a, o := range st.order {
		pos := s.x.cols[a].Pos
		var in stat
		for j := 0; j < len(o)-1; j++ {
			in = in.add(s.x.stat[o[j]])
			if p := pos[o[j]]; p < pos[o[j+1]] {
				t := &sol{cost: in.sse(), col: -1}
				f := &sol{cost: st.tot.sub(in).sse(), col: -1}
				if c := t.cost + f.cost; c < target {
					best, target = join(a, p, f, t), c
				}
			}
		}
	}
	return best
}

// greedy returns the tree of depth d that splits each set by its best
// test alone, as CART does by the SSE, but by the best of depth one.
func (s *search) greedy(st *set, d int) *sol {
	lf := leaf(st)
	if d == 0 || s.stop.Load() {
		return lf
	}
	c := s.sweep(st, lf.cost-s.margin)
	if c == nil {
		return lf
	}
	f, t := s.x.split(st, c.col, c.cut)
	return join(c.col, c.cut, s.greedy(f, d-1), s.greedy(t, d-1))
}

// marginOf returns the margin of a search of depth d whose root's SSE is
// root: as much as rounding may err in the SSE of one tree of that depth,
// a sum of 2^d leaves each off by a unit in the 51st bit (see stat.sse).
func marginOf(root float64, d int) float64 {
	return math.Ldexp(root, min(d, 40)-50)
}

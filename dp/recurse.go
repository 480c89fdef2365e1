package dp

import (
	"context"
	"sync/atomic"

	"github.com/odtx/odtx/internal/classbound"
	"github.com/odtx/odtx/tree"
)

// recursion is the state of the depth-first searches over sets of examples:
// the cache, one scratch level per depth of recursion, and the stop signal.
type recursion struct {
	x      *examples
	cache  *cache
	levels []*level
	mask   []uint64 // scratch for pure
	ctx    context.Context
	// halt is set once ctx ends (it may stay set from a context before):
	// a load cheap enough for every call and the long loops of a view.
	halt    atomic.Bool
	stopped bool
}

// level is the scratch space of one depth of the recursion.
type level struct {
	v      view
	s0, s1 []int32
}

func (r *recursion) level(i int) *level {
	for len(r.levels) <= i {
		r.levels = append(r.levels, &level{})
	}
	return r.levels[i]
}

// watch makes the searches stop once ctx ends, and returns the function
// that stops watching.
func (r *recursion) watch(ctx context.Context) func() bool {
	r.ctx = ctx
	return context.AfterFunc(ctx, func() { r.halt.Store(true) })
}

// stop reports whether the search must stop. It is checked on every call,
// where a look at the context itself would cost more than a small call's
// work.
func (r *recursion) stop() bool {
	if !r.stopped && r.halt.Load() && r.ctx.Err() != nil {
		r.stopped = true
	}
	return r.stopped
}

// pure returns a class that every example of set allows, if there is
// one: their one class, where none has Tied classes.
func (r *recursion) pure(set []int32) (int, bool) {
	c := r.x.class[set[0]]
	same := 1
	for same < len(set) && r.x.class[set[same]] == c {
		same++
	}
	switch {
	case same == len(set) && int(c) < r.x.classes:
		return int(c), true
	case len(r.x.ties) == 0:
		return 0, false
	}
	r.mask = r.x.everyClass(r.mask)
	for _, i := range set {
		if !r.x.meet(r.mask, r.x.class[i]) {
			return 0, false
		}
	}
	return firstClass(r.mask), true
}

// view loads set into the view of recursion level i.
func (r *recursion) view(i int, set []int32) *view {
	v := &r.level(i).v
	v.halt = &r.halt
	v.load(r.x, set)
	return v
}

// storeDepth records what a search learnt of the depth set needs: lb,
// exact with a tree t. Bounds only rise, and nothing is recorded once the
// search is stopped, when the calls below may have been cut short.
func (r *recursion) storeDepth(set []int32, e *entry, lb int, t *tree.Node) {
	if r.stop() {
		return
	}
	if e == nil {
		e = r.cache.get(set)
	}
	switch {
	case t != nil:
		e.depthLB, e.depth = int32(lb), t
	case e.depth == nil:
		e.depthLB = max(e.depthLB, int32(min(lb, infinity)))
	}
}

// storeLeaves is storeDepth for the leaves of trees of depth d or less.
func (r *recursion) storeLeaves(set []int32, e *entry, d, lb int, t *tree.Node) {
	if r.stop() {
		return
	}
	if e == nil {
		e = r.cache.get(set)
	}
	b := e.leafBound(d)
	switch {
	case t != nil:
		e.setLeaves(d, bound{int32(lb), t})
	case b.t == nil:
		e.setLeaves(d, bound{max(b.lb, int32(min(lb, infinity))), nil})
	}
	if lb >= infinity {
		r.storeDepth(set, e, d+1, nil)
	}
}

// measure is what a search minimises over the trees that classify a set:
// their depth, or the leaves of those of depth d or less.
type measure struct {
	d int // -1 when the depth is measured
}

// leaf is the measure of a leaf, and stump that of a single test.
func (m measure) leaf() int {
	if m.d < 0 {
		return 0
	}
	return 1
}

func (m measure) stump() int { return m.leaf() + 1 }

// classes bounds the measure of a tree with examples of n classes.
func (m measure) classes(n int) int {
	if m.d < 0 {
		return classbound.Depth(n)
	}
	return classbound.Leaves(n)
}

// cached returns what e knows of the measure: a lower bound, exact with a
// tree.
func (m measure) cached(e *entry) (int, *tree.Node) {
	switch {
	case m.d < 0:
		return int(e.depthLB), e.depth
	case int(e.depthLB) > m.d:
		return infinity, nil
	}
	b := e.leafBound(m.d)
	return int(b.lb), b.t
}

// store records what a search learnt of the measure of set: lb, exact
// with a tree t.
func (r *recursion) store(m measure, set []int32, e *entry, lb int, t *tree.Node) {
	if m.d < 0 {
		r.storeDepth(set, e, lb, t)
	} else {
		r.storeLeaves(set, e, m.d, lb, t)
	}
}

// open is where the searches of both measures start: what a set needs is
// settled without a search when one class labels it, when the bound ub or
// the cache settles it, when no feature splits it and when a single test
// classifies it. It returns that result, the least measure with a tree
// when it is below ub and otherwise a lower bound at least ub and nil,
// with a nil view; or else set loaded into the view of level i and a lower
// bound above a stump's, and no tree.
func (r *recursion) open(m measure, set []int32, k known, ub, i int) (*view, int, *tree.Node) {
	if k.pure {
		if ub > m.leaf() {
			return nil, m.leaf(), tree.Leaf(k.class)
		}
		return nil, m.leaf(), nil
	}
	if m.d == 0 {
		return nil, infinity, nil
	}
	lb := m.stump()
	if ub <= lb || r.stop() {
		return nil, lb, nil
	}
	if k.e != nil {
		l, t := m.cached(k.e)
		if t != nil {
			if l < ub {
				return nil, l, t
			}
			return nil, l, nil
		}
		lb = max(lb, l)
	}
	if lb >= ub {
		return nil, lb, nil
	}
	v := r.view(i, set)
	n, _, _, _ := v.present(v.all)
	lb = max(lb, m.classes(max(n, 1)))
	switch {
	case len(v.feats) == 0:
		// Examples that no feature tells apart, with different classes.
		r.storeDepth(set, k.e, infinity, nil)
		return nil, infinity, nil
	case lb == m.stump():
		if l, s := v.stump(v.all); l < infinity {
			t := s.tree(v.x)
			r.store(m, set, k.e, lb, t)
			return nil, lb, t
		}
		lb++
	}
	return v, lb, nil
}

// depth returns the least depth of a tree that classifies every example of
// set, with such a tree, when it is less than ub; otherwise a lower bound
// on it that is at least ub, and nil. k is what is known of set, and i the
// level of recursion.
func (r *recursion) depth(set []int32, k known, ub, i int) (int, *tree.Node) {
	v, lb, t := r.open(measure{-1}, set, k, ub, i)
	if v == nil {
		return lb, t
	}
	e := k.e
	if lb == 2 && ub > 2 {
		if _, t := v.depthTwo(true); t != nil {
			r.storeDepth(set, e, 2, t)
			return 2, t
		}
		lb = 3
	}
	if lb >= ub {
		r.storeDepth(set, e, lb, nil)
		return lb, nil
	}

	best, bestTree, failed := ub, (*tree.Node)(nil), infinity
	l := r.level(i)
	for _, o := range v.order() {
		if lbf := max(classbound.Depth(o.n0), classbound.Depth(o.n1)) + 1; lbf >= best {
			failed = min(failed, lbf)
			continue
		}
		f := o.f
		l.s0, l.s1 = v.sides(f, l.s0, l.s1)
		// The larger side first: it is the likelier to fail, and then the
		// other need not be searched.
		big, small, bigTrue := l.s0, l.s1, false
		nb, ns := o.k0, o.k1
		if len(small) > len(big) {
			big, small, bigTrue, nb, ns = small, big, true, ns, nb
		}
		kb, ks := r.know(big, nb), r.know(small, ns)
		if lbf := max(kb.depthBound(), ks.depthBound()) + 1; lbf >= best {
			failed = min(failed, lbf)
			continue
		}
		db, tb := r.depth(big, kb, best-1, i+1)
		if tb == nil {
			failed = min(failed, db+1)
			continue
		}
		ds, ts := r.depth(small, ks, best-1, i+1)
		if ts == nil {
			failed = min(failed, max(db, ds)+1)
			continue
		}
		if d := max(db, ds) + 1; d < best {
			best = d
			if bigTrue {
				bestTree = tree.Split(r.x.feature[f], ts, tb)
			} else {
				bestTree = tree.Split(r.x.feature[f], tb, ts)
			}
			if best == lb {
				break
			}
		}
	}
	if bestTree != nil {
		r.storeDepth(set, e, best, bestTree)
		return best, bestTree
	}
	lb = max(lb, failed)
	r.storeDepth(set, e, lb, nil)
	return lb, nil
}

// known is what the search knows of a set without searching it.
type known struct {
	pure  bool
	class int
	e     *entry // nil where the cache holds nothing
}

// know returns what is known of set, which has examples of n classes and
// none of Tied classes, or is not known to if n is 0.
func (r *recursion) know(set []int32, n int) known {
	if n == 1 {
		return known{pure: true, class: int(r.x.class[set[0]])}
	}
	if n == 0 {
		if c, ok := r.pure(set); ok {
			return known{pure: true, class: c}
		}
	}
	return known{e: r.cache.lookup(set)}
}

// depthBound returns a lower bound on the depth of a tree that classifies
// the set.
func (k known) depthBound() int {
	switch {
	case k.pure:
		return 0
	case k.e != nil:
		return max(1, int(k.e.depthLB))
	}
	return 1
}

// leafBound returns a lower bound on the leaves of a tree of depth d or
// less that classifies the set.
func (k known) leafBound(d int) int {
	switch {
	case k.pure:
		return 1
	case k.e != nil && int(k.e.depthLB) > d:
		return infinity
	}
	return max(2, int(k.e.leafBound(d).lb))
}

// leaves returns the fewest leaves of a tree of depth d or less that
// classifies every example of set, with such a tree, when they are fewer
// than ub; otherwise a lower bound on them that is at least ub, and nil.
// k is what is known of set, and i the level of recursion.
func (r *recursion) leaves(set []int32, k known, d, ub, i int) (int, *tree.Node) {
	if low := ub - 2; low >= 1 && low < d {
		// A tree of fewer than ub leaves is at most ub-2 deep, and the
		// search of the shallower trees is the smaller one. What it finds
		// below ub is the least at depth d too; but a bound above ub it
		// proves holds at depth ub-2 alone.
		l, t := r.leaves(set, k, low, ub, i)
		if t == nil {
			l = ub
		}
		r.storeLeaves(set, k.e, d, l, t)
		return l, t
	}
	v, lb, t := r.open(measure{d}, set, k, ub, i)
	if v == nil {
		return lb, t
	}
	e := k.e
	if d == 1 {
		r.storeLeaves(set, e, d, infinity, nil)
		return infinity, nil
	}
	if lb >= ub {
		r.storeLeaves(set, e, d, lb, nil)
		return lb, nil
	}
	if d == 2 {
		l, t := v.depthTwo(false)
		r.storeLeaves(set, e, d, l, t)
		if l < ub {
			return l, t
		}
		return l, nil
	}

	best, bestTree, failed := ub, (*tree.Node)(nil), infinity
	l := r.level(i)
	for _, o := range v.order() {
		if lbf := classbound.Leaves(o.n0) + classbound.Leaves(o.n1); lbf >= best {
			failed = min(failed, lbf)
			continue
		}
		f := o.f
		l.s0, l.s1 = v.sides(f, l.s0, l.s1)
		k0, k1 := r.know(l.s0, o.k0), r.know(l.s1, o.k1)
		lb0, lb1 := max(k0.leafBound(d-1), classbound.Leaves(o.n0)), max(k1.leafBound(d-1), classbound.Leaves(o.n1))
		if lb0+lb1 >= best {
			failed = min(failed, lb0+lb1)
			continue
		}
		l0, t0 := r.leaves(l.s0, k0, d-1, best-lb1, i+1)
		if t0 == nil {
			failed = min(failed, l0+lb1)
			continue
		}
		l1, t1 := r.leaves(l.s1, k1, d-1, best-l0, i+1)
		if t1 == nil {
			failed = min(failed, l0+l1)
			continue
		}
		if l0+l1 < best {
			best, bestTree = l0+l1, tree.Split(r.x.feature[f], t0, t1)
			if best == lb {
				break
			}
		}
	}
	if bestTree != nil {
		r.storeLeaves(set, e, d, best, bestTree)
		return best, bestTree
	}
	lb = max(lb, min(failed, infinity))
	r.storeLeaves(set, e, d, lb, nil)
	return lb, nil
}

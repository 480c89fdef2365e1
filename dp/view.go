package dp

import (
	"cmp"
	"math/bits"
	"slices"
	"sync/atomic"

	"github.com/odtx/odtx/internal/splits"
	"github.com/odtx/odtx/tree"
)

// view is a set of examples seen from inside: its examples numbered by
// position, its classes and the features that split it as bit sets over
// those positions. A view lives in the scratch space of one level of the
// recursion and is rebuilt, not allocated, for each set on that level.
type view struct {
	x     *examples
	set   []int32 // the examples, in increasing order
	words int     // per bit set over the set's positions
	all   []uint64
	// class c's positions are cls[c*words : (c+1)*words], for every class
	// the examples take (see examples.class)
	cls   []uint64
	count []int    // examples per class
	cols  []uint64 // kept feature k's positions are at k*words
	feats []int32  // the kept features that split the set, one of each group
	// featSet holds the same features as a bit set over the kept ones
	featSet []uint64
	// scratch for the depth-one and depth-two checks (a, b, s0 and s1
	// over the set's positions, p and q over the kept features, mask over
	// the classes), the feature order and the grouping of features
	a, b, s0, s1, p, q, mask []uint64
	keys                     []keyed
	groups                   splits.Grouper
	// halt, once set, cuts short the loops that take long on a wide
	// view; the recursion then stores nothing of what they return.
	halt *atomic.Bool
}

// keyed is a feature with the score of the split it makes and the
// number of classes on each side of it, those of examples with Tied
// classes left out but one at least, which bound what each side needs;
// and the same for know, except that a side with examples of Tied
// classes, where so few classes do not tell whether it is pure, has 0.
type keyed struct {
	f      int32
	score  float64
	n0, n1 int
	k0, k1 int
}

// load makes v the view of set.
func (v *view) load(x *examples, set []int32) {
	v.x, v.set = x, set
	w := (len(set) + 63) / 64
	v.words = w
	v.all = zeroed(v.all, w)
	v.cls = zeroed(v.cls, x.ids()*w)
	v.count = zeroedInts(v.count, x.ids())
	v.cols = zeroed(v.cols, x.nkept()*w)
	for _, s := range []*[]uint64{&v.a, &v.b, &v.s0, &v.s1} {
		*s = zeroed(*s, w)
	}
	for p, i := range set {
		bit := uint64(1) << (p % 64)
		c := x.class[i]
		v.cls[int(c)*w+p/64] |= bit
		v.count[c]++
		v.all[p/64] |= bit
	}
	// The columns are the rows transposed. Bit by bit costs a write per
	// bit set, scattered over every column; 64 examples by 64 features at
	// a time costs a fixed amount per block and wins on dense rows.
	if float64(len(set))*x.density > float64(w*x.words*transposeCost) {
		var block [64]uint64
		for b := range w {
			examples := set[b*64 : min(len(set), b*64+64)]
			for word := range x.words {
				clear(block[:])
				for p, i := range examples {
					block[p] = x.rows[int(i)*x.words+word]
				}
				transpose(&block)
				for k, col := range block[:min(64, x.nkept()-word*64)] {
					v.cols[(word*64+k)*w+b] = col
				}
			}
		}
	} else {
		for p, i := range set {
			bit := uint64(1) << (p % 64)
			for word, r := range x.row(int(i)) {
				for ; r != 0; r &= r - 1 {
					v.cols[(word*64+bits.TrailingZeros64(r))*w+p/64] |= bit
				}
			}
		}
	}

	v.feats = v.groups.Firsts(v.feats[:0], v.cols, w, len(set))
	v.featSet = zeroed(v.featSet, x.words)
	for _, f := range v.feats {
		v.featSet[f/64] |= 1 << (f % 64)
	}
	v.p = slices.Grow(v.p[:0], x.words)[:x.words]
	v.q = slices.Grow(v.q[:0], x.words)[:x.words]
}

// col returns the positions where kept feature f holds.
func (v *view) col(f int32) []uint64 {
	k := int(f) * v.words
	return v.cols[k : k+v.words]
}

// class returns the positions of class c.
func (v *view) class(c int) []uint64 { return v.cls[c*v.words : (c+1)*v.words] }

// present returns how many classes have examples in s, a bit set over the
// view's positions, and the first two of them, leaving out the examples of
// Tied classes, and whether there are any of those.
func (v *view) present(s []uint64) (n, c1, c2 int, tied bool) {
	c1, c2 = -1, -1
	for c := range v.count[:v.x.classes] {
		if v.count[c] == 0 || !intersects(s, v.class(c)) {
			continue
		}
		switch n {
		case 0:
			c1 = c
		case 1:
			c2 = c
		}
		n++
	}
	for c := v.x.classes; c < len(v.count) && !tied; c++ {
		tied = v.count[c] > 0 && intersects(s, v.class(c))
	}
	return n, c1, c2, tied
}

// common returns a class that every example at s, a bit set over the
// view's positions, allows, or -1 if there is none.
func (v *view) common(s []uint64) int {
	v.mask = v.x.everyClass(v.mask)
	for c, n := range v.count {
		if n > 0 && intersects(s, v.class(c)) && !v.x.meet(v.mask, int32(c)) {
			return -1
		}
	}
	return firstClass(v.mask)
}

// small is a tree of depth one or less, made a tree.Node only once it is
// kept: a leaf of class c0 where f is -1, else a test of kept feature f
// with class c0 on its false side and c1 on its true one.
type small struct{ f, c0, c1 int32 }

func (s small) tree(x *examples) *tree.Node {
	if s.f < 0 {
		return tree.Leaf(int(s.c0))
	}
	return tree.Split(x.feature[s.f], tree.Leaf(int(s.c0)), tree.Leaf(int(s.c1)))
}

// stump returns the fewest leaves of a tree of depth one or less that
// classifies the examples at s, a bit set over the view's positions, with
// such a tree: 1 if one class labels them all, 2 if one of the view's
// features puts each of their two classes on its own side, and infinity
// otherwise (the tree is then to be ignored). s must not be empty.
//
// The features that can split s are whittled down example by example from
// the rows: one that puts class c1 on its true side holds on every example
// of c1 and on none of c2. Where none can, as in most sets a search
// refutes, a few examples leave none, at a cost per example of a word per
// 64 features rather than one per feature.
func (v *view) stump(s []uint64) (int, small) {
	n, c1, c2, tied := v.present(s)
	switch {
	case tied:
		return v.tiedStump(s, n)
	case n == 1:
		return 1, small{-1, int32(c1), 0}
	case n > 2:
		return infinity, small{}
	}
	x := v.x
	t1, t2 := v.p, v.q // the features with c1 on their true side, or c2
	copy(t1, v.featSet)
	copy(t2, v.featSet)
	for w, bw := range s {
		base := v.set[w*64:]
		for ; bw != 0; bw &= bw - 1 {
			i := int(base[bits.TrailingZeros64(bw)])
			row := x.rows[i*x.words : (i+1)*x.words]
			left := uint64(0)
			if x.class[i] == int32(c1) {
				for k, r := range row {
					t1[k] &= r
					t2[k] &^= r
					left |= t1[k] | t2[k]
				}
			} else {
				for k, r := range row {
					t1[k] &^= r
					t2[k] &= r
					left |= t1[k] | t2[k]
				}
			}
			if left == 0 {
				return infinity, small{}
			}
		}
	}
	for k := range t1 {
		if u := t1[k] | t2[k]; u != 0 {
			f := int32(k*64 + bits.TrailingZeros64(u))
			if t1[k]>>(f%64)&1 == 1 {
				return 2, small{f, int32(c2), int32(c1)}
			}
			return 2, small{f, int32(c1), int32(c2)}
		}
	}
	return infinity, small{} // no example in s
}

// tiedStump is stump where examples of Tied classes are among those at s,
// of n other classes: a leaf classifies examples when they allow one
// class, and a test when each of its sides does.
func (v *view) tiedStump(s []uint64, n int) (int, small) {
	if c := v.common(s); c >= 0 {
		return 1, small{-1, int32(c), 0}
	}
	if n > 2 {
		return infinity, small{}
	}
	for _, f := range v.feats {
		col := v.col(f)
		and(v.s1, s, col)
		andNot(v.s0, s, col)
		if c1 := v.common(v.s1); c1 >= 0 {
			if c0 := v.common(v.s0); c0 >= 0 {
				return 2, small{f, int32(c0), int32(c1)}
			}
		}
	}
	return infinity, small{}
}

// depthTwo returns the fewest leaves of a tree of depth two or less that
// classifies every example of the view, or infinity, given that no tree of
// depth one does. With any set, it stops at the first tree it finds.
func (v *view) depthTwo(any bool) (int, *tree.Node) {
	best, root := infinity, int32(-1)
	var t0, t1 small
	for _, f := range v.feats {
		if v.halt.Load() {
			break // a stump per feature: over thousands, seconds
		}
		col := v.col(f)
		and(v.a, v.all, col)
		andNot(v.b, v.all, col)
		l1, s1 := v.stump(v.a)
		if l1+1 >= best {
			continue
		}
		l0, s0 := v.stump(v.b)
		if l0+l1 < best {
			best, root, t0, t1 = l0+l1, f, s0, s1
			// Without a stump, three leaves are the fewest.
			if any || best == 3 {
				break
			}
		}
	}
	if root < 0 {
		return infinity, nil
	}
	return best, tree.Split(v.x.feature[root], t0.tree(v.x), t1.tree(v.x))
}

// order returns the view's features sorted by the Gini impurity of the
// split they make, best first, so that good trees and tight bounds come
// early, with the classes on each side, which bound what the sides need.
func (v *view) order() []keyed {
	v.keys = v.keys[:0]
	n := float64(len(v.set))
	for _, f := range v.feats {
		col := v.col(f)
		ones := float64(popcount(col))
		k := keyed{f: f}
		tied0, tied1 := false, false
		for c, total := range v.count {
			if total == 0 {
				continue
			}
			t := popcountAnd(col, v.class(c))
			e := total - t
			k.score -= float64(t) * float64(t) / ones
			k.score -= float64(e) * float64(e) / (n - ones)
			if c >= v.x.classes {
				tied1, tied0 = tied1 || t > 0, tied0 || e > 0
				continue
			}
			if t > 0 {
				k.n1++
			}
			if e > 0 {
				k.n0++
			}
		}
		k.k0, k.k1 = k.n0, k.n1
		if tied0 {
			k.n0, k.k0 = max(k.n0, 1), 0
		}
		if tied1 {
			k.n1, k.k1 = max(k.n1, 1), 0
		}
		v.keys = append(v.keys, k)
	}
	slices.SortStableFunc(v.keys, func(a, b keyed) int { return cmp.Compare(a.score, b.score) })
	return v.keys
}

// sides writes the examples of the view's set where f fails to s0 and
// those where it holds to s1, reusing their storage.
func (v *view) sides(f int32, s0, s1 []int32) ([]int32, []int32) {
	col := v.col(f)
	s0, s1 = s0[:0], s1[:0]
	for w, c := range col {
		base := v.set[w*64:]
		for on := c; on != 0; on &= on - 1 {
			s1 = append(s1, base[bits.TrailingZeros64(on)])
		}
		for off := ^c & v.all[w]; off != 0; off &= off - 1 {
			s0 = append(s0, base[bits.TrailingZeros64(off)])
		}
	}
	return s0, s1
}

// transposeCost is what transposing one block of 64 by 64 bits costs, in
// bits set written one by one.
const transposeCost = 400

// transpose transposes a 64 by 64 bit matrix whose row i is a[i], bit j
// of it column j, by swapping ever smaller blocks across the diagonal.
func transpose(a *[64]uint64) {
	m := uint64(0x00000000ffffffff)
	for j := 32; j != 0; j >>= 1 {
		for k := 0; k < 64; k = (k + j + 1) &^ j {
			t := (a[k]>>j ^ a[k+j]) & m
			a[k] ^= t << j
			a[k+j] ^= t
		}
		m ^= m << (j / 2)
	}
}

func zeroed(s []uint64, n int) []uint64 {
	s = slices.Grow(s[:0], n)[:n]
	clear(s)
	return s
}

func zeroedInts(s []int, n int) []int {
	s = slices.Grow(s[:0], n)[:n]
	clear(s)
	return s
}

func popcount(s []uint64) int {
	n := 0
	for _, w := range s {
		n += bits.OnesCount64(w)
	}
	return n
}

func popcountAnd(a, b []uint64) int {
	n := 0
	for w := range a {
		n += bits.OnesCount64(a[w] & b[w])
	}
	return n
}

func intersects(a, b []uint64) bool {
	for w := range a {
		if a[w]&b[w] != 0 {
			return true
		}
	}
	return false
}

func and(dst, a, b []uint64) {
	for w := range dst {
		dst[w] = a[w] & b[w]
	}
}

func andNot(dst, a, b []uint64) {
	for w := range dst {
		dst[w] = a[w] &^ b[w]
	}
}

package dp

import (
	"math/bits"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/tree"
)

// examples is a dataset packed for the search: each example's features as
// a row of bits. Only the features worth trying anywhere are kept: one of
// each group of features that take the same values, or complementary
// ones, on every example, and none that is constant. The search numbers
// them from 0; trees name the dataset's features.
type examples struct {
	n, words int      // examples, and words per row
	rows     []uint64 // example i's row is rows[i*words : (i+1)*words]
	class    []int32
	classes  int     // classes named by the dataset, present or not
	feature  []int   // the dataset's feature of each kept one
	kept     []int32 // the kept number of each dataset feature, or -1
	density  float64 // kept features that hold, per example
}

func pack(ds *dataset.Dataset) *examples {
	x := &examples{
		n:       len(ds.Examples),
		class:   make([]int32, len(ds.Examples)),
		classes: len(ds.Classes),
		kept:    make([]int32, len(ds.Features)),
	}
	// Group the features by their columns over all examples, normalised
	// so that complements compare equal (example 0 on the false side).
	cw := (x.n + 63) / 64
	col := make([]uint64, cw)
	seen := make(map[string]bool)
	key := make([]byte, 8*cw)
	for f := range ds.Features {
		x.kept[f] = -1
		clear(col)
		for i, ex := range ds.Examples {
			if ex.Values[f] {
				col[i/64] |= 1 << (i % 64)
			}
		}
		ones := 0
		for _, w := range col {
			ones += bits.OnesCount64(w)
		}
		if ones == 0 || ones == x.n {
			continue
		}
		flip := col[0]&1 == 1
		for w, v := range col {
			if flip {
				v = ^v
				if w == cw-1 && x.n%64 != 0 {
					// The bits past the last example are no example's:
					// they stay 0, as in the column not flipped.
					v &= 1<<(x.n%64) - 1
				}
			}
			for b := range 8 {
				key[8*w+b] = byte(v >> (8 * b))
			}
		}
		if seen[string(key)] {
			continue
		}
		seen[string(key)] = true
		x.kept[f] = int32(len(x.feature))
		x.feature = append(x.feature, f)
	}
	x.words = (len(x.feature) + 63) / 64
	x.rows = make([]uint64, x.n*x.words)
	ones := 0
	for i, ex := range ds.Examples {
		row := x.row(i)
		for k, f := range x.feature {
			if ex.Values[f] {
				row[k/64] |= 1 << (k % 64)
				ones++
			}
		}
		x.class[i] = int32(ex.Class)
	}
	x.density = float64(ones) / float64(x.n)
	return x
}

// nkept returns the number of kept features.
func (x *examples) nkept() int { return len(x.feature) }

func (x *examples) row(i int) []uint64 { return x.rows[i*x.words : (i+1)*x.words] }

// holds reports whether kept feature k holds for example i.
func (x *examples) holds(i, k int) bool { return x.rows[i*x.words+k/64]>>(k%64)&1 == 1 }

// wrong returns up to limit examples not in used that t misclassifies,
// taken from the leaves they reach in turn, so that every leaf that errs
// gives one before any gives two.
func (x *examples) wrong(t *tree.Node, used []bool, limit int) []int32 {
	flat := flatten(t)
	byLeaf := make([][]int32, len(flat))
	var erring []int32
	for i := range x.n {
		k := int32(0)
		for flat[k].feature >= 0 {
			if x.holds(i, int(x.kept[flat[k].feature])) {
				k = flat[k].onTrue
			} else {
				k = flat[k].onFalse
			}
		}
		if flat[k].class == x.class[i] || used[i] || len(byLeaf[k]) >= limit {
			continue
		}
		if byLeaf[k] == nil {
			erring = append(erring, k)
		}
		byLeaf[k] = append(byLeaf[k], int32(i))
	}
	var out []int32
	for j := 0; len(out) < limit; j++ {
		n := len(out)
		for _, k := range erring {
			if j < len(byLeaf[k]) && len(out) < limit {
				out = append(out, byLeaf[k][j])
			}
		}
		if len(out) == n {
			break
		}
	}
	return out
}

// flatNode is a node of a tree laid out in a slice, for walking it once per
// example of a large dataset.
type flatNode struct {
	feature         int32 // -1 at a leaf
	class           int32
	onFalse, onTrue int32 // indices of the children
}

func flatten(t *tree.Node) []flatNode {
	var out []flatNode
	var walk func(n *tree.Node) int32
	walk = func(n *tree.Node) int32 {
		k := int32(len(out))
		out = append(out, flatNode{feature: -1, class: int32(n.Class)})
		if !n.IsLeaf() {
			out[k].feature = int32(n.Feature)
			f := walk(n.False)
			out[k].onFalse, out[k].onTrue = f, walk(n.True)
		}
		return k
	}
	walk(t)
	return out
}

package dp

import (
	"math/bits"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/tree"
)

// examples is a dataset packed for the search: each example's features as
// a row of bits, and the features worth trying anywhere.
type examples struct {
	n, words int      // examples, and words per row
	rows     []uint64 // example i's row is rows[i*words : (i+1)*words]
	class    []int32
	classes  int // classes named by the dataset, present or not
	// tried has a bit for each feature the search may test: one of each
	// group of features that take the same values, or complementary ones,
	// on every example, and none that is constant.
	tried []uint64
	// column maps a tried feature to its position among the tried ones.
	column []int32
	ntried int
}

func pack(ds *dataset.Dataset) *examples {
	m := len(ds.Features)
	x := &examples{
		n:       len(ds.Examples),
		words:   (m + 63) / 64,
		class:   make([]int32, len(ds.Examples)),
		classes: len(ds.Classes),
	}
	x.rows = make([]uint64, x.n*x.words)
	for i, ex := range ds.Examples {
		row := x.row(i)
		for f, v := range ex.Values {
			if v {
				row[f/64] |= 1 << (f % 64)
			}
		}
		x.class[i] = int32(ex.Class)
	}
	x.tried = make([]uint64, x.words)
	x.column = make([]int32, m)
	// Group the features by their columns over all examples, normalised
	// so that complements compare equal (example 0 on the false side).
	cw := (x.n + 63) / 64
	col := make([]uint64, cw)
	seen := make(map[string]bool)
	key := make([]byte, 8*cw)
	for f := range m {
		clear(col)
		for i := range x.n {
			if x.holds(i, f) {
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
			}
			for b := range 8 {
				key[8*w+b] = byte(v >> (8 * b))
			}
		}
		if seen[string(key)] {
			continue
		}
		seen[string(key)] = true
		x.tried[f/64] |= 1 << (f % 64)
		x.column[f] = int32(x.ntried)
		x.ntried++
	}
	return x
}

func (x *examples) row(i int) []uint64 { return x.rows[i*x.words : (i+1)*x.words] }

func (x *examples) holds(i, f int) bool { return x.rows[i*x.words+f/64]>>(f%64)&1 == 1 }

// classify returns the class t gives example i.
func (x *examples) classify(t *tree.Node, i int) int32 {
	return int32(t.Classify(func(f int) bool { return x.holds(i, f) }))
}

// wrong returns up to limit examples not in used that t misclassifies,
// taken from the leaves they reach in turn, so that every leaf that errs
// gives one before any gives two.
func (x *examples) wrong(t *tree.Node, used []bool, limit int) []int32 {
	byLeaf := make(map[*tree.Node][]int32)
	var leaves []*tree.Node
	for i := range x.n {
		leaf := t
		for !leaf.IsLeaf() {
			if x.holds(i, leaf.Feature) {
				leaf = leaf.True
			} else {
				leaf = leaf.False
			}
		}
		if int32(leaf.Class) == x.class[i] || used[i] {
			continue
		}
		if byLeaf[leaf] == nil {
			leaves = append(leaves, leaf)
		}
		if len(byLeaf[leaf]) < limit {
			byLeaf[leaf] = append(byLeaf[leaf], int32(i))
		}
	}
	var out []int32
	for k := 0; len(out) < limit; k++ {
		added := false
		for _, leaf := range leaves {
			if k < len(byLeaf[leaf]) && len(out) < limit {
				out = append(out, byLeaf[leaf][k])
				added = true
			}
		}
		if !added {
			break
		}
	}
	return out
}

package dp

import (
	"context"
	"fmt"
	"math/bits"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/splits"
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
	// class is each example's class, or for an example of Tied classes
	// the number of classes plus the number of its set in ties: a class
	// of its own, with which views count it, which a leaf cannot have.
	class   []int32
	classes int // classes named by the dataset, present or not
	// ties holds each set of Tied classes as a bit set over the classes,
	// of tieWords words, numbered as class numbers them.
	ties     []uint64
	tieWords int
	feature  []int   // the dataset's feature of each kept one
	kept     []int32 // the kept number of each dataset feature, or -1
	density  float64 // kept features that hold, per example
}

func pack(ctx context.Context, ds *dataset.Dataset) (*examples, error) {
	x := &examples{
		n:       len(ds.Examples),
		class:   make([]int32, len(ds.Examples)),
		classes: len(ds.Classes),
		kept:    make([]int32, len(ds.Features)),
	}
	// The columns of the features over all examples, grouped.
	cw := (x.n + 63) / 64
	cols := make([]uint64, len(ds.Features)*cw)
	for i, ex := range ds.Examples {
		if i%packCheck == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		for f := range ds.Features {
			if ds.Holds(&ex, f) {
				cols[f*cw+i/64] |= 1 << (i % 64)
			}
		}
	}
	for f := range x.kept {
		x.kept[f] = -1
	}
	var g splits.Grouper
	for _, f := range g.Firsts(nil, cols, cw, x.n) {
		x.kept[f] = int32(len(x.feature))
		x.feature = append(x.feature, int(f))
	}
	x.words = (len(x.feature) + 63) / 64
	x.rows = make([]uint64, x.n*x.words)
	x.tieWords = (x.classes + 63) / 64
	sets := make(map[string]int32) // by a set of Tied classes, as tie keys it
	ones := 0
	for i, ex := range ds.Examples {
		if i%packCheck == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		row := x.row(i)
		for k, f := range x.feature {
			if ds.Holds(&ex, f) {
				row[k/64] |= 1 << (k % 64)
				ones++
			}
		}
		x.class[i] = int32(ex.Class)
		if ex.Tied != nil {
			x.class[i] = x.tie(ex.Tied, sets)
		}
	}
	x.density = float64(ones) / float64(x.n)
	return x, nil
}

// tie returns the class that stands for the set of Tied classes, which
// sets numbers, adding it if it is new.
func (x *examples) tie(tied []int, sets map[string]int32) int32 {
	key := fmt.Sprint(tied)
	if k, ok := sets[key]; ok {
		return k
	}
	k := int32(x.ids())
	sets[key] = k
	set := make([]uint64, x.tieWords)
	for _, c := range tied {
		set[c/64] |= 1 << (c % 64)
	}
	x.ties = append(x.ties, set...)
	return k
}

// ids returns the number of classes the examples take, the dataset's and
// those of its sets of Tied classes.
func (x *examples) ids() int {
	if len(x.ties) == 0 {
		return x.classes
	}
	return x.classes + len(x.ties)/x.tieWords
}

// allows reports whether a leaf of class c classifies example i: c is
// its class, or one of its Tied classes.
func (x *examples) allows(i int, c int32) bool {
	k := x.class[i]
	if k == c || int(k) < x.classes {
		return k == c
	}
	return x.tieSet(k)[c/64]>>(c%64)&1 == 1
}

// tieSet returns the classes that class k allows, k a set of Tied classes.
func (x *examples) tieSet(k int32) []uint64 {
	t := (int(k) - x.classes) * x.tieWords
	return x.ties[t : t+x.tieWords]
}

// everyClass sets mask, of tieWords words, to every class, to be narrowed
// by meet, and returns it.
func (x *examples) everyClass(mask []uint64) []uint64 {
	mask = zeroed(mask, x.tieWords)
	for c := range x.classes {
		mask[c/64] |= 1 << (c % 64)
	}
	return mask
}

// meet narrows mask to the classes that class k allows, and reports
// whether any is left.
func (x *examples) meet(mask []uint64, k int32) bool {
	if int(k) < x.classes {
		in := mask[k/64]>>(k%64)&1 == 1
		clear(mask)
		if in {
			mask[k/64] = 1 << (k % 64)
		}
		return in
	}
	left := uint64(0)
	for w, b := range x.tieSet(k) {
		mask[w] &= b
		left |= mask[w]
	}
	return left != 0
}

// firstClass returns the first class in mask, or -1 if it is empty.
func firstClass(mask []uint64) int {
	for w, b := range mask {
		if b != 0 {
			return w*64 + bits.TrailingZeros64(b)
		}
	}
	return -1
}

// packCheck is how many examples pack reads between looks at its context:
// on wide data, a few milliseconds' worth.
const packCheck = 256

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
		if x.allows(i, flat[k].class) || used[i] || len(byLeaf[k]) >= limit {
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

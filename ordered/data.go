package ordered

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/items"
)

// data is a dataset packed for the search. An item is a distinct example
// with one class and the number of records it stands for: an example whose
// records disagree on the class gives one item per class it has.
//
// The features become columns of ordered tests. A column's tests hold on
// nested sets of items, the test numbered k for the items at positions 0
// to k, so an item's position in a column says which of its tests hold:
// those numbered from its position on. The LessEq tests on one dataset
// column, sorted by threshold, make such a column; any other test is a
// column of its own, its items at position 0 where it holds and 1 where
// not.
type data struct {
	n       int // items
	classes int
	records int // the weight of all items
	class   []int32
	weight  []int32
	cols    []column
	// hash1 and hash2 are random values per item whose sums over a set of
	// items identify it for the cache.
	hash1, hash2 []uint64
}

// column is a sequence of tests that hold on nested sets of items.
type column struct {
	feature []int   // the dataset's feature of each test
	pos     []int32 // the position of each item
}

// pack builds the items and columns of ds, checking ctx now and then since
// a large dataset takes a while.
func pack(ctx context.Context, ds *dataset.Dataset) (*data, error) {
	x := &data{classes: max(len(ds.Classes), 1)}
	if x.classes > math.MaxInt16 {
		return nil, fmt.Errorf("ordered: %d classes, more than the %d an item holds", x.classes, math.MaxInt16)
	}
	it, err := items.Of(ds)
	if err != nil {
		return nil, fmt.Errorf("ordered: %w", err)
	}
	src := it.Example
	x.class, x.weight, x.records = it.Class, it.Weight, it.Records
	x.n = len(src)
	for _, group := range columns(ds) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if col, ok := x.column(ds, src, group); ok {
			x.cols = append(x.cols, col)
			continue
		}
		// The tests are not nested, as in a dataset built by hand: each is
		// then a column of its own.
		for _, f := range group {
			col, _ := x.column(ds, src, []int{f})
			x.cols = append(x.cols, col)
		}
	}
	x.hash1 = make([]uint64, x.n)
	x.hash2 = make([]uint64, x.n)
	r := rand.New(rand.NewPCG(0x9e3779b97f4a7c15, 0xbf58476d1ce4e5b9))
	for i := range x.n {
		x.hash1[i], x.hash2[i] = r.Uint64(), r.Uint64()
	}
	return x, nil
}

// columns groups the features of ds: the LessEq tests of each dataset
// column by increasing threshold, and every other test alone.
func columns(ds *dataset.Dataset) [][]int {
	var groups [][]int
	at := map[string]int{} // the group of a dataset column's LessEq tests
	for f, ft := range ds.Features {
		if ft.Op != dataset.LessEq {
			groups = append(groups, []int{f})
			continue
		}
		g, ok := at[ft.Column]
		if !ok {
			g = len(groups)
			at[ft.Column] = g
			groups = append(groups, nil)
		}
		groups[g] = append(groups[g], f)
	}
	for _, g := range groups {
		slices.SortStableFunc(g, func(a, b int) int {
			return cmp.Compare(ds.Features[a].Threshold, ds.Features[b].Threshold)
		})
	}
	return groups
}

// column returns the column of the tests group, in order, and whether they
// look nested on every example. The tests of a dataset column's thresholds
// are nested, as their thresholds make them, and an example's position is
// found by bisection among them; that the test before it fails and the
// test at it holds is checked, which catches tests that are not nested in
// most datasets made by hand.
func (x *data) column(ds *dataset.Dataset, src []int, group []int) (column, bool) {
	col := column{feature: group, pos: make([]int32, x.n)}
	for i, e := range src {
		ex := &ds.Examples[e]
		if i > 0 && e == src[i-1] {
			col.pos[i] = col.pos[i-1]
			continue
		}
		p, _ := slices.BinarySearchFunc(group, true, func(f int, _ bool) int {
			if ds.Holds(ex, f) {
				return 1
			}
			return -1
		})
		if p > 0 && ds.Holds(ex, group[p-1]) || p < len(group) && !ds.Holds(ex, group[p]) {
			return col, false
		}
		col.pos[i] = int32(p)
	}
	return col, true
}

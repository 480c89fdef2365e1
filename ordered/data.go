package ordered

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/items"
	"github.com/odtx/odtx/objective"
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
		x.cols = append(x.cols, x.column(ds, src, group))
	}
	x.hash1, x.hash2 = objective.Hashes(x.n)
	return x, nil
}

// columns groups the features of ds: the LessEq tests of each dataset
// column and side of its missing values by code, which orders them by
// threshold, and every other test alone.
func columns(ds *dataset.Dataset) [][]int {
	// The groups share one array, each at its size, counted first: a
	// numeric column gives as many tests as it has values. A dataset
	// column with missing values gives two groups, one for each side they
	// take: run numbers them.
	cols := 0
	for _, ft := range ds.Features {
		cols = max(cols, int(ft.Col)+1)
	}
	run := func(ft *dataset.Feature) int { return 3*int(ft.Col) + int(ft.Missing) }
	size := make([]int, 3*cols) // by run: its LessEq tests
	for _, ft := range ds.Features {
		if ft.Op == dataset.LessEq {
			size[run(&ft)]++
		}
	}
	all := make([]int, 0, len(ds.Features))
	var groups [][]int
	at := make([]int, 3*cols) // by run: 1 + the group of its LessEq tests
	for f, ft := range ds.Features {
		if ft.Op != dataset.LessEq {
			n := len(all)
			all = append(all, f)
			groups = append(groups, all[n:n+1:n+1])
			continue
		}
		r := run(&ft)
		if at[r] == 0 {
			n := len(all)
			groups = append(groups, all[n:n:n+size[r]])
			at[r] = len(groups)
			all = all[:n+size[r]]
		}
		g := at[r] - 1
		groups[g] = append(groups[g], f)
	}
	byCode := func(a, b int) int { return cmp.Compare(ds.Features[a].Code, ds.Features[b].Code) }
	for _, g := range groups {
		// Binarize lists a column's tests in order already.
		if !slices.IsSortedFunc(g, byCode) {
			slices.SortStableFunc(g, byCode)
		}
	}
	return groups
}

// column returns the column of the tests group, in order. A test alone
// is one, its items at position 0 where it holds and 1 where not. The
// LessEq tests of a dataset column hold on nested sets, each for the codes
// up to its own: an item's position is the number of tests whose code is
// below the item's. Binarize numbers a column's tests by code from 0,
// which makes an item's code its position. A missing value's code is past
// every value's, and so past the end of a group of tests that missing
// values fail; in a group of tests that they satisfy, its position is 0.
func (x *data) column(ds *dataset.Dataset, src []int, group []int) column {
	col := column{feature: group, pos: make([]int32, x.n)}
	first := &ds.Features[group[0]]
	if first.Op != dataset.LessEq {
		for i, e := range src {
			if !ds.Holds(&ds.Examples[e], group[0]) {
				col.pos[i] = 1
			}
		}
		return col
	}
	dense := true
	for k, f := range group {
		dense = dense && ds.Features[f].Code == int32(k)
	}
	m := int32(len(group))
	if dense {
		for i, e := range src {
			col.pos[i] = min(ds.Examples[e].Codes[first.Col], m)
		}
	} else {
		codes := make([]int32, len(group))
		for k, f := range group {
			codes[k] = ds.Features[f].Code
		}
		for i, e := range src {
			p, _ := slices.BinarySearch(codes, ds.Examples[e].Codes[first.Col])
			col.pos[i] = int32(p)
		}
	}
	if miss := first.MissingCode; miss != 0 {
		for i, e := range src {
			if ds.Examples[e].Codes[first.Col] == miss {
				col.pos[i] = 0
			}
		}
	}
	return col
}

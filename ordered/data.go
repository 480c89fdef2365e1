package ordered

import (
	"context"
	"fmt"
	"math"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/columns"
	"github.com/odtx/odtx/internal/items"
	"github.com/odtx/odtx/objective"
)

// data is a dataset packed for the search. An item is a distinct example
// with one class and the number of records it stands for: an example whose
// records disagree on the class gives one item per class it has.
//
// The features become columns of ordered tests (package columns).
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
	for _, group := range columns.Groups(ds) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		col := columns.Make(ds, src, group)
		x.cols = append(x.cols, column{feature: col.Feature, pos: col.Pos})
	}
	x.hash1, x.hash2 = objective.Hashes(x.n)
	return x, nil
}

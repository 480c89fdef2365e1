package minerr

import (
	"context"
	"fmt"
	"math/bits"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/items"
	"github.com/odtx/odtx/objective"
)

// data is a dataset packed for the search. An item is a distinct feature
// vector with one class and the number of records it stands for: an example
// whose records disagree on the class gives one item per class it has. Only
// the features worth trying are kept: none that is constant, and one of each
// group that takes the same values, or complementary ones, on every item.
// The search numbers the kept features from 0; trees name the dataset's.
type data struct {
	n, words int      // items, and words per row
	m        int      // kept features
	rows     []uint64 // item i's row is rows[i*words : (i+1)*words]
	start    []int32  // item i's true features are ones[start[i]:start[i+1]]
	ones     []int32
	class    []int32
	weight   []int32
	classes  int
	records  int   // the weight of all items
	feature  []int // the dataset's feature of each kept one
	// hash1 and hash2 are random values per item whose sums over a set of
	// items identify it for the cache (see key).
	hash1, hash2 []uint64
}

// pack builds the items of ds, checking ctx now and then since a large
// dataset takes a while.
func pack(ctx context.Context, ds *dataset.Dataset) (*data, error) {
	x := &data{classes: max(len(ds.Classes), 1)}
	it, err := items.Of(ds)
	if err != nil {
		return nil, fmt.Errorf("minerr: %w", err)
	}
	src := it.Example
	x.class, x.weight, x.records = it.Class, it.Weight, it.Records
	x.n = len(src)
	cols, err := x.keep(ctx, ds)
	if err != nil {
		return nil, err
	}
	x.m = len(x.feature)
	x.words = max((x.m+63)/64, 1)
	x.rows = make([]uint64, x.n*x.words)
	ones := 0
	for i, e := range src {
		if i%65536 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		row := x.rows[i*x.words : (i+1)*x.words]
		w, b := e/64, uint(e%64)
		for k, col := range cols {
			row[k/64] |= (col[w] >> b & 1) << (k % 64)
		}
		for _, v := range row {
			ones += bits.OnesCount64(v)
		}
	}
	x.start = make([]int32, x.n+1)
	x.ones = make([]int32, 0, ones)
	for i := range x.n {
		for w, v := range x.rows[i*x.words : (i+1)*x.words] {
			for ; v != 0; v &= v - 1 {
				x.ones = append(x.ones, int32(64*w+bits.TrailingZeros64(v)))
			}
		}
		x.start[i+1] = int32(len(x.ones))
	}
	x.hash1, x.hash2 = objective.Hashes(x.n)
	return x, nil
}

// keep chooses the features to search, as the type's comment says, and
// returns their columns: bit e holds for example e.
func (x *data) keep(ctx context.Context, ds *dataset.Dataset) ([][]uint64, error) {
	n := len(ds.Examples)
	cw := (n + 63) / 64
	var cols [][]uint64
	col := make([]uint64, cw)
	seen := make(map[string]bool)
	key := make([]byte, 8*cw)
	for f := range ds.Features {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		clear(col)
		for i := range ds.Examples {
			if ds.Holds(&ds.Examples[i], f) {
				col[i/64] |= 1 << (i % 64)
			}
		}
		ones := 0
		for _, w := range col {
			ones += bits.OnesCount64(w)
		}
		if ones == 0 || ones == n {
			continue
		}
		// Normalise so that complements compare equal: example 0 false.
		flip := col[0]&1 == 1
		for w, v := range col {
			if flip {
				v = ^v
				if w == cw-1 && n%64 != 0 {
					v &= 1<<(n%64) - 1
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
		x.feature = append(x.feature, f)
		cols = append(cols, col)
		col = make([]uint64, cw)
	}
	return cols, nil
}

// holds reports whether kept feature k holds for item i.
func (x *data) holds(i int32, k int) bool {
	return x.rows[int(i)*x.words+k/64]>>(k%64)&1 == 1
}

package regress

import (
	"fmt"
	"math"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/columns"
	"github.com/odtx/odtx/objective"
)

// data is a dataset packed for the search. An item is an example: its
// records, one per target, are told apart by no test, so the search needs
// only their stat.
type data struct {
	stat []stat    // by item
	own  []float64 // the SSE of each item's records about their mean
	cols []columns.Column
	sc   scaling
	// hash1 and hash2 are random values per item whose sums over a set of
	// items identify it for the cache.
	hash1, hash2 []uint64
}

// pack builds the items of ds, the targets of example e being targets[e].
func pack(ds *dataset.Dataset, targets [][]float64) (*data, error) {
	if len(targets) != len(ds.Examples) {
		return nil, fmt.Errorf("regress: targets of %d examples for %d", len(targets), len(ds.Examples))
	}
	var all []float64
	for e, ys := range targets {
		if len(ys) == 0 {
			return nil, fmt.Errorf("regress: example %d has no target", e)
		}
		for _, y := range ys {
			if math.IsNaN(y) || math.IsInf(y, 0) {
				return nil, fmt.Errorf("regress: example %d: target %v is not a finite number", e, y)
			}
		}
		all = append(all, ys...)
	}
	if len(all) > math.MaxInt32 {
		return nil, fmt.Errorf("regress: %d records, more than the %d the sums hold", len(all), math.MaxInt32)
	}
	v, sc := scale(all)
	x := &data{stat: make([]stat, len(targets)), own: make([]float64, len(targets)), sc: sc}
	src := make([]int, len(targets))
	k := 0
	for e, ys := range targets {
		for range ys {
			x.stat[e] = x.stat[e].add(one(v[k]))
			k++
		}
		x.own[e] = x.stat[e].sse()
		src[e] = e
	}
	for _, group := range columns.Groups(ds) {
		x.cols = append(x.cols, columns.Make(ds, src, group))
	}
	x.hash1, x.hash2 = objective.Hashes(len(targets))
	return x, nil
}

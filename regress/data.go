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
// only their stat, in which each counts as its weight.
type data struct {
	stat []stat    // by item
	own  []float64 // the SSE of each item's records about their mean
	cols []columns.Column
	sc   scaling
	// scale is the units of the records' weights (their n) in a unit of
	// weight as given: dataset.Dataset.WeightScale, or 1 unweighed.
	scale float64
	// hash1 and hash2 are random values per item whose sums over a set of
	// items identify it for the cache.
	hash1, hash2 []uint64
}

// pack builds the items of ds, the targets of example e being targets[e],
// those of its records in the table's order, each weighing its
// ds.Weights, if it has them. Records of weight 0 change no sum, and an
// example of no weight is no item: no leaf holds it alone.
func pack(ds *dataset.Dataset, targets [][]float64) (*data, error) {
	if len(targets) != len(ds.Examples) {
		return nil, fmt.Errorf("regress: targets of %d examples for %d", len(targets), len(ds.Examples))
	}
	weights := make([][]int64, len(targets)) // as targets, where weighed
	if ds.Weights != nil {
		for r, e := range ds.ExampleOf {
			weights[e] = append(weights[e], int64(ds.Weights[r]))
		}
	}
	weight := func(e, k int) int64 {
		if ds.Weights == nil {
			return 1
		}
		return weights[e][k]
	}
	var all []float64
	total := int64(0)
	for e, ys := range targets {
		if len(ys) == 0 || (ds.Weights != nil && len(weights[e]) != len(ys)) {
			return nil, fmt.Errorf("regress: example %d has %d targets and %d weights", e, len(ys), len(weights[e]))
		}
		for k, y := range ys {
			if math.IsNaN(y) || math.IsInf(y, 0) {
				return nil, fmt.Errorf("regress: example %d: target %v is not a finite number", e, y)
			}
			if w := weight(e, k); w > 0 {
				all = append(all, y)
				total += w
			}
		}
	}
	if total > math.MaxInt32 {
		return nil, fmt.Errorf("regress: records of weight %d, more than the %d the sums hold", total, math.MaxInt32)
	}
	v, sc := scale(all)
	x := &data{sc: sc, scale: 1}
	if ds.Weights != nil {
		x.scale = ds.WeightScale
	}
	var src []int
	j := 0
	for e, ys := range targets {
		var st stat
		for k := range ys {
			if w := weight(e, k); w > 0 {
				st = st.add(one(v[j], w))
				j++
			}
		}
		if st.n > 0 {
			x.stat = append(x.stat, st)
			x.own = append(x.own, st.sse())
			src = append(src, e)
		}
	}
	for _, group := range columns.Groups(ds) {
		x.cols = append(x.cols, columns.Make(ds, src, group))
	}
	x.hash1, x.hash2 = objective.Hashes(len(x.stat))
	return x, nil
}

// Package items turns the examples of a dataset into the weighted items
// that the min-error engines search: one item per example and class that
// has records, weighing as many records as it stands for.
package items

import (
	"fmt"
	"math"

	"github.com/odtx/odtx/dataset"
)

// Items are the items of a dataset, in the order of its examples.
type Items struct {
	Example []int   // the example of each item
	Class   []int32 // its class
	Weight  []int32 // the records it stands for
	Records int     // the weight of all items
}

// Of returns the items of ds: an example with Counts (dataset.Count) gives
// an item for each class it has records of, any other one item of its
// class, weighing one. It fails when the records overflow an int32, in
// which the weights are counted.
func Of(ds *dataset.Dataset) (Items, error) {
	// Sized for one item per example, the common case, so that a large
	// dataset is not copied as the slices grow.
	it := Items{
		Example: make([]int, 0, len(ds.Examples)),
		Class:   make([]int32, 0, len(ds.Examples)),
		Weight:  make([]int32, 0, len(ds.Examples)),
	}
	add := func(i, class, weight int) {
		it.Example = append(it.Example, i)
		it.Class = append(it.Class, int32(class))
		it.Weight = append(it.Weight, int32(min(weight, math.MaxInt32)))
		it.Records += weight
	}
	for i, ex := range ds.Examples {
		if ex.Counts == nil {
			add(i, ex.Class, 1)
			continue
		}
		for k, c := range ex.Counts {
			if c > 0 {
				add(i, k, c)
			}
		}
	}
	if it.Records > math.MaxInt32 {
		return Items{}, fmt.Errorf("%d records, more than the %d the counts hold", it.Records, math.MaxInt32)
	}
	return it, nil
}

package minerr

import (
	"testing"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/objtest"
	"github.com/odtx/odtx/internal/testgen"
	"github.com/odtx/odtx/objective"
)

// TestSimilarityMinLeaf pins a table on which the similarity bound (see
// siblings), with leaves of two records or more, proves a side of a
// feature costlier than it is: the tree of the side, applied to the side
// of a feature tried before, loses records of one of its leaves, which is
// then too small. With the bound, the search finds a tree of four
// branching nodes where one of three makes as few errors.
func TestSimilarityMinLeaf(t *testing.T) {
	ds := testgen.Boolean(6, 2)
	for _, ex := range []struct {
		codes  []int32
		class  int
		counts []int
	}{
		{[]int32{0, 0, 0, 0, 1, 1}, 1, []int{0, 1}},
		{[]int32{1, 1, 0, 0, 1, 1}, 1, nil},
		{[]int32{1, 1, 1, 0, 1, 1}, 1, nil},
		{[]int32{0, 1, 1, 0, 1, 1}, 1, nil},
		{[]int32{0, 1, 1, 0, 0, 0}, 0, nil},
		{[]int32{0, 0, 0, 0, 0, 0}, 1, nil},
		{[]int32{1, 0, 0, 1, 1, 1}, 0, []int{2, 1}},
		{[]int32{0, 0, 1, 0, 1, 0}, 0, nil},
		{[]int32{1, 0, 1, 0, 1, 1}, 1, []int{0, 1}},
		{[]int32{1, 0, 1, 1, 0, 1}, 0, []int{2, 0}},
	} {
		ds.Examples = append(ds.Examples, dataset.Example{Codes: ex.codes, Class: ex.class, Counts: ex.counts})
	}
	if err := objtest.Solve(Solve, ds, objective.Options{MaxDepth: 3, MinLeaf: 2}); err != nil {
		t.Error(err)
	}
}

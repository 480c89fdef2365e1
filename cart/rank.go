package cart

import (
	"context"
	"slices"

	"github.com/odtx/odtx/dataset"
)

// Ranked returns tests of ds to split all its records by, best first, as
// CART ranks them: of each column that tells some of the records apart,
// leaving minLeaf records or more on each side, the test CART would take
// of it, by the decrease in Gini impurity; on a tie, in the order of the
// columns. One test a column, since a column's
// next best is most often a neighbouring cut, nearly the same split.
//
// It returns none for records all of one class, which CART does not
// split, when ctx ends first, or when the records are more than Tree
// counts.
func Ranked(ctx context.Context, ds *dataset.Dataset, minLeaf int) []int {
	g, root, err := newGrower(ds, minLeaf)
	if err != nil {
		return nil
	}
	best, err := g.sweeps(ctx, []*node{root})
	if err != nil {
		return nil
	}
	best = slices.DeleteFunc(best, func(s split) bool { return s.feature < 0 })
	slices.SortStableFunc(best, func(a, b split) int {
		switch {
		case a.beats(b):
			return -1
		case b.beats(a):
			return 1
		}
		return 0
	})
	tests := make([]int, len(best))
	for i, s := range best {
		tests[i] = s.feature
	}
	return tests
}

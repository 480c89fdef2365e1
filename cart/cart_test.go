package cart

import (
	"context"
	"strings"
	"testing"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/testgen"
)

// TestEdges: a negative depth is an error; depth 0, an empty dataset and
// records alike in every test give one leaf of the majority, its errors
// the records of the other classes.
func TestEdges(t *testing.T) {
	ds := binarize(t, []byte("a,y\n1,p\n1,q\n1,q\n2,p\n"), "edges")
	if _, _, err := Tree(context.Background(), ds, -1, 0); err == nil || !strings.Contains(err.Error(), "depth -1") {
		t.Errorf("depth -1: error %v", err)
	}
	for _, tc := range []struct {
		ds          *dataset.Dataset
		depth, errs int
		leaf        bool
	}{
		{ds, 0, 2, true},
		{ds, 1, 1, false}, // a <= 1 leaves 1 p of 3
		{ds, 5, 1, false}, // and the three are alike
		{testgen.Boolean(3, 2), 3, 0, true},
		{binarize(t, []byte("a,y\n1,p\n1,q\n1,q\n"), "alike"), 3, 1, true}, // no tests at all
	} {
		root, errs, err := Tree(context.Background(), tc.ds, tc.depth, 0)
		if err != nil || errs != tc.errs || root.IsLeaf() != tc.leaf {
			t.Errorf("%s at depth %d: %d errors, a leaf %v, error %v; want %d, %v", tc.ds.Name, tc.depth, errs, root.IsLeaf(), err, tc.errs, tc.leaf)
		}
		checkLeaves(t, tc.ds, root)
	}
}

package dp

import (
	"context"
	"fmt"
	"testing"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/testgen"
)

// TestPackGroupsComplements: of a feature, a copy of it and its complement,
// pack keeps one, whatever the number of examples; a constant feature it
// drops. A count of examples that is not a multiple of 64 leaves bits past
// the last example in the packed column, which must not tell a feature
// from its complement.
func TestPackGroupsComplements(t *testing.T) {
	for _, n := range []int{2, 3, 63, 64, 65, 100, 128, 130} {
		t.Run(fmt.Sprint(n, " examples"), func(t *testing.T) {
			ds := testgen.Boolean(5, 2)
			for i := range n {
				v := i%3 == 0 // not constant for any n >= 2
				// f0, its copy, its complement, a constant, f0 again complemented
				ds.Examples = append(ds.Examples, dataset.Example{Codes: testgen.Codes([]bool{v, v, !v, true, !v}), Class: i % 2, Line: i + 2})
			}
			x, _ := pack(context.Background(), ds)
			if x.nkept() != 1 || x.feature[0] != 0 {
				t.Fatalf("kept features %v, want [0]: the others copy or complement it, or are constant", x.feature)
			}
			for f, k := range x.kept {
				if want := map[bool]int32{true: 0, false: -1}[f == 0]; k != want {
					t.Errorf("feature %d kept as %d, want %d", f, k, want)
				}
			}
		})
	}
}

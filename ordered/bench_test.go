package ordered_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/gen"
	"github.com/odtx/odtx/objective"
	"github.com/odtx/odtx/ordered"
)

// BenchmarkNumeric proves the fewest errors within a depth on a noisy
// table of numbers, the work of ConTree's datasets, where nearly all the
// time goes to the sweeps of depth two.
func BenchmarkNumeric(b *testing.B) {
	for _, c := range []struct {
		name  string
		p     gen.Numeric
		depth int
	}{
		{"rows=20000/depth=2", gen.Numeric{Depth: 4, Columns: 10, Classes: 2, Rows: 20000, Decimals: 3, Noise: 0.2, Seed: 7}, 2},
		{"rows=5000/depth=3", gen.Numeric{Depth: 4, Columns: 8, Classes: 2, Rows: 5000, Decimals: 3, Noise: 0.2, Seed: 7}, 3},
	} {
		b.Run(c.name, func(b *testing.B) {
			var buf bytes.Buffer
			if err := c.p.Write(&buf); err != nil {
				b.Fatal(err)
			}
			tbl, err := dataset.ReadTable(&buf, "numeric.csv")
			if err != nil {
				b.Fatal(err)
			}
			ds, err := tbl.Binarize(dataset.Options{Conflicts: dataset.Count})
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				r, err := ordered.Solve(context.Background(), ds, objective.Options{MaxDepth: c.depth, AnySize: true})
				if err != nil || !r.Optimal {
					b.Fatal(err)
				}
			}
		})
	}
}

package cart

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/gen"
)

// BenchmarkTree grows depth-5 trees on noisy numeric tables of 10 columns
// with six decimal places, nearly a threshold per row a column, as gen
// --numeric makes them.
func BenchmarkTree(b *testing.B) {
	for _, rows := range []int{200_000, 1_000_000} {
		b.Run(fmt.Sprint(rows), func(b *testing.B) {
			var csv bytes.Buffer
			p := gen.Numeric{Depth: 5, Columns: 10, Classes: 2, Rows: rows, Decimals: 6, Noise: 0.1, Seed: 1}
			if err := p.Write(&csv); err != nil {
				b.Fatal(err)
			}
			tbl, err := dataset.ReadTable(&csv, "numeric.csv")
			if err != nil {
				b.Fatal(err)
			}
			ds, err := tbl.Binarize(dataset.Options{Conflicts: dataset.Count})
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if _, _, err := Tree(context.Background(), ds, 5, 0); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

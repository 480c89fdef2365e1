package dp

import (
	"context"
	"testing"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/shareddata"
)

// BenchmarkSearch times both searches from a fresh Search, as learn runs
// them, on the datasets where the DP engine is meant to beat SAT.
func BenchmarkSearch(b *testing.B) {
	for _, file := range []string{"car.csv", "tic-tac-toe.csv", "balance-scale.csv", "monk2.csv", "wine.csv"} {
		ds, _, err := dataset.Load(context.Background(), shareddata.Path(b, file), dataset.Options{})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(file, func(b *testing.B) {
			for b.Loop() {
				learn(b, ds, DefaultCacheBytes)
			}
		})
	}
}

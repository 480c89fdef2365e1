package minerr

import (
	"context"
	"testing"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/shareddata"
	"github.com/odtx/odtx/objective"
)

// BenchmarkSolve times Solve at depths 3 and 4 on DL8 files where the
// depth-two solver, its popcounts and the bounds each matter.
func BenchmarkSolve(b *testing.B) {
	for _, c := range []struct {
		file  string
		depth int
	}{
		{"splice-1", 3}, {"pendigits", 3}, {"ionosphere", 3},
		{"german-credit", 4}, {"vehicle", 4}, {"kr-vs-kp", 4},
	} {
		ds, _, err := dataset.Load(context.Background(), shareddata.Path(b, "dl8/"+c.file+".csv"), dataset.Options{Conflicts: dataset.Count})
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.file, func(b *testing.B) {
			for b.Loop() {
				if _, err := Solve(context.Background(), ds, objective.Options{MaxDepth: c.depth}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

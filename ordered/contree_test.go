package ordered

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/objtest"
	"github.com/odtx/odtx/objective"
)

// contree holds ConTree's optima at depths two and three on its datasets
// (the datasets/ of ConSol-Lab/contree, as CSV files with the label last):
// the fewest misclassified training rows, as ConTree printed them; 0 where
// the search at depth three takes too long for a test.
var contree = []struct {
	file   string
	rows   int
	d2, d3 int
}{
	{"bank", 1372, 100, 23}, {"raisin", 900, 109, 94}, {"rice", 3810, 257, 0},
	{"wilt", 4839, 138, 88}, {"segment", 2310, 990, 278}, {"fault", 1941, 803, 0},
	{"page", 5473, 253, 168}, {"bidding", 6321, 113, 50}, {"room", 10129, 559, 80},
	{"occupancy", 20560, 208, 0}, {"htru", 17898, 369, 0}, {"magic", 19020, 3746, 0},
	{"eeg", 14980, 4956, 0}, {"avila", 20867, 9617, 0},
}

// TestConTree checks that Solve proves ConTree's optima on its datasets,
// found in $ODTX_CONTREE_DATA: at depth two, and at depth three where the
// table has it; with -short, only at depth two on those of fewer than 5000
// rows.
func TestConTree(t *testing.T) {
	dir := os.Getenv("ODTX_CONTREE_DATA")
	if dir == "" {
		t.Skip("ConTree's datasets not found: set ODTX_CONTREE_DATA to a directory of their CSV files")
	}
	for _, c := range contree {
		t.Run(c.file, func(t *testing.T) {
			if testing.Short() && c.rows >= 5000 {
				t.Skip("large; without -short only")
			}
			path := filepath.Join(dir, c.file+".csv")
			ds, _, err := dataset.Load(context.Background(), path, dataset.Options{Conflicts: dataset.Count})
			if err != nil {
				t.Fatal(err)
			}
			want := map[int]int{2: c.d2}
			if c.d3 > 0 && !testing.Short() {
				want[3] = c.d3
			}
			objtest.CheckOptima(t, Solve, ds, objective.Options{}, want, "ConTree")
		})
	}
}

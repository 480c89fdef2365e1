package ordered

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/objtest"
)

// withMissing returns csv, a table of randomCSV, with each field of its
// numeric columns (those named x…) made missing, empty or NaN, at a rate
// of up to 30 %.
func withMissing(r *rand.Rand, csv string) string {
	lines := strings.Split(strings.TrimSuffix(csv, "\n"), "\n")
	header := strings.Split(lines[0], ",")
	rate := 0.3 * r.Float64()
	for i, line := range lines[1:] {
		fields := strings.Split(line, ",")
		for c, name := range header {
			if strings.HasPrefix(name, "x") && r.Float64() < rate {
				fields[c] = []string{"", "NaN"}[r.IntN(2)]
			}
		}
		lines[1+i] = strings.Join(fields, ",")
	}
	return strings.Join(lines, "\n") + "\n"
}

// TestOracleMissing is TestOracle on tables with missing values, whose
// tests of each side of them make a column of their own: the optimum over
// the features of the dataset, as the oracle finds it, whatever the
// positions of the missing values; and one run in four with some of the
// features dropped, which leaves a column's tests not numbered from 0 by
// one.
func TestOracleMissing(t *testing.T) {
	r := rand.New(rand.NewPCG(35, 1))
	sides := 0
	for run := range objtest.Runs(500, 150) {
		csv := withMissing(r, randomCSV(r))
		ds := load(t, csv)
		for _, f := range ds.Features {
			if f.Missing == dataset.MissingTrue {
				sides++
				break
			}
		}
		if run%4 == 3 {
			ds.Features = slices.DeleteFunc(ds.Features, func(dataset.Feature) bool { return r.IntN(3) == 0 })
		}
		opt := objtest.RandomOptions(r)
		if err := objtest.Solve(Solve, ds, opt); err != nil {
			t.Fatalf("run %d (%+v):\n%s%v", run, opt, csv, err)
		}
	}
	if sides < objtest.Runs(500, 150)/2 {
		t.Fatalf("%d tables with tests that missing values satisfy: the test lost its teeth", sides)
	}
}

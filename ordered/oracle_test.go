package ordered

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/objtest"
	"github.com/odtx/odtx/internal/testgen"
)

// randomCSV returns a table of up to 30 records: one to three numeric
// columns of a few distinct values each, sometimes a column of categories,
// and a label of one to three classes. Repeated rows with other labels
// make contradictory records.
func randomCSV(r *rand.Rand) string {
	numeric := 1 + r.IntN(3)
	category := r.IntN(3) == 0
	classes := 2 + r.IntN(2)
	if r.IntN(10) == 0 {
		classes = 1
	}
	var b strings.Builder
	for c := range numeric {
		fmt.Fprintf(&b, "x%d,", c)
	}
	if category {
		b.WriteString("color,")
	}
	b.WriteString("label\n")
	var rows []string
	for range 1 + r.IntN(30) {
		var row strings.Builder
		if len(rows) > 0 && r.IntN(5) == 0 {
			row.WriteString(rows[r.IntN(len(rows))])
		} else {
			for range numeric {
				// Few values, some negative or fractional, so that the
				// thresholds are few and their order is not the text's.
				fmt.Fprintf(&row, "%g,", float64(r.IntN(5)-1)/2)
			}
			if category {
				fmt.Fprintf(&row, "%s,", []string{"red", "green", "blue"}[r.IntN(3)])
			}
		}
		rows = append(rows, row.String())
		fmt.Fprintf(&b, "%s%c\n", row.String(), 'a'+rune(r.IntN(classes)))
	}
	return b.String()
}

// load binarizes a CSV text as odtx does for the min-error objective.
func load(t testing.TB, csv string) *dataset.Dataset {
	t.Helper()
	_, ds := testgen.Load(t, csv, "random.csv", dataset.Options{Conflicts: dataset.Count})
	return ds
}

// TestOracle compares Solve with the exhaustive oracle on random tables of
// numeric columns: multi-class, contradictory records, branch budgets,
// costs and depths 0 to 3. One run in four drops some of the features, so
// that a column's thresholds are not every one its values give.
func TestOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for run := range objtest.Runs(500, 150) {
		csv := randomCSV(r)
		ds := load(t, csv)
		if run%4 == 3 {
			ds.Features = slices.DeleteFunc(ds.Features, func(dataset.Feature) bool { return r.IntN(3) == 0 })
		}
		opt := objtest.RandomOptions(r)
		if err := objtest.Solve(Solve, ds, opt); err != nil {
			t.Fatalf("run %d (%+v):\n%s%v", run, opt, csv, err)
		}
	}
}

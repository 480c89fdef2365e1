package ordered

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/minerr"
)

// numericCSV returns a table of rows records over cols numeric columns of
// up to values distinct values, with labels of classes classes that
// follow a random tree of depth two on the first columns, flipped for a
// fifth of the records, so that the best trees are neither a leaf nor
// perfect.
func numericCSV(r *rand.Rand, rows, cols, values, classes int) string {
	var b strings.Builder
	for c := range cols {
		fmt.Fprintf(&b, "x%d,", c)
	}
	b.WriteString("label\n")
	t := [3]int{r.IntN(values), r.IntN(values), r.IntN(values)}
	for range rows {
		x := make([]int, cols)
		for c := range x {
			x[c] = r.IntN(values)
			fmt.Fprintf(&b, "%d,", x[c])
		}
		k := 0
		switch {
		case x[0] <= t[0] && x[min(1, cols-1)] <= t[1]:
			k = 1
		case x[0] > t[0] && x[cols-1] > t[2]:
			k = 2
		}
		if r.IntN(5) == 0 {
			k = r.IntN(classes)
		}
		fmt.Fprintf(&b, "c%d\n", k%classes)
	}
	return b.String()
}

// TestMinerr compares Solve with package minerr, which searches the same
// objective over the binary features one by one, on random numeric tables
// larger than the oracle can take: depths 1 to 3, with and without branch
// budgets and costs. Every other table keeps a random part of its
// thresholds, as a dataset made by hand may, so that the codes of a
// column's tests have gaps.
func TestMinerr(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	runs := 120
	if testing.Short() {
		runs = 30
	}
	for run := range runs {
		csv := numericCSV(r, 20+r.IntN(300), 1+r.IntN(5), 3+r.IntN(40), 2+r.IntN(2))
		ds := load(t, csv)
		if run%2 == 1 {
			ds.Features = slices.DeleteFunc(ds.Features, func(dataset.Feature) bool { return r.IntN(2) == 0 })
		}
		opt := randomOptions(r)
		opt.MaxDepth = 1 + r.IntN(3)
		res, err := Solve(context.Background(), ds, opt)
		if err != nil {
			t.Fatalf("run %d: %v", run, err)
		}
		if err := checkTree(ds, opt, res); err != nil {
			t.Fatalf("run %d (%+v): %v", run, opt, err)
		}
		want, err := minerr.Solve(context.Background(), ds, opt)
		if err != nil {
			t.Fatalf("run %d: minerr: %v", run, err)
		}
		if res.Errors != want.Errors || res.Branches != want.Branches || !res.Optimal || res.Bound != want.Bound {
			t.Fatalf("run %d (%+v):\n%s%d errors, %d branches, optimal %v, bound %v; minerr %d, %d, bound %v",
				run, opt, csv, res.Errors, res.Branches, res.Optimal, res.Bound, want.Errors, want.Branches, want.Bound)
		}
	}
}

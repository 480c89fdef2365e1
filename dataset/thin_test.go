package dataset

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestThin: a column of more than q thresholds keeps at most q of them,
// those nearest its quantiles, every other test stays, the tests kept are
// ds's own in order, and a column of q or fewer is kept whole. A column
// with missing values keeps at most q of the tests of each side they
// take, and the tests that missing values satisfy weigh them too.
func TestThin(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var b strings.Builder
	b.WriteString("x,few,c,m,y\n")
	for i := range 2000 {
		m := ""
		if i%4 != 0 { // a quarter missing: the first quantiles' test of the side they satisfy is its first
			m = fmt.Sprint(r.IntN(1000))
		}
		fmt.Fprintf(&b, "%d,%d,%c,%s,%d\n", r.IntN(1000), r.IntN(5), 'a'+r.IntN(3), m, r.IntN(2))
	}
	tbl, err := ReadTable(strings.NewReader(b.String()), "t.csv")
	if err != nil {
		t.Fatal(err)
	}
	ds, err := tbl.Binarize(Options{Conflicts: Count})
	if err != nil {
		t.Fatal(err)
	}
	thin, index, all := ds.Thin(16)
	if all || len(thin.Features) != len(index) {
		t.Fatalf("all %v, %d tests for %d indices", all, len(thin.Features), len(index))
	}
	count := map[string]int{}
	for j, i := range index {
		if j > 0 && i <= index[j-1] || thin.Features[j] != ds.Features[i] {
			t.Fatalf("test %d is not ds's test %d in order", j, i)
		}
		f := thin.Features[j]
		count[f.Column+f.Missing.String()]++
	}
	if count["x"] > 16 || count["x"] < 12 || count["few"] != 4 || count["c"] != 3 {
		t.Errorf("tests kept by column: %v; want 12 to 16 of x, 4 of few, 3 of c", count)
	}
	if count["myes"] > 16 || count["myes"] < 10 || count["mno"] > 16 || count["mno"] < 10 {
		t.Errorf("tests kept by column and side: %v; want 10 to 16 of m of each side", count)
	}
	// The i-th quantile's test splits near i/16 of the records.
	n := 2000 // records
	for _, f := range thin.Features {
		if f.Column != "x" && f.Column != "m" {
			continue
		}
		below := 0
		for _, ex := range ds.Examples {
			if f.HoldsCode(ex.Codes[f.Col]) {
				for _, c := range ex.Counts {
					below += c
				}
			}
		}
		if q := float64(below) * 16 / float64(n); q-float64(int(q+0.5)) > 0.2 || float64(int(q+0.5))-q > 0.2 {
			t.Errorf("x <= %v holds on %d of %d records, not near a sixteenth", f.Threshold, below, n)
		}
	}
	if same, _, all := ds.Thin(1000); !all || same != ds {
		t.Errorf("Thin of more than every column's tests: all %v, same %v", all, same == ds)
	}
}

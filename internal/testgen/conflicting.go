package testgen

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/odtx/odtx/dataset"
)

// Conflicting returns a table, as CSV, of rows records over features
// binary columns x0, x1, ... and a label y drawn from the first classes
// letters: with so few features, most records repeat others with other
// labels, and the labels of a group of identical records often tie.
func Conflicting(r *rand.Rand, features, rows, classes int) string {
	var csv strings.Builder
	for f := range features {
		fmt.Fprintf(&csv, "x%d,", f)
	}
	csv.WriteString("y\n")
	for range rows {
		for range features {
			fmt.Fprintf(&csv, "%d,", r.IntN(2))
		}
		fmt.Fprintf(&csv, "%c\n", 'a'+r.IntN(classes))
	}
	return csv.String()
}

// RawRecords returns every record of tbl as a brute-force oracle sees it:
// whether each of the features of ds, which tbl binarized into, holds for
// its raw values, and its own label, as an index into ds.Classes.
func RawRecords(t testing.TB, tbl *dataset.Table, ds *dataset.Dataset) (rows [][]bool, labels []int) {
	t.Helper()
	label, err := tbl.Column(ds.Label)
	if err != nil {
		t.Fatal(err)
	}
	rows = make([][]bool, tbl.Len())
	labels = make([]int, tbl.Len())
	for i := range tbl.Len() {
		rec := tbl.Record(i)
		rows[i] = make([]bool, len(ds.Features))
		for f, ft := range ds.Features {
			c, err := tbl.Column(ft.Column)
			if err != nil {
				t.Fatal(err)
			}
			if rows[i][f], err = ft.Holds(rec[c]); err != nil {
				t.Fatal(err)
			}
		}
		if labels[i] = slices.Index(ds.Classes, rec[label]); labels[i] < 0 {
			t.Fatalf("line %d: label %q is no class of %v", tbl.Lines[i], rec[label], ds.Classes)
		}
	}
	return rows, labels
}

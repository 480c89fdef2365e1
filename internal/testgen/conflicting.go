package testgen

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/bruteforce"
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

// Tied is a table of records, some of them identical with other labels,
// binarized with the Majority option, as a brute-force oracle sees it.
type Tied struct {
	Table *dataset.Table
	Data  *dataset.Dataset
	// Records are whether each feature of Data holds for each record's
	// raw values, and Labels its own label, an index into Data.Classes.
	Records [][]bool
	Labels  []int
	// Rows are the distinct Records, each with Sets, the labels most of
	// its copies have (bruteforce.Majority), and Depth and Nodes the
	// optimum over every choice of one of them a row (bruteforce.OptimalSets).
	Rows         [][]bool
	Sets         [][]int
	Depth, Nodes int
}

// ReadTied reads the table csv and returns it as Tied.
func ReadTied(t testing.TB, csv string) *Tied {
	t.Helper()
	tbl, ds := Load(t, csv, "tied.csv", dataset.Options{Conflicts: dataset.Majority})
	tt := &Tied{Table: tbl, Data: ds}
	tt.Records, tt.Labels = RawRecords(t, tbl, ds)
	tt.Rows, tt.Sets = bruteforce.Majority(tt.Records, tt.Labels)
	var ok bool
	if tt.Depth, tt.Nodes, ok = bruteforce.OptimalSets(tt.Rows, tt.Sets, len(ds.Features)); !ok {
		t.Fatalf("the oracle found no tree of\n%s", csv)
	}
	return tt
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

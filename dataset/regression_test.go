package dataset

import (
	"strings"
	"testing"
)

// TestRegression: with Options.Regression, records that share their
// features are one example whatever their labels, and there are no
// classes; without it, they conflict.
func TestRegression(t *testing.T) {
	tb, err := ReadTable(strings.NewReader("a,y\n1,2.5\n2,3\n1,7\n"), "t.csv")
	if err != nil {
		t.Fatal(err)
	}
	ds, err := tb.Binarize(Options{Regression: true})
	if err != nil || len(ds.Examples) != 2 || ds.Classes != nil || ds.Examples[0].Class != 0 || len(ds.Features) != 1 {
		t.Errorf("%+v, %v", ds, err)
	}
	if _, err := tb.Binarize(Options{}); err == nil {
		t.Error("conflicting labels without Regression: no error")
	}
}

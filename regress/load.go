package regress

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/odtx/odtx/dataset"
)

// Targets returns the targets of the examples of ds, binarized from t
// with dataset.Options.Regression: for each example, the numbers in the
// label column of the records that share its features. It fails, naming
// the line, on a label that is not a finite number.
func Targets(t *dataset.Table, ds *dataset.Dataset) ([][]float64, error) {
	label, err := t.Column(ds.Label)
	if err != nil {
		return nil, err
	}
	if len(ds.ExampleOf) != t.Len() {
		return nil, fmt.Errorf("%s: binarized without the regression option, which maps its records to examples", t.Name)
	}
	targets := make([][]float64, len(ds.Examples))
	for r := range t.Len() {
		s := t.Value(r, label)
		y, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil || math.IsNaN(y) || math.IsInf(y, 0) {
			return nil, fmt.Errorf("%s:%d: label %q is %q, not a finite number, as a regression needs", t.Name, t.Lines[r], ds.Label, s)
		}
		e := ds.ExampleOf[r]
		targets[e] = append(targets[e], y)
	}
	return targets, nil
}

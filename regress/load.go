package regress

import (
	"fmt"
	"math"
	"slices"
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
	enc, err := newEncoder(t, ds)
	if err != nil {
		return nil, err
	}
	index := make(map[string]int, len(ds.Examples)) // by codes: the example
	for e, ex := range ds.Examples {
		index[key(ex.Codes)] = e
	}
	targets := make([][]float64, len(ds.Examples))
	codes := make([]int32, len(ds.Columns))
	for r := range t.Len() {
		s := t.Value(r, label)
		y, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil || math.IsNaN(y) || math.IsInf(y, 0) {
			return nil, fmt.Errorf("%s:%d: label %q is %q, not a finite number, as a regression needs", t.Name, t.Lines[r], ds.Label, s)
		}
		if err := enc.codes(r, codes); err != nil {
			return nil, err
		}
		e, ok := index[key(codes)]
		if !ok {
			return nil, fmt.Errorf("%s:%d: the record is none of the examples", t.Name, t.Lines[r])
		}
		targets[e] = append(targets[e], y)
	}
	return targets, nil
}

// key returns codes as a map key.
func key(codes []int32) string {
	b := make([]byte, 0, 4*len(codes))
	for _, c := range codes {
		b = append(b, byte(c), byte(c>>8), byte(c>>16), byte(c>>24))
	}
	return string(b)
}

// encoder finds a record's code in each column of a dataset from its raw
// values and the dataset's features, as Binarize coded its examples: in a
// column of LessEq tests, the first test that holds, or their number if
// none does; in one of Equal tests, the code of the test that holds, or 1
// where the column's single test does not.
type encoder struct {
	t    *dataset.Table
	cols []int               // by dataset column: its table column
	fs   [][]dataset.Feature // by dataset column: its tests by code
}

func newEncoder(t *dataset.Table, ds *dataset.Dataset) (*encoder, error) {
	enc := &encoder{t: t, cols: make([]int, len(ds.Columns)), fs: make([][]dataset.Feature, len(ds.Columns))}
	for j, name := range ds.Columns {
		c, err := t.Column(name)
		if err != nil {
			return nil, err
		}
		enc.cols[j] = c
	}
	for _, f := range ds.Features {
		enc.fs[f.Col] = append(enc.fs[f.Col], f)
	}
	for _, fs := range enc.fs {
		slices.SortFunc(fs, func(a, b dataset.Feature) int { return int(a.Code) - int(b.Code) })
	}
	return enc, nil
}

// codes fills codes with record r's.
func (enc *encoder) codes(r int, codes []int32) error {
	for j, fs := range enc.fs {
		raw := enc.t.Value(r, enc.cols[j])
		if fs[0].Op == dataset.LessEq {
			var err error
			k, _ := slices.BinarySearchFunc(fs, raw, func(f dataset.Feature, raw string) int {
				ok, e := f.Holds(raw)
				if e != nil {
					err = e
				}
				if ok {
					return 1
				}
				return -1
			})
			if err != nil {
				return fmt.Errorf("%s:%d: %w", enc.t.Name, enc.t.Lines[r], err)
			}
			codes[j] = int32(k)
			continue
		}
		codes[j] = 1
		for _, f := range fs {
			if dataset.SameValue(raw, f.Value) {
				codes[j] = f.Code
				break
			}
		}
	}
	return nil
}

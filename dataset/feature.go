package dataset

import (
	"fmt"
	"math"
	"strconv"
)

// Op is the comparison of a Feature.
type Op string

// The comparisons a Feature can make.
const (
	LessEq Op = "<=" // numeric threshold test
	Equal  Op = "==" // category test
)

// Feature is one Boolean test on a column.
type Feature struct {
	Column    string
	Op        Op
	Threshold float64 // for LessEq
	Value     string  // for Equal: the raw category string
}

// String returns the test as it reads, such as "petal width <= 0.6" or
// "color == red".
func (f Feature) String() string {
	if f.Op == LessEq {
		return fmt.Sprintf("%s %s %s", f.Column, f.Op, strconv.FormatFloat(f.Threshold, 'g', -1, 64))
	}
	return fmt.Sprintf("%s %s %s", f.Column, f.Op, f.Value)
}

// Holds reports whether the test holds for raw, a value of the feature's
// column. A LessEq test fails with an error if raw is not a number.
func (f Feature) Holds(raw string) (bool, error) {
	switch f.Op {
	case LessEq:
		v, ok := number(raw)
		if !ok {
			return false, fmt.Errorf("column %q: %q is not a number", f.Column, raw)
		}
		return v <= f.Threshold, nil
	case Equal:
		// Numbers by value, as Binarize groups them: 2.0 is 2.
		if raw == f.Value {
			return true, nil
		}
		x, okx := number(raw)
		y, oky := number(f.Value)
		return okx && oky && x == y, nil
	}
	return false, fmt.Errorf("column %q: unknown operator %q", f.Column, f.Op)
}

// number parses s as a float64. NaN is refused because thresholds need values
// that are ordered: Binarize reports it among a column's numbers, and Holds
// as a value to test.
func number(s string) (float64, bool) {
	v, err := strconv.ParseFloat(s, 64)
	return v, err == nil && !math.IsNaN(v)
}

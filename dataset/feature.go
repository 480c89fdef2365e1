package dataset

import (
	"fmt"
	"strconv"
	"strings"
)

// Op is the comparison of a Feature. A byte, not its string, since a
// column of numbers gives a Feature for nearly every value.
type Op uint8

// The comparisons a Feature can make.
const (
	LessEq Op = 1 + iota // numeric threshold test
	Equal                // category test
)

// String returns the comparison as written: "<=" or "==".
func (o Op) String() string {
	switch o {
	case LessEq:
		return "<="
	case Equal:
		return "=="
	}
	return "Op(" + strconv.Itoa(int(o)) + ")"
}

// Feature is one Boolean test on a column.
type Feature struct {
	Column    string
	Op        Op
	Threshold float64 // for LessEq
	Value     string  // for Equal: the raw category string
	// Col is the index of Column in Dataset.Columns, and Code the code
	// that the test compares an example's code there with: a LessEq test
	// holds for the codes up to Code, the values up to Threshold; any
	// other for Code alone.
	Col  int32
	Code int32
}

// holdsFor reports whether the test holds for an example whose code in
// the feature's column is code.
func (f *Feature) holdsFor(code int32) bool {
	if f.Op == LessEq {
		return code <= f.Code
	}
	return code == f.Code
}

// String returns the test as it reads, such as "petal width <= 0.6" or
// "color == red", with the column and the value as Readable writes them.
func (f Feature) String() string {
	if f.Op == LessEq {
		return fmt.Sprintf("%s %s %s", Readable(f.Column), f.Op, strconv.FormatFloat(f.Threshold, 'g', -1, 64))
	}
	return fmt.Sprintf("%s %s %s", Readable(f.Column), f.Op, Readable(f.Value))
}

// Readable returns a name or value of a table as a tree's text shows it:
// as written, or Go-quoted ("", "a\nb", " x") where that would not read as
// one name on one line: an empty string, one with a line break or another
// character that does not print, one with a space at either end, and one
// that starts with a quote, which would read as quoted.
func Readable(s string) string {
	plain := s != "" && strings.TrimSpace(s) == s && s[0] != '"' &&
		!strings.ContainsFunc(s, func(r rune) bool { return !strconv.IsPrint(r) })
	if plain {
		return s
	}
	return strconv.Quote(s)
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
		return SameValue(raw, f.Value), nil
	}
	return false, fmt.Errorf("column %q: unknown operator %q", f.Column, f.Op)
}

// SameValue reports whether a and b are one value: the same string, or
// numbers of one value (2, 2.0 and 02), as Binarize groups them into one
// class or category and Holds compares them.
func SameValue(a, b string) bool {
	if a == b {
		return true
	}
	x, okx := byValue(a)
	y, oky := byValue(b)
	return okx && oky && x == y
}

// byValue returns the number s stands for, where numbers compare by value:
// where s is written with at most 15 significant digits, as many as a
// float64 keeps of every number, so that two such strings of one float64
// are one number ("2", "2.0", "02"). Longer ones, such as 18-digit
// identifiers, compare as written.
func byValue(s string) (float64, bool) {
	v, ok := number(s)
	if !ok {
		return 0, false
	}
	m := s
	if i := strings.IndexAny(m, "eE"); i >= 0 {
		m = m[:i]
	}
	m = strings.TrimLeft(m, "+-")
	if i := strings.IndexByte(m, '.'); i >= 0 {
		m = m[:i] + strings.TrimRight(m[i+1:], "0")
	}
	return v + 0, len(strings.TrimLeft(m, "0")) <= 15 // +0: -0 is 0
}

package dataset

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"sort"
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
	// Missing is, for a LessEq test on a column that has missing values,
	// the side they take. Binarize gives each threshold of such a column
	// two tests, one for each side, so that a search chooses the side as
	// it chooses the test. It is none for any other test.
	Missing Missing
	// Col is the index of Column in Dataset.Columns, and Code the code
	// that the test compares an example's code there with: a LessEq test
	// holds for the codes up to Code, the values up to Threshold; any
	// other for Code alone.
	Col  int32
	Code int32
	// MissingCode is, for a LessEq test that missing values satisfy, their
	// code in the column, which comes past every value's; 0 for any other
	// test. No code past Code is 0, so that HoldsCode can compare every
	// code it finds past Code with it.
	MissingCode int32
}

// HoldsCode reports whether the test holds for an example whose code in
// the feature's column is code. A missing value's code is past every
// value's: a LessEq test that missing values fail needs no more than the
// comparison with Code, and one they satisfy one comparison more, made
// only for the codes past Code.
func (f *Feature) HoldsCode(code int32) bool {
	if f.Op == LessEq {
		return code <= f.Code || code == f.MissingCode
	}
	return code == f.Code
}

// String returns the test as it reads, such as "petal width <= 0.6" or
// "color == red", with the column and the value as Readable writes them,
// and for a test on a column with missing values the side they take:
// "age <= 40 (missing: yes)" where they satisfy it, "(missing: no)" where
// they fail it.
func (f Feature) String() string {
	if f.Op == LessEq {
		s := fmt.Sprintf("%s %s %s", Readable(f.Column), f.Op, strconv.FormatFloat(f.Threshold, 'g', -1, 64))
		if f.Missing != 0 {
			s += " (missing: " + f.Missing.String() + ")"
		}
		return s
	}
	return fmt.Sprintf("%s %s %s", Readable(f.Column), f.Op, Readable(f.Value))
}

// Readable returns a name or value of a table as a tree's text shows it:
// as written, or Go-quoted ("", "a\nb", " x", "1,5") where that would not
// read as one name on one line, unmistaken for the text around it: an
// empty string, one with a line break or another character that does not
// print, one with a space at either end, one that starts with a quote,
// which would read as quoted, and one with a mark the text itself writes
// (textMarks): in `if a == 1,5:` or `y = b: 2  # b: 2: 1, c: 3` a reader
// cannot tell where the value ends.
func Readable(s string) string {
	plain := s != "" && strings.TrimSpace(s) == s && s[0] != '"' &&
		!strings.ContainsAny(s, textMarks) &&
		!strings.ContainsFunc(s, func(r rune) bool { return !strconv.IsPrint(r) })
	if plain {
		return s
	}
	return strconv.Quote(s)
}

// textMarks are the characters that the text of a tree writes around
// names and values: the comparisons (==, <=), the colon that ends a test,
// the = of a leaf, the # of its counts and the commas and colons between
// them.
const textMarks = ",:#=<>"

// Holds reports whether the test holds for raw, a value of the feature's
// column. A LessEq test sends a missing value (IsMissing) to its side, and
// fails with an error if it has none or raw is not a number. An Equal test
// takes the spellings of a missing value for one value.
func (f Feature) Holds(raw string) (bool, error) {
	switch f.Op {
	case LessEq:
		if IsMissing(raw) {
			if f.Missing == 0 {
				return false, fmt.Errorf("column %q: missing value %q, and the test does not say where missing values go", f.Column, raw)
			}
			return f.Missing == MissingTrue, nil
		}
		v, ok := number(raw)
		if !ok {
			return false, fmt.Errorf("column %q: %q is not a number", f.Column, raw)
		}
		return v <= f.Threshold, nil
	case Equal:
		return SameValue(raw, f.Value) || IsMissing(raw) && IsMissing(f.Value), nil
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

// splitPoint returns the threshold of the test x <= t between lo and hi,
// adjacent distinct values of a column (lo < hi, both finite): the number
// of fewest significant digits in [lo, hi), the roundest of those (0.1
// rather than 0.01 or 0.2), then the nearest lo, and so lo itself where
// none is shorter. Every t in [lo, hi) splits the data alike; the
// shortest is the one a reader takes in, and as the Feature's own
// threshold it is the one that the text, the JSON and predict all give. A
// zero lo keeps its sign.
func splitPoint(lo, hi float64) float64 {
	switch {
	case lo == 0:
		return lo
	case lo < 0 && hi > 0:
		return 0
	}
	// lo is ±d1.d2…dL·10^exp in its shortest digits. The candidates are
	// lo cut to its first p digits and moved one step of the last towards
	// hi, for p = 0, 1, …, L-1: each is strictly past lo, since lo has no
	// shorter form, and none is past the one before it, so the first of
	// them below hi is the shortest number in [lo, hi), and else lo is.
	var buf [32]byte
	digits, exp := shortest(buf[:0], lo)
	neg := lo < 0
	p := sort.Search(len(digits), func(p int) bool { return towardsHi(digits, p, exp, neg) < hi })
	switch {
	case p == len(digits):
		return lo
	case p == 0 && !neg:
		// 10^(exp+1) is below hi, and so may be higher powers: as short,
		// and rounder.
		_, e := shortest(buf[:0], hi)
		if v := power10(e); v < hi {
			return v
		}
		return power10(e - 1)
	}
	return towardsHi(digits, p, exp, neg)
}

// shortest appends to buf the significant digits of v's shortest form,
// ±d1.d2…dL·10^exp, and returns them with exp.
func shortest(buf []byte, v float64) ([]byte, int) {
	s := strconv.AppendFloat(buf, math.Abs(v), 'e', -1, 64)
	e := bytes.IndexByte(s, 'e')
	exp := 0
	for _, c := range s[e+2:] { // past e and its sign
		exp = 10*exp + int(c-'0')
	}
	if s[e+1] == '-' {
		exp = -exp
	}
	return slices.DeleteFunc(s[:e], func(c byte) bool { return c == '.' }), exp
}

// towardsHi returns the number whose magnitude is digits[:p]·10^(exp+1-p)
// (0 for p = 0), negative if neg, moved one step of its last digit
// upwards where positive: for lo, ±d1.d2…dL·10^exp, the first p-digit
// number past it, as splitPoint tries them.
func towardsHi(digits []byte, p, exp int, neg bool) float64 {
	var m uint64
	for _, d := range digits[:p] {
		m = 10*m + uint64(d-'0')
	}
	if !neg {
		m++ // past lo upwards; downwards in magnitude, the cut is past it
	}
	v := scaledBy10(m, exp+1-p)
	if neg {
		return -v
	}
	return v
}

// power10 returns 10^e as a float64.
func power10(e int) float64 { return scaledBy10(1, e) }

// scaledBy10 returns m·10^e rounded to a float64: +Inf past the range,
// which no hi exceeds. It takes the ways decimal does, as fast, before
// strconv's.
func scaledBy10(m uint64, e int) float64 {
	switch {
	case m <= 1<<53 && e >= 0 && e <= 22:
		return float64(m) * pow10[e]
	case m <= 1<<53 && e < 0 && e >= -22:
		return float64(m) / pow10[-e]
	}
	if v, ok := scaled(m, e); ok {
		return v
	}
	var buf [32]byte
	s := strconv.AppendUint(buf[:0], m, 10)
	s = append(s, 'e')
	s = strconv.AppendInt(s, int64(e), 10)
	v, _ := strconv.ParseFloat(string(s), 64)
	return v
}

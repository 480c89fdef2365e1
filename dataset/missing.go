package dataset

import "strings"

// IsMissing reports whether s, a field of a table, stands for a missing
// value: it is empty, or NaN in any case, as pandas and NumPy write one.
// "NA" and "?" are not: they are also categories of their own in real
// files (a region, an answer), and reading them as missing would change
// what such files mean; a file that marks missing values so can have its
// marks replaced by empty fields.
func IsMissing(s string) bool {
	return s == "" || len(s) == 3 && strings.EqualFold(s, "nan")
}

// Missing is the side of a LessEq test that the missing values of its
// column take.
type Missing uint8

// The sides. The zero value is none: the test's column had no missing
// value in training, so that the search never chose a side for one.
const (
	MissingTrue  Missing = 1 + iota // missing values satisfy the test
	MissingFalse                    // missing values fail it
)

// String returns the side as the text of a tree writes it: "yes" where
// missing values satisfy the test, "no" where they fail it, "" for none.
func (m Missing) String() string {
	switch m {
	case MissingTrue:
		return "yes"
	case MissingFalse:
		return "no"
	}
	return ""
}

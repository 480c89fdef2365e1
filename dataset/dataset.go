package dataset

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Split chooses how Binarize turns columns into features.
type Split int

// The ways to split a column.
const (
	Threshold Split = iota // numeric columns give `col <= v` tests (default)
	Equality               // every column is categorical: `col == v` tests
)

// Options configure Binarize.
type Options struct {
	Label string // label column name; "" means the last column
	Split Split
}

// Example is one distinct training example.
type Example struct {
	Line   int    // line of its first occurrence in the file
	Values []bool // one per Dataset.Features
	Class  int    // index into Dataset.Classes
}

// Dataset is a table binarized for learning: every example is a vector of
// Boolean features and a class.
type Dataset struct {
	Name     string    // file name, as in Table.Name
	Label    string    // label column name
	Classes  []string  // class names, sorted numerically if all are numbers
	Features []Feature // the tests, column by column in header order
	Examples []Example // distinct examples in file order
}

// test is a candidate feature that can be evaluated on a record without
// parsing: rank holds, for every record, the position of its value among the
// column's sorted distinct values, and k is the position of the feature's own.
type test struct {
	Feature
	rank []int
	k    int
}

func (x *test) holds(record int) bool {
	if x.Op == LessEq {
		return x.rank[record] <= x.k
	}
	return x.rank[record] == x.k
}

// Binarize turns t into a Dataset. With the Threshold split a column whose
// values are all numbers gives one test col <= v for each distinct value v but
// the largest; any other column gives one test col == v per distinct value,
// or a single test if it has only two. Tests that are constant over the table
// are dropped. Records with the same tests and label become one Example; with
// the same tests and different labels they are an error, since no tree can
// tell them apart.
//
// t must be well formed, as ReadTable returns it.
func (t *Table) Binarize(opt Options) (*Dataset, error) {
	if opt.Split != Threshold && opt.Split != Equality {
		return nil, fmt.Errorf("%s: unknown split %d", t.Name, opt.Split)
	}
	label := len(t.Header) - 1
	if opt.Label != "" {
		var err error
		if label, err = t.column(opt.Label, "label column"); err != nil {
			return nil, err
		}
	}
	if len(t.Header) < 2 {
		return nil, fmt.Errorf("%s: no feature columns besides the label %q", t.Name, t.Header[label])
	}

	var tests []test
	for c := range t.Header {
		if c != label {
			tests = append(tests, t.tests(c, opt.Split)...)
		}
	}
	tests = slices.DeleteFunc(tests, t.constant)

	labels := t.values(label)
	ds := &Dataset{Name: t.Name, Label: t.Header[label]}
	var class []int
	ds.Classes, class = rank(labels, order(labels))
	for _, x := range tests {
		ds.Features = append(ds.Features, x.Feature)
	}
	if err := t.collapse(ds, tests, class); err != nil {
		return nil, err
	}
	return ds, nil
}

// tests returns the candidate features of column c.
func (t *Table) tests(c int, split Split) []test {
	name, raw := t.Header[c], t.values(c)
	if split == Threshold {
		if nums, ok := numbers(raw); ok {
			values, ranks := rank(nums, cmp.Compare[float64])
			tests := make([]test, len(values)-1)
			for k := range tests {
				tests[k] = test{Feature{Column: name, Op: LessEq, Threshold: values[k]}, ranks, k}
			}
			return tests
		}
	}
	values, ranks := rank(raw, order(raw))
	if len(values) == 2 {
		values = values[:1] // the other test is its negation
	}
	tests := make([]test, len(values))
	for k, v := range values {
		tests[k] = test{Feature{Column: name, Op: Equal, Value: v}, ranks, k}
	}
	return tests
}

// constant reports whether x has the same truth value on every record.
func (t *Table) constant(x test) bool {
	for r := range t.Records {
		if x.holds(r) != x.holds(0) {
			return false
		}
	}
	return true
}

// collapse fills ds.Examples from the records, keeping the first of each set
// of records with equal feature vectors, or reports two that disagree on the
// class.
func (t *Table) collapse(ds *Dataset, tests []test, class []int) error {
	values := make([]bool, len(tests))
	key := make([]byte, (len(tests)+7)/8) // the bit vector packed, as a map key
	first := make(map[string]int)         // key to index in ds.Examples
	for r := range t.Records {
		clear(key)
		for j := range tests {
			values[j] = tests[j].holds(r)
			if values[j] {
				key[j/8] |= 1 << (j % 8)
			}
		}
		if i, ok := first[string(key)]; ok {
			if ex := ds.Examples[i]; ex.Class != class[r] {
				return fmt.Errorf("%s: lines %d and %d have the same features but labels %q and %q; no consistent tree exists",
					t.Name, ex.Line, t.Lines[r], ds.Classes[ex.Class], ds.Classes[class[r]])
			}
			continue
		}
		first[string(key)] = len(ds.Examples)
		ds.Examples = append(ds.Examples, Example{Line: t.Lines[r], Values: slices.Clone(values), Class: class[r]})
	}
	return nil
}

// values returns column c of every record.
func (t *Table) values(c int) []string {
	vals := make([]string, len(t.Records))
	for r, rec := range t.Records {
		vals[r] = rec[c]
	}
	return vals
}

// numbers parses every string in raw, or reports that one is not a number.
func numbers(raw []string) ([]float64, bool) {
	nums := make([]float64, len(raw))
	for i, s := range raw {
		v, ok := number(s)
		if !ok {
			return nil, false
		}
		nums[i] = v
	}
	return nums, true
}

// order returns the comparison for sorting the strings in raw: numeric if
// every one is a number, so that "2" comes before "10", else lexicographic.
// Numeric ties such as "5.9" and "5.90" fall back to the strings, which keeps
// the order total and so the output deterministic.
func order(raw []string) func(a, b string) int {
	if _, ok := numbers(raw); !ok {
		return strings.Compare
	}
	return func(a, b string) int {
		x, _ := number(a)
		y, _ := number(b)
		return cmp.Or(cmp.Compare(x, y), strings.Compare(a, b))
	}
}

// rank returns the distinct elements of keys sorted by compare, and for each
// element of keys its index among them.
func rank[K comparable](keys []K, compare func(a, b K) int) ([]K, []int) {
	index := make(map[K]int)
	for _, k := range keys {
		index[k] = 0
	}
	distinct := make([]K, 0, len(index))
	for k := range index {
		distinct = append(distinct, k)
	}
	slices.SortFunc(distinct, compare)
	for i, k := range distinct {
		index[k] = i
	}
	ranks := make([]int, len(keys))
	for i, k := range keys {
		ranks[i] = index[k]
	}
	return distinct, ranks
}

// Load reads the CSV file at path ("-" for standard input) and binarizes it.
func Load(path string, opt Options) (*Dataset, *Table, error) {
	t, err := ReadTableFile(path)
	if err != nil {
		return nil, nil, err
	}
	ds, err := t.Binarize(opt)
	if err != nil {
		return nil, nil, err
	}
	return ds, t, nil
}

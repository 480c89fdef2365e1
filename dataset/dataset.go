package dataset

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// Split chooses how Binarize turns columns into features.
type Split int

// The ways to split a column.
const (
	Threshold Split = iota // numeric columns give `col <= v` tests (default)
	Equality               // every column is categorical: `col == v` tests
)

// Conflicts chooses what Binarize does with identical records that have
// different labels, which no tree can tell apart.
type Conflicts int

// The ways to treat contradictory records.
const (
	Refuse Conflicts = iota // an error naming two of the lines (default)
	// Majority gives each group its most frequent label; where several
	// tie, any of them (Example.Tied).
	Majority
	// Count keeps every record: each example carries in Counts how many
	// records of each class it stands for, and takes the most frequent
	// class as Majority does. The min-error objective reads the counts.
	Count
)

// Options configure Binarize.
type Options struct {
	Label     string // label column name; "" means the last column
	Split     Split
	Conflicts Conflicts
	// Weight names a column of finite numbers of 0 or more, each record's
	// weight, which gives no tests; "" weighs every record 1.
	Weight      string
	ClassWeight ClassWeight
	// Regression takes the label for a numeric target, which makes no
	// classes: records group into examples by their features alone, every
	// example of class 0, and Classes is nil (package regress reads the
	// targets).
	Regression bool
}

// Example is one distinct training example.
type Example struct {
	Line int // line of its first occurrence in the file
	// Codes holds the example's code in each of Dataset.Columns: its
	// value's rank among the column's distinct values, which decides every
	// test of the column (see Dataset.Holds). A missing value in a column
	// of numbers ranks past every number.
	Codes []int32
	Class int // index into Dataset.Classes
	// Counts holds, with the Count option, how many records of each class
	// have these values, indexed as Dataset.Classes; nil otherwise.
	Counts []int
	// Tied holds, with the Majority option, the classes that most of the
	// example's records have when they are several, in increasing order,
	// Class the one that comes first in the file; nil otherwise. Whichever
	// of them a tree gives the example, it gets as few of the records
	// wrong: the engines accept any (see Allows), and Settle records the
	// one a tree chose.
	Tied []int
}

// Allows reports whether a tree may give ex class c and make the fewest
// errors on its records: c is its class, or one of its Tied classes.
func (ex *Example) Allows(c int) bool {
	return c == ex.Class || slices.Contains(ex.Tied, c)
}

// Allowed returns the classes that Allows accepts for ex.
func (ex *Example) Allowed() []int {
	if ex.Tied != nil {
		return ex.Tied
	}
	return []int{ex.Class}
}

// Dataset is a table binarized for learning: every example is a vector of
// Boolean features and a class. An example holds, rather than a Boolean per
// feature, a code per column, from which Holds tells whether a feature
// holds: a numeric column gives a test per distinct value but one, and
// takes one code.
type Dataset struct {
	Name    string   // file name, as in Table.Name
	Label   string   // label column name
	Classes []string // class names, sorted numerically if all are numbers
	// Columns names the columns that give features, in header order: all
	// but the label and those of one value.
	Columns  []string
	Features []Feature // the tests, column by column in header order
	Split    Split     // how the columns became Features
	Examples []Example // distinct examples in file order
	// Relabelled lists, with the Majority option, the records whose label
	// is not the class their group is given: its Class, or for a group
	// with Tied classes the one Settle chose. A tree that gives every
	// example a class it Allows gets exactly these records wrong, as many
	// whatever it chose of a tie, and no tree gets fewer wrong.
	Relabelled []Relabel
	// Weights holds, where Options weigh records, each record's weight
	// in the table's order, as the integers the Counts of examples add
	// and the errors of the objective count; nil where every record
	// weighs 1. See Table.weigh for how they are made.
	Weights []int
	// WeightScale is the units of Weights in a unit of weight as given,
	// and WeightExact whether every one of Weights is its record's weight
	// times WeightScale exactly.
	WeightScale float64
	WeightExact bool
	// ExampleOf holds, with Options.Regression, the example of each
	// record of the table, in its order, whose target package regress
	// reads; nil otherwise.
	ExampleOf []int32
	// tied are the records of the examples with Tied classes, for Settle.
	tied []tiedRecord
}

// weight returns the weight of record r, as Weights holds it.
func (ds *Dataset) weight(r int) int {
	if ds.Weights == nil {
		return 1
	}
	return ds.Weights[r]
}

// tiedRecord is a record of an example with Tied classes.
type tiedRecord struct {
	example, line, class int
}

// Holds reports whether feature f of ds holds for ex.
func (ds *Dataset) Holds(ex *Example, f int) bool {
	ft := &ds.Features[f]
	return ft.HoldsCode(ex.Codes[ft.Col])
}

// Row returns whether each feature of ds holds for ex, indexed as
// ds.Features.
func (ds *Dataset) Row(ex *Example) []bool {
	row := make([]bool, len(ds.Features))
	for f := range ds.Features {
		row[f] = ds.Holds(ex, f)
	}
	return row
}

// ClassesPresent returns the number of classes that a tree must give
// some example: the class of each example without Tied classes, or one if
// every example has them. Each needs a leaf of its own.
func (ds *Dataset) ClassesPresent() int {
	seen := make([]bool, len(ds.Classes))
	n := 0
	for _, ex := range ds.Examples {
		if ex.Tied == nil && !seen[ex.Class] {
			seen[ex.Class] = true
			n++
		}
	}
	if n == 0 && len(ds.Examples) > 0 {
		return 1
	}
	return n
}

// Settle gives each example with Tied classes the class choose returns
// for it, as the class of its records: Relabelled then lists, of them,
// those of other labels. The search leaves the choice open, and the tree
// it finds makes it; Settle records it, so that the tree can be checked
// and its errors named. It fails, naming the example's line, if choose
// returns a class the example does not allow, which would cost an error
// more.
func (ds *Dataset) Settle(choose func(ex *Example) int) error {
	if len(ds.tied) == 0 {
		return nil
	}
	given := make(map[int]int) // by example with Tied classes
	for _, r := range ds.tied {
		if _, ok := given[r.example]; ok {
			continue
		}
		ex := &ds.Examples[r.example]
		c := choose(ex)
		if !ex.Allows(c) {
			return fmt.Errorf("%s:%d: class %q is not one of the labels most of its identical rows have", ds.Name, ex.Line, ds.Classes[c])
		}
		given[r.example] = c
	}
	lines := make(map[int]bool, len(ds.tied))
	for _, r := range ds.tied {
		lines[r.line] = true
	}
	ds.Relabelled = slices.DeleteFunc(ds.Relabelled, func(r Relabel) bool { return lines[r.Line] })
	for _, r := range ds.tied {
		if c := given[r.example]; r.class != c {
			ds.Relabelled = append(ds.Relabelled, Relabel{Line: r.line, Label: ds.Classes[r.class], Class: c})
		}
	}
	slices.SortFunc(ds.Relabelled, func(a, b Relabel) int { return cmp.Compare(a.Line, b.Line) })
	return nil
}

// Relabel is a record given the label of the majority of the records
// identical to it.
type Relabel struct {
	Line  int    // of the record in the file
	Label string // its own label
	Class int    // the majority's, an index into Dataset.Classes
}

// column is a feature column as Binarize sees it: every value has a rank
// among the column's sorted distinct values, and the rank alone decides the
// tests, so that no record's value is parsed or compared but once. A
// record's rank is the code Example.Codes holds for it, not to be mistaken
// for its value's code in the dict.
type column struct {
	c    int     // index in the header
	rank []int32 // the rank of each value, by its code in the dict
	bits int     // width of a rank in the key of a record
}

// Binarize turns t into a Dataset. With the Threshold split a column whose
// values are all numbers gives one test col <= v for each distinct value v but
// the largest; any other column gives one test col == v per distinct value,
// or a single test if it has only two. Tests that are constant over the table
// are dropped. Records with the same tests and label become one Example; with
// the same tests and different labels they are an error, since no tree can
// tell them apart, unless opt.Conflicts is Majority: then they become one
// Example with the label most of them have (on a tie, the label that comes
// first in the file, with all the tied labels in Tied), and the others are
// listed in Relabelled. An empty
// label is an error, and so, with the Threshold split, is an infinity
// among a column's numbers, which JSON cannot hold.
//
// A field that IsMissing is a missing value. A column whose other values
// are all numbers is a column of numbers, whose tests each say which side
// missing values take (see tests); in any other column the missing
// values, however written, are one category.
//
// t must be a table that ReadTable or Subset made.
func (t *Table) Binarize(opt Options) (*Dataset, error) {
	label, err := t.labelColumn(opt)
	if err != nil {
		return nil, err
	}
	wc := -1
	if opt.Weight != "" {
		if wc, err = t.column(opt.Weight, "weight column"); err != nil {
			return nil, err
		}
		if wc == label {
			return nil, fmt.Errorf("%s: column %q cannot be both the label and the weights", t.Name, opt.Weight)
		}
	}
	// A table of some of another's records numbers its values anew: the
	// other's values are more than its records hold.
	dicts, codes := t.cols, t.codes
	if t.sub {
		dicts, codes = t.renumber()
	}
	w := len(t.Header)
	if slices.Contains(dicts[label].values, "") {
		for r := range t.Len() {
			if dicts[label].values[codes[r*w+label]] == "" {
				return nil, fmt.Errorf("%s:%d: label column %q is empty", t.Name, t.Lines[r], t.Header[label])
			}
		}
	}
	ds := &Dataset{Name: t.Name, Label: t.Header[label], Split: opt.Split}
	// A column gives at most a test per value: the features fit in an
	// array of that size, which a column of numbers, a test per value,
	// fills nearly.
	n := 0
	for c := range t.Header {
		if c != label && c != wc {
			n += len(dicts[c].values)
		}
	}
	ds.Features = make([]Feature, 0, n)
	var cols []column
	var rk ranking
	for c := range t.Header {
		if c != label && c != wc {
			from := len(ds.Features)
			col, err := t.tests(c, &dicts[c], codes, opt.Split, &ds.Features, &rk)
			if err != nil {
				return nil, err
			}
			if len(ds.Features) == from {
				continue // one value: its rank is 0 in every record
			}
			for k := from; k < len(ds.Features); k++ {
				ds.Features[k].Col = int32(len(cols))
			}
			ds.Columns = append(ds.Columns, t.Header[c])
			cols = append(cols, col)
		}
	}
	if len(ds.Features) == 0 {
		ds.Features = nil
	}
	var class []int32
	ds.Classes, class = sortValues(dicts[label].values, false)
	if opt.Regression {
		if opt.ClassWeight.Balanced || opt.ClassWeight.Of != nil {
			return nil, fmt.Errorf("%s: class weights are for classes; a numeric target takes a weight column only", t.Name)
		}
		ds.Classes, class = nil, make([]int32, len(dicts[label].values))
		ds.ExampleOf = make([]int32, t.Len())
	}
	if opt.weighted() {
		if err := t.weigh(ds, opt, wc, label, dicts, codes, class); err != nil {
			return nil, err
		}
	}
	if err := t.collapse(ds, cols, codes, label, class, opt.Conflicts); err != nil {
		return nil, err
	}
	return ds, nil
}

// renumber returns t's values and codes numbered anew, each column's
// values those its records hold, in the order they first occur.
func (t *Table) renumber() ([]dict, []int32) {
	w := len(t.Header)
	dicts := make([]dict, w)
	codes := make([]int32, len(t.codes))
	for c := range w {
		from := t.cols[c].values
		to := make([]int32, len(from)) // 1 + each value's new code, or 0
		d := &dicts[c]
		for i := c; i < len(codes); i += w {
			k := t.codes[i]
			if to[k] == 0 {
				d.values = append(d.values, from[k])
				to[k] = int32(len(d.values))
			}
			codes[i] = to[k] - 1
		}
	}
	return dicts, codes
}

// finite reports an infinity in column c, whose values d holds and codes
// number, if every value is a number or missing: JSON cannot hold an
// infinite threshold. A number out of range, such as 1e999, is infinite,
// as strconv parses it.
func (t *Table) finite(c int, d *dict, codes []int32) error {
	bad := make([]bool, len(d.values))
	found := false
	for k, s := range d.values {
		if IsMissing(s) {
			continue
		}
		v, err := strconv.ParseFloat(s, 64)
		if err != nil && !errors.Is(err, strconv.ErrRange) {
			return nil // a column of categories
		}
		if math.IsInf(v, 0) {
			bad[k], found = true, true
		}
	}
	if !found {
		return nil
	}
	w := len(t.Header)
	for r := range t.Len() {
		if k := codes[r*w+c]; bad[k] {
			return fmt.Errorf("%s:%d: column %q: %q is not a finite number, as a column of numbers needs", t.Name, t.Lines[r], t.Header[c], d.values[k])
		}
	}
	return nil
}

// tests returns column c, whose values d holds and codes number, and
// appends its tests, in order, to features, or returns an error if it
// cannot be split as asked. rk ranks its numbers.
//
// A column of numbers and missing values gives each threshold t two tests,
// col <= t with the missing values on the false side, then with them on
// the true side, and one more, col <= max with them on the false side,
// which tells whether a value is there at all: each test that holds for
// some records and not all. Its missing values take the code past every
// number's.
func (t *Table) tests(c int, d *dict, codes []int32, split Split, features *[]Feature, rk *ranking) (column, error) {
	col := column{c: c}
	nums, ok, missing := rk.numbers(d.values)
	// A number out of range is no number, and makes the column fail
	// numbers; an infinity passes.
	if split == Threshold && (!ok || slices.ContainsFunc(nums, func(v float64) bool { return math.IsInf(v, 0) })) {
		if err := t.finite(c, d, codes); err != nil {
			return col, err
		}
	}
	if ok && split == Threshold {
		// Equal numbers such as 5 and 5.0 share a rank and a threshold,
		// and the missing values the last.
		var sorted []float64
		sorted, col.rank = rk.rank(nums)
		zeros := 0 // of each sign, as bits: 1 for 0, 2 for -0
		for _, v := range nums {
			if v == 0 {
				zeros |= 1 << int(math.Float64bits(v)>>63)
			}
		}
		if zeros == 3 {
			// Where a column has both 0 and -0, the threshold has always
			// been the sign of its last zero, as a map of the values kept
			// it; so it stays.
			for r := t.Len() - 1; r >= 0; r-- {
				if k := codes[r*len(t.Header)+c]; nums[k] == 0 {
					sorted[col.rank[k]] = nums[k]
					break
				}
			}
		}
		col.bits = bits.Len(uint(max(len(sorted)-1, 0)))
		side := Missing(0)
		if missing {
			sorted = sorted[:len(sorted)-1]
			side = MissingFalse
		}
		first := len(*features)
		for k := range len(sorted) - 1 {
			*features = append(*features, Feature{Column: t.Header[c], Op: LessEq, Threshold: splitPoint(sorted[k], sorted[k+1]), Missing: side, Code: int32(k)})
		}
		if !missing || len(sorted) == 0 {
			return col, nil
		}
		last := len(sorted) - 1
		*features = append(*features, Feature{Column: t.Header[c], Op: LessEq, Threshold: sorted[last], Missing: MissingFalse, Code: int32(last)})
		for k := range last {
			f := (*features)[first+k]
			f.Missing, f.MissingCode = MissingTrue, int32(len(sorted))
			*features = append(*features, f)
		}
		return col, nil
	}
	sorted, rank := sortValues(d.values, true)
	col.rank = rank
	switch len(sorted) {
	case 1:
		sorted = nil // the one test would hold for every record
	case 2:
		sorted = sorted[:1] // the other test is its negation
	}
	for k, v := range sorted {
		*features = append(*features, Feature{Column: t.Header[c], Op: Equal, Value: v, Code: int32(k)})
	}
	col.bits = bits.Len(uint(max(len(rank)-1, 0)))
	return col, nil
}

// collapse fills ds.Examples from the records, keeping the first of each set
// of records with equal feature vectors, or reports two that disagree on the
// class. Records have equal feature vectors exactly when their values have
// the same ranks in every column, so the ranks, packed into as few bits as
// they need, identify them. codes numbers the records' values, as
// Binarize numbered them for cols.
func (t *Table) collapse(ds *Dataset, cols []column, codes []int32, label int, class []int32, conflicts Conflicts) error {
	var dups []duplicate // with Majority, every record that repeats an example
	width := 0
	for _, col := range cols {
		width += col.bits
	}
	kw, nc, w, rows := (width+7)/8, len(cols), len(t.Header), t.Len()
	seen := newKeySet(kw, rows)
	// The records go in blocks: first their keys, then a look at the slot
	// of each, which then miss the cache together rather than one after
	// the other, and only then the search.
	const block = 64
	keys := make([]byte, block*kw)
	ranks := make([]int32, block*nc)
	hashes := make([]uint64, block)
	if rows > 0 {
		// A large table is mostly one of distinct records, which this
		// fits without copying.
		ds.Examples = make([]Example, 0, rows)
	}
	var room []int32 // room for the Codes of the examples to come
	var own []int    // with Weights, the first record of each example
	for start := 0; start < rows; start += block {
		recs := codes[start*w : min(start+block, rows)*w]
		for b := range len(recs) / w {
			rec := recs[b*w : (b+1)*w]
			key, rank := keys[b*kw:(b+1)*kw], ranks[b*nc:(b+1)*nc]
			var acc uint64
			n, p := 0, 0
			for j := range cols {
				col := &cols[j]
				k := col.rank[rec[col.c]]
				rank[j] = k
				acc |= uint64(k) << n
				for n += col.bits; n >= 8; n -= 8 {
					key[p] = byte(acc)
					acc >>= 8
					p++
				}
			}
			if n > 0 {
				key[p] = byte(acc)
			}
			hashes[b] = seen.hash(key)
		}
		for _, h := range hashes[:len(recs)/w] {
			seen.touch(h)
		}
		for b := range len(recs) / w {
			r := start + b
			cl := int(class[recs[b*w+label]])
			if i, ok := seen.add(keys[b*kw:(b+1)*kw], hashes[b]); ok {
				if ds.ExampleOf != nil {
					ds.ExampleOf[r] = int32(i)
				}
				switch ex := ds.Examples[i]; {
				case conflicts != Refuse:
					dups = append(dups, duplicate{example: i, record: r, class: cl})
				case ex.Class != cl:
					if err := t.imprecise(slices.Index(t.Lines, ex.Line), r, label); err != nil {
						return err
					}
					return fmt.Errorf("%s: lines %d and %d have the same features but labels %q and %q; no consistent tree exists",
						t.Name, ex.Line, t.Lines[r], ds.Classes[ex.Class], ds.Classes[cl])
				}
				continue
			}
			if len(room) < nc || room == nil {
				// Examples share arrays, which grow with their number up
				// to a size at which the unused rest of the last does not
				// matter.
				n := min(max(len(ds.Examples), 16), max(1, codesChunk/max(nc, 1)))
				room = make([]int32, nc*n)
			}
			c := room[:nc:nc]
			room = room[nc:]
			copy(c, ranks[b*nc:(b+1)*nc])
			if ds.ExampleOf != nil {
				ds.ExampleOf[r] = int32(len(ds.Examples))
			}
			ds.Examples = append(ds.Examples, Example{Line: t.Lines[r], Codes: c, Class: cl})
			if ds.Weights != nil {
				own = append(own, r)
			}
		}
	}
	if len(ds.Examples) < cap(ds.Examples)/2 {
		// Many records repeat others: the examples keep only what they
		// need.
		ds.Examples = slices.Clone(ds.Examples)
	}
	if conflicts == Count {
		t.count(ds, dups, own, class, codes, label)
	} else {
		t.relabel(ds, dups, own, class, codes, label)
	}
	return nil
}

// duplicate is a record identical to an example's first record.
type duplicate struct {
	example, record, class int
}

// count fills the Counts of every example from its own record and the
// records that repeat it, and gives it the class most of them have.
func (t *Table) count(ds *Dataset, dups []duplicate, own []int, class, codes []int32, label int) {
	k := len(ds.Classes)
	all := make([]int, len(ds.Examples)*k)
	for i := range ds.Examples {
		ex := &ds.Examples[i]
		ex.Counts = all[i*k : (i+1)*k : (i+1)*k]
		ex.Counts[ex.Class] += ds.ownWeight(own, i)
	}
	for _, d := range dups {
		ds.Examples[d.example].Counts[d.class] += ds.weight(d.record)
	}
	first := firstRecords(t, class, codes, label, len(ds.Classes))
	for i := range ds.Examples {
		ds.Examples[i].Class = majority(ds.Examples[i].Counts, first, nil)
	}
}

// imprecise returns the error for records a and b, which binarize alike,
// where a column holds numbers in them that differ as written but not as
// float64 values, such as 18-digit identifiers, or nil.
func (t *Table) imprecise(a, b, label int) error {
	for c := range t.Header {
		x, y := t.Value(a, c), t.Value(b, c)
		if c == label || SameValue(x, y) {
			continue
		}
		if u, ok := number(x); ok {
			if v, ok := number(y); ok && u == v {
				return fmt.Errorf("%s: lines %d and %d differ only in column %q, whose %s and %s are beyond the precision of a float64, which makes them one number: --split eq tells them apart",
					t.Name, t.Lines[a], t.Lines[b], t.Header[c], x, y)
			}
		}
	}
	return nil
}

// firstRecords returns, for each class, the first record labelled so.
func firstRecords(t *Table, class, codes []int32, label, classes int) []int {
	first := make([]int, classes)
	for i := range first {
		first[i] = t.Len()
	}
	w := len(t.Header)
	for r := t.Len() - 1; r >= 0; r-- {
		first[class[codes[r*w+label]]] = r
	}
	return first
}

// majority returns the class with the largest count among those has
// marks, or all if has is nil; where classes tie, the one whose first
// record comes first.
func majority(n, first []int, has []bool) int {
	best := -1
	for c := range n {
		if has != nil && !has[c] {
			continue
		}
		if best < 0 || n[c] > n[best] || n[c] == n[best] && first[c] < first[best] {
			best = c
		}
	}
	return best
}

// ownWeight returns the weight of example i's first record, own[i] where
// records have Weights.
func (ds *Dataset) ownWeight(own []int, i int) int {
	if own == nil {
		return 1
	}
	return ds.Weights[own[i]]
}

// relabel gives each example whose records disagree the label most of
// them have, on a tie the one first in the file with the others it ties
// with in Tied, and lists the records that lose theirs.
func (t *Table) relabel(ds *Dataset, dups []duplicate, own []int, class, codes []int32, label int) {
	if len(dups) == 0 {
		return
	}
	first := firstRecords(t, class, codes, label, len(ds.Classes))
	// By example: the weight of its records of each class, and whether it
	// has records of each class.
	counts := make(map[int][]int)
	has := make(map[int][]bool)
	for _, d := range dups {
		if counts[d.example] == nil {
			c := ds.Examples[d.example].Class
			counts[d.example] = make([]int, len(ds.Classes))
			counts[d.example][c] += ds.ownWeight(own, d.example)
			has[d.example] = make([]bool, len(ds.Classes))
			has[d.example][c] = true
		}
		counts[d.example][d.class] += ds.weight(d.record)
		has[d.example][d.class] = true
	}
	disagree := make(map[int]bool) // by example
	for i, n := range counts {
		if classes := len(slices.DeleteFunc(slices.Clone(has[i]), func(h bool) bool { return !h })); classes == 1 {
			continue // the records agree
		}
		best := majority(n, first, has[i])
		disagree[i] = true
		ex := &ds.Examples[i]
		for c, k := range n {
			if k == n[best] && c != best && has[i][c] {
				ex.Tied = append(ex.Tied, c)
			}
		}
		if ex.Tied != nil {
			ex.Tied = append(ex.Tied, best)
			slices.Sort(ex.Tied)
			ds.tied = append(ds.tied, tiedRecord{example: i, line: ex.Line, class: ex.Class})
		}
		if ex.Class != best {
			ds.Relabelled = append(ds.Relabelled, Relabel{Line: ex.Line, Label: ds.Classes[ex.Class], Class: best})
			ex.Class = best
		}
	}
	for _, d := range dups {
		ex := &ds.Examples[d.example]
		if ex.Tied != nil {
			ds.tied = append(ds.tied, tiedRecord{example: d.example, line: t.Lines[d.record], class: d.class})
		}
		if disagree[d.example] && d.class != ex.Class {
			ds.Relabelled = append(ds.Relabelled, Relabel{Line: t.Lines[d.record], Label: ds.Classes[d.class], Class: ex.Class})
		}
	}
	slices.SortFunc(ds.Relabelled, func(a, b Relabel) int { return cmp.Compare(a.Line, b.Line) })
}

// codesChunk is the most Example.Codes that collapse allocates at once.
const codesChunk = 1 << 16

// sortValues returns the distinct values in values sorted, and the
// position of each string among them. They sort numerically if every one
// is a number, so that "2" comes before "10", else lexicographically.
// Numbers of one value, such as "5.9" and "5.90", are one value (byValue),
// as Holds compares them; the first string in order, the strings
// breaking numeric ties, stands for them. With missing, the spellings of a
// missing value (IsMissing) are one value too, sorted before the others,
// which sort as if it were not there: in a column of features a missing
// value is a category of its own.
func sortValues(values []string, missing bool) ([]string, []int32) {
	perm := make([]int32, len(values))
	for i := range perm {
		perm[i] = int32(i)
	}
	absent := make([]bool, len(values)) // by value: whether it is missing
	nums := make([]float64, len(values))
	numeric := true
	for i, s := range values {
		if absent[i] = missing && IsMissing(s); !absent[i] && numeric {
			nums[i], numeric = number(s)
		}
	}
	slices.SortFunc(perm, func(a, b int32) int {
		switch {
		case absent[a] != absent[b]:
			if absent[a] {
				return -1
			}
			return 1
		case numeric && !absent[a]:
			return cmp.Or(cmp.Compare(nums[a], nums[b]), strings.Compare(values[a], values[b]))
		}
		return strings.Compare(values[a], values[b])
	})
	var sorted []string
	rank := make([]int32, len(values))
	same := make(map[float64]int32) // by number: its position
	for i, k := range perm {
		if i > 0 && (values[k] == values[perm[i-1]] || absent[k] && absent[perm[i-1]]) {
			rank[k] = rank[perm[i-1]] // a value the dict numbered again, or missing
			continue
		}
		v, ok := byValue(values[k])
		if i, seen := same[v]; ok && seen {
			rank[k] = i
			continue
		}
		rank[k] = int32(len(sorted))
		if ok {
			same[v] = rank[k]
		}
		sorted = append(sorted, values[k])
	}
	return sorted, rank
}

// Load reads the CSV file at path ("-" for standard input) until ctx ends,
// and binarizes it.
func Load(ctx context.Context, path string, opt Options) (*Dataset, *Table, error) {
	t, err := ReadTableFileContext(ctx, path)
	if err != nil {
		return nil, nil, err
	}
	ds, err := t.Binarize(opt)
	if err != nil {
		return nil, nil, err
	}
	return ds, t, nil
}

// labelColumn checks opt against t and returns the index of its label
// column.
func (t *Table) labelColumn(opt Options) (int, error) {
	if opt.Split != Threshold && opt.Split != Equality {
		return 0, fmt.Errorf("%s: unknown split %d", t.Name, opt.Split)
	}
	label := len(t.Header) - 1
	if opt.Label != "" {
		var err error
		if label, err = t.column(opt.Label, "label column"); err != nil {
			return 0, err
		}
	}
	if len(t.Header) < 2 {
		return 0, fmt.Errorf("%s: no feature columns besides the label %q", t.Name, t.Header[label])
	}
	return label, nil
}

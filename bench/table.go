package bench

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
)

// A Table is a suite's results beside the reference figures, rendered the
// same way after a run and after a merge.
type Table struct {
	Suite   string
	Title   string
	Keys    []string // headers of the columns that name a row
	Columns []Column
	Rows    []Row
	Notes   []string
}

// A Column is a quantity measured by the records of each row.
type Column struct {
	Name string
	Unit Unit
	// Ref names the source of the reference figures, "" if there are
	// none. A ratio is always this run's figure over the reference's.
	Ref string
	// RefOnly marks a column that compares a figure another column shows
	// with a second reference, and so shows only the reference and ratio.
	RefOnly bool
}

// A Row is a line of a table.
type Row struct {
	Keys    []string
	Figures []Figure // one per column
	Status  string   // how the row's jobs ended
}

// A Figure is a measured value beside the reference's; NaN where either
// has none.
type Figure struct {
	Value, Ref float64
}

// Ratio is Value / Ref, NaN unless both are known.
func (f Figure) Ratio() float64 {
	if f.Ref == 0 {
		return math.NaN()
	}
	return f.Value / f.Ref
}

// Unit says how to print a column's figures.
type Unit int

// The units.
const (
	Seconds Unit = iota
	Count        // a count, or a mean of counts
	Percent
)

// Tables returns the table of each suite the records hold, in the order of
// Suites. It sorts records, which it otherwise leaves alone.
func Tables(records []Record) []*Table {
	sortRecords(records)
	var tables []*Table
	for _, s := range Suites {
		recs := s.records(records)
		if len(recs) == 0 {
			continue
		}
		t := s.Table(recs)
		t.Suite = s.Name
		t.Notes = append(t.Notes, machines(recs))
		tables = append(tables, t)
	}
	return tables
}

// machines names the machines that ran records, and how many jobs each.
func machines(records []Record) string {
	names, groups := group(records, func(r Record) string { return r.Machine.String() })
	slices.Sort(names)
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = n
		if len(names) > 1 {
			parts[i] += fmt.Sprintf(" (%d jobs)", len(groups[n]))
		}
	}
	return "Measured on " + strings.Join(parts, "; ") + "."
}

// group splits records by key, keeping the keys in the order first seen.
func group[K comparable](records []Record, key func(Record) K) ([]K, map[K][]Record) {
	var keys []K
	groups := make(map[K][]Record)
	for _, r := range records {
		k := key(r)
		if _, seen := groups[k]; !seen {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], r)
	}
	return keys, groups
}

// mean returns the mean of f over the records that finished and that keep
// selects, NaN if there are none.
func mean(records []Record, keep func(Record) bool, f func(Record) float64) float64 {
	return meanOver(records, func(r Record) bool { return r.OK() && keep(r) }, f)
}

// meanOver returns the mean of f over the records that keep selects, finished
// or not, NaN if there are none.
func meanOver(records []Record, keep func(Record) bool, f func(Record) float64) float64 {
	sum, n := 0.0, 0
	for _, r := range records {
		if keep(r) {
			sum += f(r)
			n++
		}
	}
	if n == 0 {
		return math.NaN()
	}
	return sum / float64(n)
}

func learning(r Record) bool { return r.Learning() }
func folds(r Record) bool    { return !r.Learning() }
func all(Record) bool        { return true }

// peak is the mean peak memory of the records that measured it, finished
// or not: a job out of time shows how much it had taken.
func peak(records []Record) float64 {
	return meanOver(records, func(r Record) bool { return r.PeakMB > 0 }, func(r Record) float64 { return r.PeakMB })
}

func seconds(r Record) float64  { return r.Seconds }
func depth(r Record) float64    { return float64(r.K) }
func nodes(r Record) float64    { return float64(r.Nodes) }
func examples(r Record) float64 { return float64(r.ExamplesUsed) }
func accuracy(r Record) float64 { return 100 * r.Accuracy }

// modeOrder sorts modes as the paper's rows: size, then depth.
func modeOrder(a, b string) int {
	return cmp.Compare(slices.Index(Modes, a), slices.Index(Modes, b))
}

// status summarizes how the jobs of a row ended: "12 ok", or with the
// failures counted by kind, "10 ok, 2 timeout".
func status(records []Record) string {
	counts := make(map[string]int)
	for _, r := range records {
		counts[r.Status]++
	}
	parts := []string{fmt.Sprintf("%d ok", counts["ok"])}
	delete(counts, "ok")
	for _, s := range slices.Sorted(maps.Keys(counts)) {
		parts = append(parts, fmt.Sprintf("%d %s", counts[s], s))
	}
	return strings.Join(parts, ", ")
}

// sortRecords puts records in an order that depends only on their jobs, so
// that sums over them, and the tables, come out the same however the jobs
// were split into shards and the shards merged.
func sortRecords(records []Record) {
	slices.SortStableFunc(records, func(a, b Record) int {
		return cmp.Or(
			cmp.Compare(a.Suite, b.Suite),
			cmp.Compare(a.Dataset, b.Dataset),
			cmp.Compare(a.Solver, b.Solver),
			cmp.Compare(a.Mode, b.Mode),
			cmp.Compare(a.Run, b.Run),
			cmp.Compare(a.Fold, b.Fold),
			cmp.Compare(seriesOf(a), seriesOf(b)),
		)
	})
}

// seriesOf is the series of a scaling record, "" for others.
func seriesOf(r Record) string {
	if r.Point == nil {
		return ""
	}
	return r.Point.Series
}

// none marks a figure a source does not give.
var none = math.NaN()

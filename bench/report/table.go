package report

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/odtx/odtx/bench"
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

// Tables returns a table for each suite the records hold, in the order of
// bench.Suites. It sorts records, which it otherwise leaves alone.
func Tables(records []bench.Record) []*Table {
	sortRecords(records)
	bySuite := make(map[string][]bench.Record)
	for _, r := range records {
		bySuite[r.Suite] = append(bySuite[r.Suite], r)
	}
	var tables []*Table
	for _, s := range bench.Suites {
		recs := bySuite[s]
		var t *Table
		switch {
		case len(recs) == 0:
			continue
		case s == "table3":
			t = table3Table(recs)
		case s == "scaling":
			t = scalingTable(recs)
		case s == "reference":
			t = referenceTable(recs)
		default:
			t = paperTable(s, recs)
		}
		t.Notes = append(t.Notes, machines(recs))
		tables = append(tables, t)
	}
	return tables
}

// machines names the machines that ran records, and how many jobs each.
func machines(records []bench.Record) string {
	names, groups := group(records, func(r bench.Record) string { return r.Machine.String() })
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
func group[K comparable](records []bench.Record, key func(bench.Record) K) ([]K, map[K][]bench.Record) {
	var keys []K
	groups := make(map[K][]bench.Record)
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
func mean(records []bench.Record, keep func(bench.Record) bool, f func(bench.Record) float64) float64 {
	return meanOver(records, func(r bench.Record) bool { return r.OK() && keep(r) }, f)
}

// meanOver returns the mean of f over the records that keep selects, finished
// or not, NaN if there are none.
func meanOver(records []bench.Record, keep func(bench.Record) bool, f func(bench.Record) float64) float64 {
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

func learning(r bench.Record) bool { return r.Learning() }
func folds(r bench.Record) bool    { return !r.Learning() }
func all(bench.Record) bool        { return true }

// peak is the mean peak memory of the records that measured it, finished
// or not: a job out of time shows how much it had taken.
func peak(records []bench.Record) float64 {
	return meanOver(records, func(r bench.Record) bool { return r.PeakMB > 0 }, func(r bench.Record) float64 { return r.PeakMB })
}

func seconds(r bench.Record) float64  { return r.Seconds }
func depth(r bench.Record) float64    { return float64(r.K) }
func nodes(r bench.Record) float64    { return float64(r.Nodes) }
func examples(r bench.Record) float64 { return float64(r.ExamplesUsed) }
func accuracy(r bench.Record) float64 { return 100 * r.Accuracy }

// modeOrder sorts modes as the paper's rows: size, then depth.
func modeOrder(a, b string) int {
	return cmp.Compare(slices.Index(bench.Modes, a), slices.Index(bench.Modes, b))
}

// status summarizes how the jobs of a row ended: "12 ok", or with the
// failures counted by kind, "10 ok, 2 timeout".
func status(records []bench.Record) string {
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

// paperTable is the table of the paper's Table 1 (mouse) or 2 (car): per
// solver and mode, the search on the whole file and the accuracy of 10-fold
// cross-validation, beside the paper's figures and the times of the
// paper's tool and of a DP solver on this machine kind.
func paperTable(suite string, records []bench.Record) *Table {
	name := suite + ".csv"
	number := map[string]int{"mouse": 1, "car": 2}[suite]
	t := &Table{
		Suite: suite,
		Title: fmt.Sprintf("%s: the paper's Table %d", name, number),
		Keys:  []string{"solver", "mode"},
		Columns: []Column{
			{Name: "time (s)", Unit: Seconds, Ref: "paper"},
			{Name: "examples used", Unit: Count, Ref: "paper"},
			{Name: "clauses", Unit: Count, Ref: "paper"},
			{Name: "k", Unit: Count, Ref: "paper"},
			{Name: "nodes", Unit: Count, Ref: "paper"},
			{Name: "10-fold acc.", Unit: Percent, Ref: "paper"},
			{Name: "paper's tool here (s)", Unit: Seconds, Ref: "paper's tool here", RefOnly: true},
			{Name: "DP here (s)", Unit: Seconds, Ref: "DP here", RefOnly: true},
		},
		Notes: []string{
			"Each cell: this run's mean (the reference's figure, ×ratio this/reference). " +
				"Time, examples, clauses, k and nodes: learning on the whole file, mean over the runs; " +
				"accuracy: 10-fold cross-validation, mean over the folds and runs (run r deals the folds with seed r).",
			"Paper: i7-2600K, MiniSat. \"Here\": ../shared/REFERENCE.md, on this project's machine kind " +
				"(2 vCPUs, shared, ±2× from day to day): the paper's tool (InferDT with MiniSat) and a DP solver (STreeD).",
		},
	}
	if opt, ok := hereOptimum[name]; ok {
		t.Notes = append(t.Notes, fmt.Sprintf("Optimum of this file by both other tools (REFERENCE.md): depth %d, %d nodes.", opt.K, opt.Nodes))
	}
	if suite == "car" {
		t.Notes = append(t.Notes, "car.csv lacks one of the original 1728 rows; the paper's tool gives 143 nodes on it, not the paper's 136.")
	}
	keys, rows := group(records, func(r bench.Record) [2]string { return [2]string{r.Solver, r.Mode} })
	slices.SortStableFunc(keys, func(a, b [2]string) int {
		return cmp.Or(cmp.Compare(a[0], b[0]), modeOrder(a[1], b[1]))
	})
	for _, key := range keys {
		recs := rows[key]
		p, ok := paperRows[name][key[1]]
		if !ok {
			p = paperRow{none, none, none, none, none, none}
		}
		here, ok := hereSeconds[name][key[1]]
		if !ok {
			here.Tool, here.DP = none, none
		}
		secs := mean(recs, learning, seconds)
		t.Rows = append(t.Rows, Row{
			Keys: key[:],
			Figures: []Figure{
				{secs, p.Seconds},
				{mean(recs, learning, examples), p.Examples},
				{mean(recs, learning, func(r bench.Record) float64 { return float64(r.Clauses) }), p.Clauses},
				{mean(recs, learning, depth), p.K},
				{mean(recs, learning, nodes), p.Nodes},
				{mean(recs, folds, accuracy), p.Accuracy},
				{secs, here.Tool},
				{secs, here.DP},
			},
			Status: status(recs),
		})
	}
	return t
}

// table3Table is the table of the paper's Table 3: per dataset and solver,
// the means over the given splits in both modes, beside the paper's
// figures, then the mean accuracies of each solver over the datasets.
func table3Table(records []bench.Record) *Table {
	t := &Table{
		Suite: "table3",
		Title: "the paper's Table 3: the given train/test splits",
		Keys:  []string{"dataset", "solver"},
		Columns: []Column{
			{Name: "depth: time (s)", Unit: Seconds, Ref: "paper"},
			{Name: "depth: acc.", Unit: Percent, Ref: "paper"},
			{Name: "depth: k", Unit: Count, Ref: "paper"},
			{Name: "size: time (s)", Unit: Seconds, Ref: "paper"},
			{Name: "size: acc.", Unit: Percent, Ref: "paper"},
			{Name: "size: n", Unit: Count, Ref: "paper"},
			{Name: "BinOCT* acc.", Unit: Percent, Ref: "paper", RefOnly: true},
			{Name: "CART acc.", Unit: Percent, Ref: "paper", RefOnly: true},
			{Name: "OCT acc.", Unit: Percent, Ref: "paper", RefOnly: true},
		},
		Notes: []string{
			"Each cell: this run's mean over the splits and runs (the paper's figure, ×ratio this/paper). " +
				"Time: learning on the train part; acc.: on the test part; k: depth of DT_depth's trees; n: nodes of DT_size's.",
			"BinOCT*, CART and OCT: the paper's figures (Verwer and Zhang's), the best accuracy over depths 2 to 4; " +
				"their ratio is this run's DT_size accuracy over theirs.",
		},
	}
	keys, rows := group(records, func(r bench.Record) [2]string { return [2]string{r.Dataset, r.Solver} })
	slices.SortStableFunc(keys, func(a, b [2]string) int {
		return cmp.Or(cmp.Compare(table3Index(a[0]), table3Index(b[0])), cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1]))
	})
	var solvers []string
	for _, key := range keys {
		if !slices.Contains(solvers, key[1]) {
			solvers = append(solvers, key[1])
		}
		recs := rows[key]
		p := table3Paper(key[0])
		inMode := func(mode string) func(bench.Record) bool {
			return func(r bench.Record) bool { return r.Mode == mode }
		}
		sizeAcc := mean(recs, inMode("size"), accuracy)
		t.Rows = append(t.Rows, Row{
			Keys: key[:],
			Figures: []Figure{
				{mean(recs, inMode("depth"), seconds), p.DepthSeconds},
				{mean(recs, inMode("depth"), accuracy), p.DepthAccuracy},
				{mean(recs, inMode("depth"), depth), p.DepthK},
				{mean(recs, inMode("size"), seconds), p.SizeSeconds},
				{sizeAcc, p.SizeAccuracy},
				{mean(recs, inMode("size"), nodes), p.SizeNodes},
				{sizeAcc, p.BinOCT},
				{sizeAcc, p.CART},
				{sizeAcc, p.OCT},
			},
			Status: status(recs),
		})
	}
	// The paper's Average row, over the datasets each solver has figures
	// for, against the paper's mean over the same datasets.
	for _, solver := range solvers {
		avg := Row{Keys: []string{"average", solver}, Figures: make([]Figure, len(t.Columns))}
		for c, col := range t.Columns {
			avg.Figures[c] = Figure{none, none}
			if col.Unit != Percent {
				continue
			}
			var values, refs []float64
			for _, row := range t.Rows {
				f := row.Figures[c]
				if row.Keys[1] == solver && !math.IsNaN(f.Value) && !math.IsNaN(f.Ref) {
					values, refs = append(values, f.Value), append(refs, f.Ref)
				}
			}
			if len(values) > 0 {
				avg.Figures[c] = Figure{average(values), average(refs)}
			}
		}
		t.Rows = append(t.Rows, avg)
	}
	return t
}

func average(xs []float64) float64 {
	sum := 0.0
	for _, x := range xs {
		sum += x
	}
	return sum / float64(len(xs))
}

// table3Index is the position of dataset in the paper's Table 3, or after
// them all.
func table3Index(dataset string) int {
	if i := slices.Index(bench.Table3Files, dataset); i >= 0 {
		return i
	}
	return len(bench.Table3Files)
}

// table3Paper is the paper's row for dataset, all NaN if it has none.
func table3Paper(dataset string) table3Row {
	if row, ok := table3[dataset]; ok {
		return row
	}
	return table3Row{DepthSeconds: none, DepthAccuracy: none, DepthK: none,
		SizeSeconds: none, SizeAccuracy: none, SizeNodes: none, BinOCT: none, CART: none, OCT: none}
}

// referenceTable is the table of ../shared/REFERENCE.md: per dataset, mode
// and solver, the optimum found and the time to prove it, beside the
// optimum and the times of the paper's tool and of a DP solver there, with
// the peak memory of the job.
func referenceTable(records []bench.Record) *Table {
	t := &Table{
		Suite: "reference",
		Title: "The optima and timings of ../shared/REFERENCE.md",
		Keys:  []string{"dataset", "mode", "solver"},
		Columns: []Column{
			{Name: "k", Unit: Count, Ref: "REFERENCE.md"},
			{Name: "nodes", Unit: Count, Ref: "REFERENCE.md"},
			{Name: "time (s) (paper's tool here)", Unit: Seconds, Ref: "paper's tool here"},
			{Name: "DP here (s)", Unit: Seconds, Ref: "DP here", RefOnly: true},
			{Name: "peak MiB", Unit: Count},
		},
		Notes: append([]string{
			"Each cell: this run's mean over the runs (the reference's figure, ×ratio this/reference). " +
				"Learning on the whole file; nodes are compared in size mode only (depth mode does not minimize them). " +
				"Peak MiB: resident memory of the job's own process, timed-out jobs included.",
			"\"Here\": ../shared/REFERENCE.md, on this project's machine kind (2 vCPUs, shared, ±2× from day to day): " +
				"the paper's tool (InferDT with MiniSat) and a DP solver (STreeD).",
		}, hereNotes...),
	}
	keys, rows := group(records, func(r bench.Record) [3]string { return [3]string{r.Dataset, r.Mode, r.Solver} })
	slices.SortStableFunc(keys, func(a, b [3]string) int {
		return cmp.Or(cmp.Compare(slices.Index(bench.ReferenceFiles, a[0]), slices.Index(bench.ReferenceFiles, b[0])),
			modeOrder(a[1], b[1]), cmp.Compare(a[2], b[2]))
	})
	for _, key := range keys {
		recs := rows[key]
		opt, ok := hereOptimum[key[0]]
		k, n := float64(opt.K), float64(opt.Nodes)
		if !ok {
			k = none
		}
		if !ok || opt.Nodes == 0 || key[1] != "size" {
			n = none
		}
		here, ok := hereSeconds[key[0]][key[1]]
		if !ok {
			here.Tool, here.DP = none, none
		}
		secs := mean(recs, all, seconds)
		t.Rows = append(t.Rows, Row{
			Keys: key[:],
			Figures: []Figure{
				{mean(recs, all, depth), k},
				{mean(recs, all, nodes), n},
				{secs, here.Tool},
				{secs, here.DP},
				{peak(recs), none},
			},
			Status: status(recs),
		})
	}
	return t
}

// sortRecords puts records in an order that depends only on their jobs, so
// that sums over them, and the tables, come out the same however the jobs
// were split into shards and the shards merged.
func sortRecords(records []bench.Record) {
	slices.SortStableFunc(records, func(a, b bench.Record) int {
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
func seriesOf(r bench.Record) string {
	if r.Point == nil {
		return ""
	}
	return r.Point.Series
}

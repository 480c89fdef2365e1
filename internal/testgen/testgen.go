// Package testgen makes the formulas and datasets that tests and benchmarks
// of several packages share.
package testgen

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/bruteforce"
	"github.com/odtx/odtx/solver"
	"github.com/odtx/odtx/tree"
)

// Pigeonhole passes to add the clauses saying that holes+1 pigeons sit in
// holes holes, one a hole: unsatisfiable, and hard for resolution from about
// ten holes on. Each clause is widened by the literal or, unless it is 0, so
// that assuming -or switches the formula on.
func Pigeonhole(add func(lits []int), holes, or int) {
	emit := func(c []int) {
		if or != 0 {
			c = append(c, or)
		}
		add(c)
	}
	v := func(p, h int) int { return p*holes + h + 1 }
	for p := range holes + 1 {
		var c []int
		for h := range holes {
			c = append(c, v(p, h))
		}
		emit(c)
	}
	for h := range holes {
		for p := range holes + 1 {
			for q := p + 1; q <= holes; q++ {
				emit([]int{-v(p, h), -v(q, h)})
			}
		}
	}
}

// StopsAtDeadline fails t unless s.Solve, under a 100 ms deadline, returns
// Unknown with the deadline's error within a second. It returns the ended
// context, for a test to try s on it again.
func StopsAtDeadline(t testing.TB, s solver.Solver) context.Context {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	t.Cleanup(cancel)
	start := time.Now()
	r, err := s.Solve(ctx, nil)
	if r != solver.Unknown || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Solve = %v, %v; want UNKNOWN, deadline exceeded", r, err)
	}
	if d := time.Since(start); d > time.Second {
		t.Fatalf("stopped after %v", d)
	}
	return ctx
}

// Boolean returns a dataset of no examples, whose features f0, f1, ... are
// each the one test of a column of its own, and whose classes are named 0,
// 1, ...: a table of Boolean features, whose examples' codes Codes makes.
func Boolean(features, classes int) *dataset.Dataset {
	ds := &dataset.Dataset{Name: "random", Label: "y"}
	for f := range features {
		name := fmt.Sprint("f", f)
		ds.Columns = append(ds.Columns, name)
		ds.Features = append(ds.Features, dataset.Feature{Column: name, Op: dataset.Equal, Value: "1", Col: int32(f)})
	}
	for a := range classes {
		ds.Classes = append(ds.Classes, fmt.Sprint(a))
	}
	return ds
}

// Codes returns the codes of an example of a Boolean dataset whose
// features take the values row: code 0 where a feature holds, 1 where not.
func Codes(row []bool) []int32 {
	codes := make([]int32, len(row))
	for f, v := range row {
		codes[f] = code(v)
	}
	return codes
}

func code(v bool) int32 {
	if v {
		return 0
	}
	return 1
}

// Dataset draws up to rows distinct examples over features binary features,
// each with a random one of classes classes, so that it is consistent.
func Dataset(r *rand.Rand, features, rows, classes int) *dataset.Dataset {
	ds := Boolean(features, classes)
	seen := map[uint64]bool{}
	for range rows {
		bits := r.Uint64() & (1<<features - 1)
		if seen[bits] {
			continue
		}
		seen[bits] = true
		values := make([]bool, features)
		for f := range values {
			values[f] = bits>>f&1 == 1
		}
		ds.Examples = append(ds.Examples, dataset.Example{Line: len(ds.Examples) + 2, Codes: Codes(values), Class: r.IntN(classes)})
	}
	return ds
}

// Noisy draws a dataset as Dataset does, then adds up to rows more records
// with the values of one of its examples and a random class, as
// dataset.Count keeps them: every example carries its class counts, and
// its Class is one of the most frequent.
func Noisy(r *rand.Rand, features, rows, classes int) *dataset.Dataset {
	ds := Dataset(r, features, rows, classes)
	for i := range ds.Examples {
		ex := &ds.Examples[i]
		ex.Counts = make([]int, classes)
		ex.Counts[ex.Class]++
	}
	for range r.IntN(rows + 1) {
		ds.Examples[r.IntN(len(ds.Examples))].Counts[r.IntN(classes)]++
	}
	for i := range ds.Examples {
		Majority(&ds.Examples[i])
	}
	return ds
}

// Majority makes ex's Class the first class it has more records of than of
// its Class, if any, so that Class is one of the most frequent in Counts,
// as dataset.Count keeps it.
func Majority(ex *dataset.Example) {
	for k, n := range ex.Counts {
		if n > ex.Counts[ex.Class] {
			ex.Class = k
		}
	}
}

// Records returns the values of the features of each example of ds, and
// its records of each class: its Counts, or one record of its Class where
// it has none.
func Records(ds *dataset.Dataset) (rows [][]bool, counts [][]int) {
	rows = make([][]bool, len(ds.Examples))
	counts = make([][]int, len(ds.Examples))
	for i, ex := range ds.Examples {
		rows[i], counts[i] = ds.Row(&ex), ex.Counts
		if counts[i] == nil {
			counts[i] = make([]int, len(ds.Classes))
			counts[i][ex.Class] = 1
		}
	}
	return rows, counts
}

// MinErrors returns the fewest records of ds (see Records) that a tree of
// depth at most depth misclassifies, and of at most maxNodes nodes
// (internal nodes plus leaves) if maxNodes > 0, by
// bruteforce.FewestErrors.
func MinErrors(ds *dataset.Dataset, depth, maxNodes int) int {
	rows, counts := Records(ds)
	budget := 1<<depth - 1
	if maxNodes > 0 {
		budget = (maxNodes - 1) / 2
	}
	errs, _ := bruteforce.FewestErrors(rows, counts, depth, budget, 0, 0)
	return errs
}

// AddTwin adds to ds a copy or the complement of one of its features, which
// a search must treat as one feature without losing either.
func AddTwin(r *rand.Rand, ds *dataset.Dataset) {
	f, flip := r.IntN(len(ds.Features)), r.IntN(2) == 1
	twin := ds.Features[f]
	twin.Column += "'"
	twin.Col, twin.Code = int32(len(ds.Columns)), 0
	ds.Columns = append(ds.Columns, twin.Column)
	for i := range ds.Examples {
		ex := &ds.Examples[i]
		ex.Codes = append(ex.Codes, code(ds.Holds(ex, f) != flip))
	}
	ds.Features = append(ds.Features, twin)
}

// CheckConsistent fails t unless root classifies every example of ds.
func CheckConsistent(t testing.TB, ds *dataset.Dataset, root *tree.Node) {
	t.Helper()
	for _, ex := range ds.Examples {
		if got := root.Classify(func(f int) bool { return ds.Holds(&ex, f) }); got != ex.Class {
			t.Fatalf("line %d: class %d, want %d", ex.Line, got, ex.Class)
		}
	}
}

// Optimum is bruteforce.Optimal on the examples of ds.
func Optimum(ds *dataset.Dataset, maxDepth int) (depth, nodes int, ok bool) {
	rows := make([][]bool, len(ds.Examples))
	labels := make([]int, len(ds.Examples))
	for i, ex := range ds.Examples {
		rows[i], labels[i] = ds.Row(&ex), ex.Class
	}
	return bruteforce.Optimal(rows, labels, maxDepth)
}

// Oracle draws the random datasets of a test against the brute-force
// oracle, and checks the trees learned on them.
type Oracle struct {
	r                                 *rand.Rand
	features, rows, classes, maxDepth int
	drawn, imperfect                  int
}

// NewOracle returns an Oracle whose datasets, drawn from seed, have 1 to
// features features, 1 to rows rows and 2 to classes classes, and whose
// optima are searched up to maxDepth.
func NewOracle(seed uint64, features, rows, classes, maxDepth int) *Oracle {
	return &Oracle{r: rand.New(rand.NewPCG(seed, seed+1)), features: features, rows: rows, classes: classes, maxDepth: maxDepth}
}

// A Case is one dataset an Oracle drew, with its optimum.
type Case struct {
	DS           *dataset.Dataset
	Depth, Nodes int  // the optimum, if OK
	OK           bool // a consistent tree of depth at most the oracle's maxDepth exists
	trial        int
	maxDepth     int
}

// Draw returns the dataset of trial, with a twin feature (see AddTwin) in
// every third, and its optimum.
func (o *Oracle) Draw(trial int) *Case {
	m, n, c := 1+o.r.IntN(o.features), 1+o.r.IntN(o.rows), 2+o.r.IntN(o.classes-1)
	ds := Dataset(o.r, m, n, c)
	if trial%3 == 0 {
		AddTwin(o.r, ds)
	}
	k := &Case{DS: ds, trial: trial, maxDepth: o.maxDepth}
	k.Depth, k.Nodes, k.OK = Optimum(ds, o.maxDepth)
	o.drawn++
	if k.OK && k.Nodes < 1<<(k.Depth+1)-1 {
		o.imperfect++
	}
	return k
}

// Check fails t unless root classifies every example and has the least
// depth and, if size, the fewest nodes at that depth; what names the search.
func (k *Case) Check(t testing.TB, what string, root *tree.Node, size bool) {
	t.Helper()
	CheckConsistent(t, k.DS, root)
	d, n := root.Depth(), root.Nodes()
	where := fmt.Sprintf("trial %d (%d features, %d rows) %s", k.trial, len(k.DS.Features), len(k.DS.Examples), what)
	switch {
	case !k.OK && d <= k.maxDepth:
		t.Fatalf("%s: depth %d, but no tree of depth <= %d exists", where, d, k.maxDepth)
	case k.OK && d != k.Depth:
		t.Fatalf("%s: depth %d, brute force %d", where, d, k.Depth)
	case k.OK && size && n != k.Nodes:
		t.Fatalf("%s: %d nodes, brute force %d (depth %d)", where, n, k.Nodes, k.Depth)
	}
}

// CheckTeeth fails t unless a tenth of the optima drawn are not perfect
// trees, the case a search gets wrong most easily.
func (o *Oracle) CheckTeeth(t testing.TB) {
	t.Helper()
	if o.imperfect < o.drawn/10 {
		t.Fatalf("only %d of %d optima are imperfect trees; the test lost its teeth", o.imperfect, o.drawn)
	}
}

// Load reads the table csv, named name, and binarizes it with opt, as
// odtx reads a file, failing t on an error.
func Load(t testing.TB, csv, name string, opt dataset.Options) (*dataset.Table, *dataset.Dataset) {
	t.Helper()
	tbl, err := dataset.ReadTable(strings.NewReader(csv), name)
	if err != nil {
		t.Fatal(err)
	}
	ds, err := tbl.Binarize(opt)
	if err != nil {
		t.Fatal(err)
	}
	return tbl, ds
}

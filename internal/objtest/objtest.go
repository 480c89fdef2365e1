// Package objtest checks the answers of the engines of the fewest errors
// (objective.Solver: minerr and ordered) for their tests: that a tree is
// what its result claims, and that it is the optimum of
// bruteforce.FewestErrors, an oracle that shares nothing with the engines
// but the definition of the objective.
package objtest

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/bruteforce"
	"github.com/odtx/odtx/internal/testgen"
	"github.com/odtx/odtx/objective"
	"github.com/odtx/odtx/tree"
)

// Runs returns the number of runs of a random test: full, or short with
// -short.
func Runs(full, short int) int {
	if testing.Short() {
		return short
	}
	return full
}

// RandomOptions picks a depth of 0 to 3, a branch budget or none, and a
// cost per branch or none; the costs times any number of records are
// exact in binary, so that the engine and the oracle see the same ties.
// Without a cost, it asks for a tree of any size one time in four. One
// time in three it asks for leaves of 2 to 6 records, and one in four
// for a cache of a few entries.
func RandomOptions(r *rand.Rand) objective.Options {
	opt := objective.Options{MaxDepth: 1 + r.IntN(3)}
	if r.IntN(10) == 0 {
		opt.MaxDepth = 0
	}
	if r.IntN(2) == 0 {
		opt.MaxBranches = 1 + r.IntN(6)
	}
	if r.IntN(3) == 0 {
		opt.CostPerBranch = []float64{1.0 / 64, 3.0 / 64, 1.0 / 16, 1.0 / 8, 5.0 / 32}[r.IntN(5)]
	} else {
		opt.AnySize = r.IntN(4) == 0
	}
	if r.IntN(3) == 0 {
		opt.MinLeaf = 2 + r.IntN(5)
	}
	if r.IntN(4) == 0 {
		// A cache of a few entries drops its generations all the time,
		// which must cost time only.
		opt.CacheBytes = 1 << 10
	}
	return opt
}

// CheckTree reports whether res's tree is within opt's budgets, holds
// opt.MinLeaf records in every leaf unless it is a single leaf, and makes
// the errors and has the branching nodes res claims, on every record of
// ds (see testgen.Records).
func CheckTree(ds *dataset.Dataset, opt objective.Options, res *objective.Result) error {
	_, counts := testgen.Records(ds)
	errs := 0
	for i, ex := range ds.Examples {
		k := res.Root.Classify(func(f int) bool { return ds.Holds(&ex, f) })
		for c, w := range counts[i] {
			if c != k {
				errs += w
			}
		}
	}
	branches := res.Root.Leaves() - 1
	switch {
	case errs != res.Errors:
		return fmt.Errorf("the tree makes %d errors, the result says %d", errs, res.Errors)
	case branches != res.Branches:
		return fmt.Errorf("the tree has %d branching nodes, the result says %d", branches, res.Branches)
	case res.Root.Depth() > opt.MaxDepth:
		return fmt.Errorf("depth %d > %d", res.Root.Depth(), opt.MaxDepth)
	case opt.MaxBranches > 0 && res.Branches > opt.MaxBranches:
		return fmt.Errorf("%d branching nodes > %d", res.Branches, opt.MaxBranches)
	case branches > 0 && opt.MinLeaf > 1:
		all := make([]int, len(ds.Examples))
		for i := range all {
			all[i] = i
		}
		if least := smallestLeaf(ds, counts, res.Root, all); least < opt.MinLeaf {
			return fmt.Errorf("a leaf of %d records < %d", least, opt.MinLeaf)
		}
	}
	return nil
}

// smallestLeaf returns the fewest records of the examples reach, by
// counts, that a leaf of n holds: 0 for a leaf none of them reaches.
func smallestLeaf(ds *dataset.Dataset, counts [][]int, n *tree.Node, reach []int) int {
	if n.IsLeaf() {
		records := 0
		for _, i := range reach {
			for _, w := range counts[i] {
				records += w
			}
		}
		return records
	}
	var no, yes []int
	for _, i := range reach {
		if ds.Holds(&ds.Examples[i], n.Feature) {
			yes = append(yes, i)
		} else {
			no = append(no, i)
		}
	}
	return min(smallestLeaf(ds, counts, n.False, no), smallestLeaf(ds, counts, n.True, yes))
}

// Check reports how res differs from the oracle's optimum for ds and opt
// (only in errors with AnySize), whether it is proven, with the bounds
// the optimum meets, and whether its tree is what it claims.
func Check(ds *dataset.Dataset, opt objective.Options, res *objective.Result) error {
	if err := CheckTree(ds, opt, res); err != nil {
		return err
	}
	rows, counts := testgen.Records(ds)
	budget := objective.MaxBranches(opt.MaxDepth)
	if opt.MaxBranches > 0 {
		budget = min(budget, opt.MaxBranches)
	}
	e, b := bruteforce.FewestErrors(rows, counts, opt.MaxDepth, budget, opt.CostPerBranch, opt.MinLeaf)
	switch {
	case res.Errors != e || !opt.AnySize && res.Branches != b:
		return fmt.Errorf("got %d errors and %d branches, the oracle %d and %d", res.Errors, res.Branches, e, b)
	case !res.Optimal:
		return fmt.Errorf("not proven optimal")
	case res.Bound != res.Objective:
		return fmt.Errorf("bound %v, objective %v", res.Bound, res.Objective)
	case opt.CostPerBranch == 0 && res.ErrorBound != res.Errors:
		return fmt.Errorf("error bound %d, errors %d", res.ErrorBound, res.Errors)
	}
	return nil
}

// Solve runs solve on ds and opt and checks its answer against the
// oracle's.
func Solve(solve objective.Solver, ds *dataset.Dataset, opt objective.Options) error {
	res, err := solve(context.Background(), ds, opt)
	if err != nil {
		return err
	}
	return Check(ds, opt, res)
}

// CheckOptima fails t unless solve, on ds, proves want[d] errors within
// each depth d, with the rest of base, the optima that peer reports, with
// a tree that is what it claims.
func CheckOptima(t testing.TB, solve objective.Solver, ds *dataset.Dataset, base objective.Options, want map[int]int, peer string) {
	t.Helper()
	for d, errs := range want {
		opt := base
		opt.MaxDepth = d
		res, err := solve(context.Background(), ds, opt)
		if err != nil {
			t.Fatal(err)
		}
		if err := CheckTree(ds, opt, res); err != nil {
			t.Fatalf("depth %d: %v", d, err)
		}
		if res.Errors != errs || !res.Optimal || res.ErrorBound != errs {
			t.Errorf("depth %d: %d errors (bound %d, optimal %v), %s %d", d, res.Errors, res.ErrorBound, res.Optimal, peer, errs)
		}
	}
}

// Mutants shows that Check catches a wrong engine: it counts the tables
// on which an engine with a slip in it answers wrong, where the same
// engine without the slip must answer right on all of them.
type Mutants struct{ tables, caught int }

// Check fails t unless right, the engine's answer on ds and opt, passes
// Check, and counts whether Check catches wrong, the answer with the slip.
func (m *Mutants) Check(t testing.TB, ds *dataset.Dataset, opt objective.Options, right, wrong *objective.Result) {
	t.Helper()
	if err := Check(ds, opt, right); err != nil {
		t.Fatalf("without the slip: %v", err)
	}
	m.tables++
	if Check(ds, opt, wrong) != nil {
		m.caught++
	}
}

// Done fails t unless some wrong answer was caught.
func (m *Mutants) Done(t testing.TB) {
	t.Helper()
	if m.caught == 0 {
		t.Errorf("no wrong answer caught in %d tables", m.tables)
	}
	t.Logf("caught on %d of %d tables", m.caught, m.tables)
}

// MinLeafIgnored shows that Check catches an engine that ignores a
// minimum leaf size: on runs tables that table draws, with the options of
// RandomOptions and leaves of 2 to 6 records, solve run without the leaf
// size must fail Check on some, where solve with it passes on all.
func MinLeafIgnored(t testing.TB, solve objective.Solver, r *rand.Rand, table func(*rand.Rand) *dataset.Dataset, runs int) {
	t.Helper()
	var check Mutants
	for range runs {
		ds := table(r)
		opt := RandomOptions(r)
		opt.MinLeaf = 2 + r.IntN(5)
		ignored := opt
		ignored.MinLeaf = 0
		right, err := solve(context.Background(), ds, opt)
		if err != nil {
			t.Fatal(err)
		}
		wrong, err := solve(context.Background(), ds, ignored)
		if err != nil {
			t.Fatal(err)
		}
		check.Check(t, ds, opt, right, wrong)
	}
	check.Done(t)
}

// SameWithout reports where solve, on ds and opt, finds other than it
// does with all its techniques when one technique of objective.Techniques
// is switched off, or all of them: they change how soon the answer comes,
// never the answer.
func SameWithout(solve objective.Solver, ds *dataset.Dataset, opt objective.Options) error {
	want, err := solve(context.Background(), ds, opt)
	if err != nil {
		return err
	}
	var offs []objective.Techniques
	all := objective.Techniques{}
	for i := range reflect.TypeFor[objective.Techniques]().NumField() {
		var off objective.Techniques
		reflect.ValueOf(&off).Elem().Field(i).SetBool(true)
		reflect.ValueOf(&all).Elem().Field(i).SetBool(true)
		offs = append(offs, off)
	}
	for _, off := range append(offs, all) {
		o := opt
		o.Off = off
		got, err := solve(context.Background(), ds, o)
		switch {
		case err != nil:
			return fmt.Errorf("off %+v: %w", off, err)
		case got.Errors != want.Errors || !opt.AnySize && got.Branches != want.Branches || got.Optimal != want.Optimal || got.Bound != want.Bound:
			return fmt.Errorf("off %+v: %d errors, %d branches, optimal %v, bound %v; with all %d, %d, %v, %v",
				off, got.Errors, got.Branches, got.Optimal, got.Bound, want.Errors, want.Branches, want.Optimal, want.Bound)
		}
		if err := CheckTree(ds, o, got); err != nil {
			return fmt.Errorf("off %+v: %w", off, err)
		}
	}
	return nil
}

// UpperBound fails t unless solve reads objective.Options.UpperBound as
// its contract says, on runs tables that table draws with the options of
// RandomOptions. The engine is told of a tree of the optimum's score, of
// a branch more, of an error more, or of an error fewer, which no tree
// makes: from the start, from a later reading on, as when a search beside
// finds it, or from the start in a search stopped at a later reading.
// Each time it returns a tree no better than the optimum and never proves
// more than the optimum; one that ends proves either its tree optimal or
// the bound: it searched only for trees that beat it, and found none. An
// engine that does not read the bound, or reads it only at the start,
// proves its optimum every time, where the error fewer, told at once, and
// told late to a search of any size, must be proven on some table.
func UpperBound(t testing.TB, solve objective.Solver, r *rand.Rand, table func(*rand.Rand) *dataset.Dataset, runs int) {
	t.Helper()
	const (
		atOnce = iota
		late
		stopped
	)
	var read [2]int // tables where the error fewer was proven, at once and late
	for run := range runs {
		ds := table(r)
		opt := RandomOptions(r)
		want, err := solve(context.Background(), ds, opt)
		if err != nil {
			t.Fatal(err)
		}
		if err := Check(ds, opt, want); err != nil {
			t.Fatalf("run %d, %+v: %v", run, opt, err)
		}
		order := objective.Order{Cost: opt.CostPerBranch * float64(objective.Records(ds)), ErrorsOnly: opt.AnySize}
		same := func(a, b objective.Score) bool { return !order.Less(a, b) && !order.Less(b, a) }
		optimum := objective.Score{E: want.Errors, B: want.Branches}
		lie := objective.Score{E: optimum.E - 1, B: optimum.B}
		for _, ub := range []objective.Score{optimum, optimum.Add(objective.Branch), optimum.Add(objective.Score{E: 1}), lie} {
			if ub.E < 0 {
				continue
			}
			for _, when := range []int{atOnce, late, stopped} {
				ctx, cancel := context.WithCancel(context.Background())
				calls, from := 0, 1+r.IntN(6)
				o := opt
				o.UpperBound = func() objective.Score {
					calls++
					switch {
					case when == late && calls <= from:
						return objective.None
					case when == stopped && calls == from:
						cancel()
					}
					return ub
				}
				got, err := solve(ctx, ds, o)
				cancel()
				if err != nil && (when != stopped || !errors.Is(err, context.Canceled)) {
					t.Fatal(err)
				}
				if err := CheckTree(ds, o, got); err != nil {
					t.Fatalf("run %d, %+v, upper bound %v (%d): %v", run, opt, ub, when, err)
				}
				s := objective.Score{E: got.Errors, B: got.Branches}
				ended := err == nil
				if order.Less(s, optimum) || order.Less(optimum, got.Proven) || got.Optimal && !same(s, optimum) || ended && !got.Optimal && !same(got.Proven, ub) {
					t.Fatalf("run %d, %+v, upper bound %v (%d): a tree of %v, proven %v, optimal %v; the optimum %v", run, opt, ub, when, s, got.Proven, got.Optimal, optimum)
				}
				// Told late, a search of any size, which has one phase,
				// proves the error fewer only if it reads the bound as it
				// goes.
				if ub == lie && (when == atOnce || when == late && opt.AnySize) && same(got.Proven, ub) {
					read[when]++
				}
			}
		}
	}
	if read[atOnce] == 0 || read[late] == 0 {
		t.Errorf("an error fewer than the optimum proven on %d tables told at once, %d told late, of %d", read[atOnce], read[late], runs)
	}
}

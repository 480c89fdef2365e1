package encode

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/odtx/odtx/ginisat"
	"github.com/odtx/odtx/solver"
)

// TestLazyMatchesNew checks that features activated in any order, before or
// after the examples that need them, give the formula New writes with all
// of them: the same answer on random data, for every depth and leaf bound.
func TestLazyMatchesNew(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 60 {
		m, n, classes, depth := 1+r.IntN(7), 1+r.IntN(10), 2+r.IntN(2), 1+r.IntN(3)
		rows, labels := randomData(r, m, n, classes)
		maxLeaves := 1 + r.IntN(1<<depth)

		var full, lazy recorder
		e := New(&full, depth, m, classes)
		l := NewLazy(&lazy, depth, m, classes)
		order := r.Perm(m)
		for i := range rows {
			e.AddExample(rows[i], labels[i])
			l.AddExample(rows[i], labels[i])
			if k := r.IntN(len(order) + 1); k > 0 {
				l.Activate(order[:k]...)
				order = order[k:]
			}
			if r.IntN(2) == 0 {
				l.Assumptions(nil) // as a search would, solving on the way
			}
		}
		l.Activate(order...)
		for _, bound := range []int{0, maxLeaves} {
			want := solve(t, &full, e, bound)
			got := solve(t, &lazy, l, bound)
			if got != want {
				t.Fatalf("trial %d (depth %d, %d features, %d rows, leaf bound %d): lazy %v, New %v", trial, depth, m, n, bound, got, want)
			}
		}
	}
}

// randomData returns n rows of m random values, and a random label of each.
func randomData(r *rand.Rand, m, n, classes int) (rows [][]bool, labels []int) {
	rows = make([][]bool, n)
	labels = make([]int, n)
	for i := range rows {
		rows[i] = make([]bool, m)
		for f := range rows[i] {
			rows[i][f] = r.IntN(2) == 1
		}
		labels[i] = r.IntN(classes)
	}
	return rows, labels
}

// TestLazyWithoutFeatures checks that nodes cannot go without a test.
func TestLazyWithoutFeatures(t *testing.T) {
	var f recorder
	l := NewLazy(&f, 1, 2, 2)
	l.AddExample([]bool{false, true}, 0)
	l.AddExample([]bool{true, true}, 1)
	if got := solve(t, &f, l, 0); got != solver.Unsat {
		t.Fatalf("no active feature: %v, want unsatisfiable", got)
	}
	l.Activate(0)
	if got := solve(t, &f, l, 0); got != solver.Sat {
		t.Fatalf("feature 0 active: %v, want satisfiable", got)
	}
}

// solve answers the formula e wrote to rec, under e's assumptions, extra,
// and at most maxLeaves leaves unless that is 0, with a fresh solver (gini
// cannot be asked again after an unsatisfiable answer without assumptions)
// given rec's clauses.
func solve(t *testing.T, rec *recorder, e *Encoder, maxLeaves int, extra ...int) solver.Result {
	t.Helper()
	assumptions := append(e.Assumptions(nil), extra...)
	if maxLeaves > 0 {
		bound, err := e.AtMostLeaves(maxLeaves)
		if err != nil {
			t.Fatal(err)
		}
		assumptions = append(assumptions, bound)
	}
	s := ginisat.New()
	defer s.Close()
	for _, c := range rec.clauses {
		s.AddClause(c)
	}
	res, err := s.Solve(context.Background(), assumptions)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

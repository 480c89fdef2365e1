package process

import (
	"context"
	"testing"
	"time"

	"github.com/odtx/odtx/internal/testgen"
	"github.com/odtx/odtx/solver"
)

// installed returns a new Solver for the named solver, or skips t, naming the
// missing binary.
func installed(t testing.TB, name string) *Solver {
	t.Helper()
	cfg, err := Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(cfg)
	if err != nil {
		t.Skipf("skipping %s: %v", name, err)
	}
	return s
}

// forced adds the clauses x1 and x_{v+1} = ¬x_v, whose one model, x_v for
// odd v only, has enough variables that solvers spread it over several lines.
func forced(s solver.ClauseAdder, n int) {
	s.AddClause([]int{1})
	for v := 1; v < n; v++ {
		s.AddClause([]int{v, v + 1})
		s.AddClause([]int{-v, -v - 1})
	}
}

func TestSolvers(t *testing.T) {
	for _, name := range Names() {
		t.Run(name, func(t *testing.T) {
			tmp := t.TempDir()
			t.Setenv("TMPDIR", tmp)
			// A deadline, so that the solver's time-limit option is
			// passed, and tested, too.
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()

			s := installed(t, name)
			forced(s, 300)
			if r, err := s.Solve(ctx, nil); r != solver.Sat || err != nil {
				t.Fatalf("forced model: %v, %v; want SAT", r, err)
			}
			for v := 1; v <= 300; v++ {
				if s.Value(v) != (v%2 == 1) {
					t.Fatalf("x%d = %v in the forced model", v, s.Value(v))
				}
			}
			if r, err := s.Solve(ctx, []int{150}); r != solver.Unsat || err != nil {
				t.Errorf("under assumption x150: %v, %v; want UNSAT", r, err)
			}
			if r, err := s.Solve(ctx, []int{-150}); r != solver.Sat || err != nil {
				t.Errorf("after the assumption, under -x150: %v, %v; want SAT", r, err)
			}

			s = installed(t, name)
			testgen.Pigeonhole(s.AddClause, 4, 0)
			if r, err := s.Solve(ctx, nil); r != solver.Unsat || err != nil {
				t.Errorf("5 pigeons in 4 holes: %v, %v; want UNSAT", r, err)
			}
			checkClean(t, tmp)
		})
	}
}

func TestSolversTimeout(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping: a second per solver")
	}
	for _, name := range Names() {
		t.Run(name, func(t *testing.T) {
			s := installed(t, name)
			testgen.Pigeonhole(s.AddClause, 14, 0)
			solvePastDeadline(t, s)
		})
	}
}

func BenchmarkSolveMiniSat(b *testing.B) {
	s := installed(b, "minisat")
	forced(s, 20)
	ctx := context.Background()
	for b.Loop() {
		if r, err := s.Solve(ctx, nil); r != solver.Sat || err != nil {
			b.Fatalf("Solve = %v, %v", r, err)
		}
	}
}

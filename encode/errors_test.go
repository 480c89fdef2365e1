package encode

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/odtx/odtx/ginisat"
	"github.com/odtx/odtx/internal/testgen"
	"github.com/odtx/odtx/solver"
)

// TestErrorBound checks the error counter against a weighted sum: with
// every soft example's Y fixed by assumption, a bound holds exactly when
// the weights of the false ones add up to no more than it.
func TestErrorBound(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for n := range 6 {
		s := ginisat.New()
		e := New(s, 0, 1, 1) // one class, so that every Y may hold
		weights := make([]int, n)
		total := 0
		for i := range weights {
			weights[i] = 1 + r.IntN(3)
			total += weights[i]
			e.AddSoftExample([]bool{false}, []int{weights[i]})
		}
		bounds := make([]int, total+2)
		for b := total + 1; b >= 0; b-- { // the widest first
			lit, err := e.ErrorBound(b)
			if err != nil {
				t.Fatal(err)
			}
			bounds[b] = lit
		}
		if _, err := e.ErrorBound(total + 2); err == nil {
			t.Fatal("a bound above the counter's was allowed")
		}
		for correct := range 1 << n {
			errs := 0
			for i, w := range weights {
				if correct>>i&1 == 0 {
					errs += w
				}
			}
			for b, bound := range bounds {
				assumptions := []int{bound}
				for i := range n {
					y := e.labels[i][0].guard
					if correct>>i&1 == 0 {
						y = -y
					}
					assumptions = append(assumptions, y)
				}
				res, err := s.Solve(context.Background(), assumptions)
				if err != nil {
					t.Fatal(err)
				}
				if want := errs <= b; (res == solver.Sat) != want {
					t.Fatalf("weights %v, correct %b, at most %d errors: %v", weights, correct, b, res)
				}
			}
		}
		s.Close()
	}
}

// TestSoftExamples checks the soft encoding against the brute-force
// oracle on random tables with contradictory records: under a bound of the
// fewest errors a tree of the depth and node budget makes, the formula has
// a model whose tree makes no more, and under one error fewer it has none.
func TestSoftExamples(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for trial := range 150 {
		ds := testgen.Noisy(r, 1+r.IntN(4), 1+r.IntN(10), 2+r.IntN(2))
		for depth := range 3 {
			for _, nodes := range []int{0, 3, 5} {
				if nodes > 1<<(depth+1)-1 || depth == 0 && nodes > 0 {
					continue
				}
				best := testgen.MinErrors(ds, depth, nodes)
				s := ginisat.New()
				e := New(s, depth, len(ds.Features), len(ds.Classes))
				for _, ex := range ds.Examples {
					e.AddSoftExample(ds.Row(&ex), ex.Counts)
				}
				var assumptions []int
				if nodes > 0 {
					leaves, err := e.AtMostLeaves((nodes + 1) / 2)
					if err != nil {
						t.Fatal(err)
					}
					assumptions = append(assumptions, leaves)
				}
				for _, b := range []int{best, best - 1} {
					if b < 0 {
						break
					}
					bound, err := e.ErrorBound(b)
					if err != nil {
						t.Fatal(err)
					}
					res, err := s.Solve(context.Background(), append(assumptions, bound))
					if err != nil {
						t.Fatal(err)
					}
					if want := b == best; (res == solver.Sat) != want {
						t.Fatalf("trial %d, depth %d, at most %d nodes: %v with at most %d errors, brute force %d", trial, depth, nodes, res, b, best)
					}
					if res != solver.Sat {
						continue
					}
					root := e.Tree(s.Value)
					if root == nil {
						continue // no leaf has a class: every record is an error
					}
					errs := 0
					for _, ex := range ds.Examples {
						got := root.Classify(func(f int) bool { return ds.Holds(&ex, f) })
						for a, n := range ex.Counts {
							if a != got {
								errs += n
							}
						}
					}
					if errs > b || root.Depth() > depth || nodes > 0 && root.Nodes() > nodes {
						t.Fatalf("trial %d, depth %d, at most %d nodes, %d errors: the model's tree has depth %d, %d nodes, %d errors", trial, depth, nodes, b, root.Depth(), root.Nodes(), errs)
					}
				}
				s.Close()
			}
		}
	}
}

// TestDescribeSoft checks that Describe names the Y variables of soft
// examples by example and class, and the error counter's by node and
// count.
func TestDescribeSoft(t *testing.T) {
	e := New(&recorder{}, 1, 2, 3)
	e.AddExample([]bool{true, false}, 1)
	e.AddSoftExample([]bool{false, true}, []int{2, 0, 1})
	e.AddSoftExample([]bool{true, true}, []int{0, 4, 0})
	if _, err := e.ErrorBound(3); err != nil {
		t.Fatal(err)
	}
	want := map[int]Var{}
	for i := 1; i < 3; i++ {
		for _, l := range e.labels[i] {
			want[l.guard] = Var{Kind: KindY, Example: i, Class: l.class}
		}
	}
	for j, v := range e.errors {
		want[v] = Var{Kind: KindE, Node: 1, Count: j + 1}
	}
	if len(want) != 3+4 {
		t.Fatalf("%d Y and root E variables, want 7", len(want))
	}
	for v, w := range want {
		if got := e.Describe(v); got != w {
			t.Errorf("Describe(%d) = %+v, want %+v", v, got, w)
		}
	}
}

package minerr

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/odtx/odtx/internal/objtest"
	"github.com/odtx/odtx/objective"
)

// TestMutantDepth2 shows that the oracle comparison catches a wrong
// depth-two solver: the solver run on counts that miss one thing (a
// classic slip) must fail check on some random tables, where the same
// solver on the true counts passes on all of them.
func TestMutantDepth2(t *testing.T) {
	mutants := map[string]func(c *counter, m, classes int){
		"diagonal lost": func(c *counter, m, classes int) {
			for k := range classes {
				for i := range m {
					c.pair[(k*m+i)*m+i] = 0
				}
			}
		},
		"last class lost": func(c *counter, m, classes int) {
			k := classes - 1
			clear(c.pair[k*m*m : (k+1)*m*m])
		},
		"last feature's pairs lost": func(c *counter, m, classes int) {
			for k := range classes {
				for i := range m {
					c.pair[(k*m+i)*m+m-1] = 0
				}
			}
		},
	}
	for name, mutate := range mutants {
		t.Run(name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(3, 4))
			var check objtest.Mutants
			for range 200 {
				ds := randomTable(r)
				opt := objective.Options{MaxDepth: 2, MaxBranches: 1 + r.IntN(3)}
				x, err := pack(context.Background(), ds)
				if err != nil {
					t.Fatal(err)
				}
				if x.m == 0 {
					continue
				}
				s := newSearch(x, opt)
				all := make([]int32, x.n)
				cls := make([]int, x.classes)
				for i := range all {
					all[i] = int32(i)
					cls[x.class[i]] += int(x.weight[i])
				}
				result := func(mutate func(c *counter, m, classes int)) *objective.Result {
					c := newCounter(x)
					c.count(x, all)
					if mutate != nil {
						mutate(c, x.m, x.classes)
					}
					s.counters[0] = c
					c.diagonal(x.m)
					best := s.solve2(c, cls, 2)[opt.MaxBranches]
					res, _ := objective.Outcome(context.Background(), s.tree(best), best.S, best.S, s.order, s.stats)
					return res
				}
				check.Check(t, ds, opt, result(nil), result(mutate))
			}
			check.Done(t)
		})
	}
}

// TestMutantMinLeaf shows that the oracle comparison catches an engine
// that ignores the minimum leaf size.
func TestMutantMinLeaf(t *testing.T) {
	objtest.MinLeafIgnored(t, Solve, rand.New(rand.NewPCG(5, 6)), randomTable, 200)
}

// TestUpperBound: the engine searches only for trees that beat the bound
// it is told of, and proves that bound where none does.
func TestUpperBound(t *testing.T) {
	objtest.UpperBound(t, Solve, rand.New(rand.NewPCG(7, 8)), randomTable, objtest.Runs(1000, 100))
}

package ordered

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/objtest"
	"github.com/odtx/odtx/objective"
)

// TestMutants shows that the oracle comparison catches a wrong engine: the
// search run on packed data with a classic slip in it must fail check on
// some random tables, where the same search on the true data passes on all
// of them.
func TestMutants(t *testing.T) {
	mutants := map[string]func(x *data){
		// Each cut named by the test of the threshold before it.
		"thresholds off by one": func(x *data) {
			for j := range x.cols {
				f := x.cols[j].feature
				x.cols[j].feature = append([]int{f[0]}, f[:len(f)-1]...)
			}
		},
		// The items at the last position of a column counted one before.
		"last position merged": func(x *data) {
			for _, col := range x.cols {
				for i, p := range col.pos {
					if int(p) == len(col.feature) && p > 0 {
						col.pos[i] = p - 1
					}
				}
			}
		},
		// A record of the first item lost.
		"weight dropped": func(x *data) {
			if x.n > 0 && x.weight[0] > 1 {
				x.weight[0]--
				x.records--
			} else if x.n > 0 {
				x.class[0] = int32((int(x.class[0]) + 1) % x.classes)
			}
		},
	}
	for name, mutate := range mutants {
		t.Run(name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(3, 4))
			var check objtest.Mutants
			for range 200 {
				ds := load(t, randomCSV(r))
				opt := objtest.RandomOptions(r)
				result := func(mutate func(*data)) *objective.Result {
					x, err := pack(context.Background(), ds)
					if err != nil {
						t.Fatal(err)
					}
					if mutate != nil {
						mutate(x)
					}
					s := newSearch(x, opt)
					best, bound := s.run()
					res, _ := objective.Outcome(context.Background(), s.tree(best), best.S, bound, s.order, s.stats)
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
	objtest.MinLeafIgnored(t, Solve, rand.New(rand.NewPCG(5, 6)), func(r *rand.Rand) *dataset.Dataset {
		return load(t, randomCSV(r))
	}, 200)
}

// TestUpperBound: the engine searches only for trees that beat the bound
// it is told of, and proves that bound where none does.
func TestUpperBound(t *testing.T) {
	objtest.UpperBound(t, Solve, rand.New(rand.NewPCG(7, 8)), func(r *rand.Rand) *dataset.Dataset {
		return load(t, randomCSV(r))
	}, objtest.Runs(1000, 100))
}

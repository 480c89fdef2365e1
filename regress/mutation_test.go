package regress

import (
	"context"
	"math/rand/v2"
	"testing"
)

// TestMutants shows that the oracle catches a wrong engine: the search
// run on packed data with a classic slip in it fails the check on some
// random tables, where the true data passes on all (TestOracle).
func TestMutants(t *testing.T) {
	mutants := map[string]func(x *data){
		// Each cut named by the test of the threshold before it.
		"thresholds off by one": func(x *data) {
			for j := range x.cols {
				f := x.cols[j].Feature
				x.cols[j].Feature = append([]int{f[0]}, f[:len(f)-1]...)
			}
		},
		// The items at the last position of a column counted one before.
		"last position merged": func(x *data) {
			for _, col := range x.cols {
				for i, p := range col.Pos {
					if int(p) == len(col.Feature) && p > 0 {
						col.Pos[i] = p - 1
					}
				}
			}
		},
		// The records of an example that repeat it lost.
		"repeats dropped": func(x *data) {
			for i, st := range x.stat {
				if st.n > 1 {
					x.stat[i] = stat{1, st.s / st.n, u128{0, uint64(st.s/st.n) * uint64(st.s/st.n)}}
					x.own[i] = 0
				}
			}
		},
	}
	for name, mutate := range mutants {
		t.Run(name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(3, 4))
			caught := 0
			for i := range 200 {
				x := load(t, randomCSV(r))
				d := 1 + i%3
				p, err := pack(x.ds, x.ys)
				if err != nil {
					t.Fatal(err)
				}
				mutate(p)
				if x.check(run(context.Background(), p, Options{MaxDepth: d}), d) != "" {
					caught++
				}
			}
			if caught == 0 {
				t.Error("the oracle passes every table")
			}
			t.Logf("caught on %d tables of 200", caught)
		})
	}
}

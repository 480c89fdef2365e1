package regress

import (
	"context"
	"math/rand/v2"
	"testing"
)

// TestMutants shows that the oracle catches a wrong engine: the search
// run on packed data, or within options, with a classic slip in it fails
// the check on some random tables, where the true engine passes on all
// (TestOracle).
func TestMutants(t *testing.T) {
	type mutant struct {
		opt    func(r *rand.Rand, o *Options)
		mutate func(s *search)
		// pack, if set, packs a table with a weight column in place of
		// the true pack.
		pack func(x *table) (*data, error)
	}
	mutants := map[string]mutant{
		// Each cut named by the test of the threshold before it.
		"thresholds off by one": {mutate: func(s *search) {
			for j := range s.x.cols {
				f := s.x.cols[j].Feature
				s.x.cols[j].Feature = append([]int{f[0]}, f[:len(f)-1]...)
			}
		}},
		// The items at the last position of a column counted one before.
		"last position merged": {mutate: func(s *search) {
			for _, col := range s.x.cols {
				for i, p := range col.Pos {
					if int(p) == len(col.Feature) && p > 0 {
						col.Pos[i] = p - 1
					}
				}
			}
		}},
		// The records of an example that repeat it lost.
		"repeats dropped": {mutate: func(s *search) {
			x := s.x
			for i, st := range x.stat {
				if st.n > 1 {
					x.stat[i] = stat{1, st.s / st.n, u128{0, uint64(st.s/st.n) * uint64(st.s/st.n)}}
					x.own[i] = 0
				}
			}
		}},
		// The weight column read but not packed: every record counts 1.
		"weights ignored": {pack: func(x *table) (*data, error) {
			ds := *x.ds
			ds.Weights = nil
			return pack(&ds, x.ys)
		}},
		// The complexity cost per record, as classification counts it,
		// rather than per unit of the root's SSE.
		"cost per record": {
			opt:    func(r *rand.Rand, o *Options) { o.Cost = 0.1 },
			mutate: func(s *search) { s.pen = s.opt.Cost * float64(s.root.tot.n) },
		},
		// The fewest nodes left to the margin a split must gain.
		"nodes not minimized": {mutate: func(s *search) { s.pen -= s.eta }},
		// A budget of N branching nodes read as one of N leaves' more,
		// as max_leaf_nodes = N+1 slips into N+1.
		"a branching node over the budget": {
			opt:    func(r *rand.Rand, o *Options) { o.MaxBranches = 1 + r.IntN(2) },
			mutate: func(s *search) { s.budget++ },
		},
		// With a leaf size, the bounds that a subset gives a set kept:
		// a set's best tree may leave a subset's leaves too small.
		"subset bounds with a leaf size": {
			opt:    func(r *rand.Rand, o *Options) { o.MinLeaf = float64(2 + r.IntN(5)) },
			mutate: func(s *search) { s.mono = true },
		},
	}
	for name, m := range mutants {
		t.Run(name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(3, 4))
			caught := 0
			for i := range 200 {
				csv := randomCSV(r)
				if m.opt != nil && i%4 == 0 {
					csv = randomRows(r, 30+r.IntN(20), 12)
				}
				if m.pack != nil {
					csv = weighted(r, csv)
				}
				x := load(t, csv)
				o := Options{MaxDepth: 1 + i%3}
				if m.opt != nil {
					m.opt(r, &o)
				}
				p, err := pack(x.ds, x.ys)
				if m.pack != nil {
					p, err = m.pack(x)
				}
				if err != nil {
					t.Fatal(err)
				}
				s := newSearch(p, p.root(), o)
				if m.mutate != nil {
					m.mutate(s)
				}
				if x.check(s.run(context.Background()), o) != "" {
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

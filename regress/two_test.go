package regress

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/odtx/odtx/internal/objtest"
	"github.com/odtx/odtx/objective"
)

// everyCut returns the least SSE of the trees of depth two of v, trying
// at the root every cut of every column, each side split apart and given
// its best tree of depth one, and the leaf and the best tree of depth one
// of v itself, each branching node costing what the search charges.
func everyCut(s *search, v *set) float64 {
	best := s.solve(v, 1, math.Inf(1)).cost
	for a := range v.order {
		for _, u := range s.x.cuts(nil, v, a, false) {
			var f, t set
			s.x.split(v, a, u.pos, s.side, &f, &t)
			best = min(best, s.solve(&f, 1, math.Inf(1)).cost+s.solve(&t, 1, math.Inf(1)).cost+s.pen)
		}
	}
	return best
}

// depthTwoCase is a random table packed, a search of depth two of it and
// a subset of its items, the true side of a random cut. The search treats
// no set as the root, which it would search best first, without seeds.
func depthTwoCase(t *testing.T, r *rand.Rand) (s *search, all, sub *set) {
	x := load(t, randomRows(r, 10+r.IntN(60), 3+r.IntN(20)))
	p, err := pack(x.ds, x.ys)
	if err != nil {
		t.Fatal(err)
	}
	all = p.root()
	s = newSearch(p, all, Options{MaxDepth: 2})
	s.root = nil
	sub = all
	for range 10 {
		a := r.IntN(len(all.order))
		if cs := p.cuts(nil, all, a, false); len(cs) > 0 {
			sub = &set{}
			p.split(all, a, cs[r.IntN(len(cs))].pos, s.side, &set{}, sub)
			break
		}
	}
	return s, all, sub
}

// TestDepthTwo: the search of depth two, with its intervals, its bounds
// by column and seeds learnt by the search of a subset, finds the SSE
// that trying every cut finds, on random tables; and so does the search
// of the root, best first.
func TestDepthTwo(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	pruned, seeded := 0, 0
	for i := range objtest.Runs(400, 120) {
		s, all, sub := depthTwoCase(t, r)
		s.solve(sub, 2, math.Inf(1))
		learnt := slices.Clone(s.frames[2].learnt)
		seeded += len(learnt)
		want := everyCut(s, all)
		for _, c := range []struct {
			seeds []record
			root  *set
		}{{nil, nil}, {learnt, nil}, {nil, all}} {
			s.cache = objective.NewMemo[known](0)
			s.frames[2].seeds, s.root = c.seeds, c.root
			if got := s.solve(all, 2, math.Inf(1)).cost; math.Abs(got-want) > 8*s.margin {
				t.Fatalf("table %d, %d seeds, best first %v: SSE %v, trying every cut %v", i, len(c.seeds), c.root != nil, got, want)
			}
		}
		s.root = nil
		pruned += s.stats.Pruned
	}
	if pruned == 0 || seeded == 0 {
		t.Errorf("%d cuts pruned, %d seeds: the bounds went untested", pruned, seeded)
	}
}

// TestDepthTwoWrongSeeds shows that TestDepthTwo catches unsound bounds:
// the records of the search of a superset, which bound its cuts' sides
// from above rather than below, given as seeds to the search of a subset,
// miss its optimum on some tables.
func TestDepthTwoWrongSeeds(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	caught := 0
	for range objtest.Runs(400, 120) {
		s, all, sub := depthTwoCase(t, r)
		if sub == all {
			continue
		}
		s.solve(all, 2, math.Inf(1))
		s.frames[2].seeds = slices.Clone(s.frames[2].learnt)
		s.cache = objective.NewMemo[known](0)
		got := s.solve(sub, 2, math.Inf(1))
		if got == nil || math.Abs(got.cost-everyCut(s, sub)) > 8*s.margin {
			caught++
		}
	}
	if caught == 0 {
		t.Error("the seeds of a superset never changed the answer")
	}
	t.Logf("caught on %d tables", caught)
}

// TestSubsetCostsNoMore checks, in exact arithmetic, the fact that the
// bounds of the search rest on: no tree of a set of records costs less
// than the best tree of the same depth of a subset of them.
func TestSubsetCostsNoMore(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for i := range objtest.Runs(300, 100) {
		x := load(t, randomCSV(r))
		var all, sub []int
		for rec := range x.holds {
			all = append(all, rec)
			if r.IntN(3) > 0 {
				sub = append(sub, rec)
			}
		}
		d := i % 3
		if big, small := x.best(all, d, 0), x.best(sub, d, 0); small.Cmp(big) > 0 {
			t.Fatalf("table %d, depth %d: a subset's least SSE %v exceeds the set's %v\n%s", i, d, small, big, x.csv)
		}
	}
}

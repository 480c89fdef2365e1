package bruteforce

import (
	"math/rand/v2"
	"testing"
)

// naiveTallies returns the errors and branching nodes of each of trees,
// evaluated on the records of counts.
func naiveTallies(trees []*tree, rows [][]bool, counts [][]int) []tally {
	var all []tally
	for _, tr := range trees {
		e := 0
		for i, r := range rows {
			got := tr.classify(r)
			for a, w := range counts[i] {
				if a != got {
					e += w
				}
			}
		}
		all = append(all, tally{e, (tr.size() - 1) / 2})
	}
	return all
}

// naiveBest returns the best of the tallies of at most budget branching
// nodes: the least errors + cost·records·branches, then the fewest
// branches.
func naiveBest(all []tally, budget int, cost float64, counts [][]int) tally {
	records := 0
	for _, c := range counts {
		for _, w := range c {
			records += w
		}
	}
	value := func(t tally) float64 { return float64(t.e) + cost*float64(records)*float64(t.b) }
	best := tally{-1, 0}
	for _, t := range all {
		if t.b > budget {
			continue
		}
		if v, w := value(t), value(best); best.e < 0 || v < w || v == w && t.b < best.b {
			best = t
		}
	}
	return best
}

// randomCounts returns the records of n rows of k classes: one of a random
// class, and for each class, one time in p, 1 to more records more.
func randomCounts(rng *rand.Rand, n, k, p, more int) [][]int {
	counts := make([][]int, n)
	for i := range counts {
		counts[i] = make([]int, k)
		counts[i][rng.IntN(k)]++
		for a := range counts[i] {
			if rng.IntN(p) == 0 {
				counts[i][a] += 1 + rng.IntN(more)
			}
		}
	}
	return counts
}

// TestFewestErrorsMatchesNaiveEnumeration checks FewestErrors against
// every tree of the depth and branch budget, built and evaluated, on
// random rows whose records disagree, with budgets that bind and costs
// that trade errors for branches; the costs are exact in binary, so that
// the naive ranking sees the same ties.
func TestFewestErrorsMatchesNaiveEnumeration(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	bound, costly := 0, 0 // cases where a budget, or a cost, raised the errors
	for iter := range 300 {
		m, n, k := 1+rng.IntN(3), 1+rng.IntN(8), 2+rng.IntN(2)
		maxDepth := 2
		if iter%10 == 0 {
			m, k, maxDepth = 1+rng.IntN(2), 2, 3 // few enough trees of depth three
		}
		rows, _ := randomDataset(rng, m, n, []int{0})
		counts := randomCounts(rng, n, k, 4, 2)
		for depth := 0; depth <= maxDepth; depth++ {
			all := naiveTallies(allTrees(m, []int{0, 1, 2}[:k], depth), rows, counts)
			free, _ := FewestErrors(rows, counts, depth, 7, 0, 0)
			for _, budget := range []int{0, 1, 2, 3, 7} {
				for _, cost := range []float64{0, 1.0 / 64, 1.0 / 8, 1.0 / 4} {
					want := naiveBest(all, budget, cost, counts)
					e, b := FewestErrors(rows, counts, depth, budget, cost, 0)
					if e != want.e || b != want.b {
						t.Fatalf("rows=%v counts=%v depth %d, at most %d branches, cost %v: %d errors and %d branches, naive %d and %d",
							rows, counts, depth, budget, cost, e, b, want.e, want.b)
					}
					switch {
					case cost == 0 && e > free:
						bound++
					case cost > 0 && budget == 7 && e > free:
						costly++
					}
				}
			}
		}
	}
	if bound == 0 || costly == 0 {
		t.Errorf("a budget raised the errors %d times, a cost %d times; the cross-check is too weak", bound, costly)
	}
}

// smallestLeaf returns the fewest records that a leaf of tr holds, 0 for a
// leaf no row reaches. The trees of allTrees share subtrees, so leaves are
// told apart by their path, not their node.
func smallestLeaf(tr *tree, rows [][]bool, counts [][]int) int {
	var least func(t *tree, reach []int) int
	least = func(t *tree, reach []int) int {
		if t.leaf {
			n := 0
			for _, i := range reach {
				for _, w := range counts[i] {
					n += w
				}
			}
			return n
		}
		var lo, hi []int
		for _, i := range reach {
			if rows[i][t.feature] {
				hi = append(hi, i)
			} else {
				lo = append(lo, i)
			}
		}
		return min(least(t.lo, lo), least(t.hi, hi))
	}
	all := make([]int, len(rows))
	for i := range all {
		all[i] = i
	}
	return least(tr, all)
}

// TestFewestErrorsMinLeaf checks FewestErrors with a minimum leaf size
// against every tree of the depth and branch budget whose leaves all hold
// that many records, or that is a single leaf, on random rows whose
// records disagree; the tables are often smaller than two leaves.
func TestFewestErrorsMinLeaf(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	raised, single := 0, 0 // cases where the size raised the errors, and where it left a leaf
	for iter := range 300 {
		m, n, k := 1+rng.IntN(3), 1+rng.IntN(8), 2+rng.IntN(2)
		maxDepth := 2
		if iter%10 == 0 {
			m, k, maxDepth = 1+rng.IntN(2), 2, 3
		}
		rows, _ := randomDataset(rng, m, n, []int{0})
		counts := randomCounts(rng, n, k, 3, 3)
		for depth := 0; depth <= maxDepth; depth++ {
			trees := allTrees(m, []int{0, 1, 2}[:k], depth)
			all := naiveTallies(trees, rows, counts)
			for _, minLeaf := range []int{2, 3, 5, 8} {
				var allowed []tally
				for i, tr := range trees {
					if tr.leaf || smallestLeaf(tr, rows, counts) >= minLeaf {
						allowed = append(allowed, all[i])
					}
				}
				free, _ := FewestErrors(rows, counts, depth, 7, 0, 0)
				for _, budget := range []int{1, 2, 7} {
					for _, cost := range []float64{0, 1.0 / 8} {
						want := naiveBest(allowed, budget, cost, counts)
						e, b := FewestErrors(rows, counts, depth, budget, cost, minLeaf)
						if e != want.e || b != want.b {
							t.Fatalf("rows=%v counts=%v depth %d, at most %d branches, cost %v, leaves of %d records: %d errors and %d branches, naive %d and %d",
								rows, counts, depth, budget, cost, minLeaf, e, b, want.e, want.b)
						}
						switch {
						case cost == 0 && budget == 7 && e > free:
							raised++
						case depth > 0 && b == 0 && e > 0:
							single++
						}
					}
				}
			}
		}
	}
	if raised == 0 || single == 0 {
		t.Errorf("the leaf size raised the errors %d times and left a single leaf %d times; the cross-check is too weak", raised, single)
	}
}

// TestFewestErrorsUnevenBudget checks FewestErrors against naive
// enumeration at depth three on tables whose best trees give one side of
// the root three branching nodes and the other none: the parity of two
// features on one side of a third, one class on the other.
func TestFewestErrorsUnevenBudget(t *testing.T) {
	rows, trees := allRows(3), allTrees(3, []int{0, 1}, 3)
	for side := range 2 {
		counts := make([][]int, len(rows))
		for i, r := range rows {
			counts[i] = make([]int, 2)
			if r[0] == (side == 1) && r[1] != r[2] {
				counts[i][1] = 1
			} else {
				counts[i][0] = 1
			}
		}
		all := naiveTallies(trees, rows, counts)
		for _, budget := range []int{3, 4, 7} {
			for _, cost := range []float64{0, 1.0 / 16} {
				want := naiveBest(all, budget, cost, counts)
				if e, b := FewestErrors(rows, counts, 3, budget, cost, 0); e != want.e || b != want.b {
					t.Errorf("parity on side %d, at most %d branches, cost %v: %d errors and %d branches, naive %d and %d", side, budget, cost, e, b, want.e, want.b)
				}
			}
		}
		if e, b := FewestErrors(rows, counts, 3, 4, 0, 0); e != 0 || b != 4 {
			t.Errorf("parity on side %d: %d errors and %d branches, want 0 and 4", side, e, b)
		}
	}
}

// TestFewestErrorsPanicsOnMismatchedInput: counts that do not match the
// rows are the caller's bug, not an answer.
func TestFewestErrorsPanicsOnMismatchedInput(t *testing.T) {
	for name, c := range map[string]struct {
		rows   [][]bool
		counts [][]int
	}{
		"counts":  {[][]bool{{true}, {false}}, [][]int{{1, 0}}},
		"lengths": {[][]bool{{true}, {false, true}}, [][]int{{1, 0}, {0, 1}}},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			FewestErrors(c.rows, c.counts, 1, 1, 0, 0)
		}()
	}
}

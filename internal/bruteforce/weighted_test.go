package bruteforce

import (
	"math/rand/v2"
	"testing"
)

// TestMinCountErrorsMatchesNaiveEnumeration checks MinCountErrors against
// every tree of the depth and node budget, built and evaluated, on random
// rows whose records disagree and with node budgets that bind.
func TestMinCountErrorsMatchesNaiveEnumeration(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	bound := 0 // cases whose node budget raised the optimum
	for iter := 0; iter < 300; iter++ {
		m, n, k := 1+rng.IntN(3), 1+rng.IntN(8), 2+rng.IntN(2)
		rows, _ := randomDataset(rng, m, n, []int{0})
		counts := make([][]int, n)
		for i := range counts {
			counts[i] = make([]int, k)
			counts[i][rng.IntN(k)]++
			for a := range counts[i] {
				if rng.IntN(4) == 0 {
					counts[i][a] += 1 + rng.IntN(2)
				}
			}
		}
		classes := make([]int, k)
		for a := range classes {
			classes[a] = a
		}
		for depth := 0; depth <= 2; depth++ {
			trees := allTrees(m, classes, depth)
			for _, nodes := range []int{0, 1, 2, 3, 5, 7} {
				want := -1
				for _, tr := range trees {
					if nodes > 0 && tr.size() > nodes {
						continue
					}
					errs := 0
					for i, r := range rows {
						got := tr.classify(r)
						for a, c := range counts[i] {
							if a != got {
								errs += c
							}
						}
					}
					if want < 0 || errs < want {
						want = errs
					}
				}
				got := MinCountErrors(rows, counts, depth, nodes)
				if got != want {
					t.Fatalf("rows=%v counts=%v depth %d, at most %d nodes: %d errors, naive %d", rows, counts, depth, nodes, got, want)
				}
				if nodes > 0 && got > MinCountErrors(rows, counts, depth, 0) {
					bound++
				}
			}
		}
	}
	if bound == 0 {
		t.Error("no node budget ever bound; the cross-check is too weak")
	}
}

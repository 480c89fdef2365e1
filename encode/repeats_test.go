package encode

import (
	"math/rand/v2"
	"testing"
)

// TestNoRepeatsKeepsTrees checks that forbidding repeated tests loses no
// depth: on random data, with features activated a few at a time and the
// guard renewed as a search would, the formula is satisfiable under the
// guard exactly when it is without. Data with fewer features than the depth
// must get no guard, as some depths then need repeats.
func TestNoRepeatsKeepsTrees(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for trial := range 200 {
		m, n, classes, depth := 1+r.IntN(5), 1+r.IntN(10), 2+r.IntN(2), 1+r.IntN(3)
		rows, labels := randomData(r, m, n, classes)
		var f recorder
		e := NewLazy(&f, depth, m, classes)
		order := r.Perm(m)
		guard := 0
		for i := range rows {
			e.AddExample(rows[i], labels[i])
			if k := r.IntN(len(order) + 1); k > 0 {
				e.Activate(order[:k]...)
				order = order[k:]
			}
			guard = e.NoRepeats()
		}
		e.Activate(order...)
		if guard = e.NoRepeats(); (guard == 0) != (m < depth) {
			t.Fatalf("trial %d: guard %d with %d features at depth %d", trial, guard, m, depth)
		}
		if guard == 0 {
			continue
		}
		want := solve(t, &f, e, 0)
		if got := solve(t, &f, e, 0, guard); got != want {
			t.Fatalf("trial %d (depth %d, %d features, %d rows): %v without repeats, %v with", trial, depth, m, n, got, want)
		}
	}
}

package regress

import (
	"cmp"
	"math"
	"math/bits"
	"slices"
)

// clusterBound returns a bound below the SSE of every tree of at most k
// leaves of the items of x: the least SSE of k groups of items, whatever
// the tests, which is reached by groups of consecutive items in the order
// of their means (the items' own records never part, as no test tells
// them apart). It finds it by dynamic programming over that order,
// divide and conquer on the position of each group's first item, which
// moves right as the group's last does: k·n·log n steps for n items. It
// returns the SSE of the items' own records where that would take more
// than work steps.
func (x *data) clusterBound(k int, work float64) float64 {
	n := len(x.stat)
	own := 0.0
	var tot stat
	for i, o := range x.own {
		own += o
		tot = tot.add(x.stat[i])
	}
	switch {
	case k <= 1:
		return tot.sse()
	case k >= n || float64(k)*float64(n)*math.Log2(float64(n)+1) > work:
		return own
	}
	items := make([]stat, n)
	copy(items, x.stat)
	// By mean, s/n, compared exactly: s·n' against s'·n fits 128 bits.
	slices.SortFunc(items, func(a, b stat) int { return cmpMeans(a, b) })
	pre := make([]stat, n+1)
	for i, st := range items {
		pre[i+1] = pre[i].add(st)
	}
	cost := func(i, j int) float64 { return pre[j].sub(pre[i]).sse() } // items i to j-1
	prev := make([]float64, n+1)
	next := make([]float64, n+1)
	for j := 1; j <= n; j++ {
		prev[j] = cost(0, j)
	}
	// next[j] is the least SSE of g groups of the first j items, from
	// prev, that of g-1 groups: the last group starts at i in [lo, hi].
	var fill func(jlo, jhi, lo, hi int)
	fill = func(jlo, jhi, lo, hi int) {
		if jlo > jhi {
			return
		}
		j := (jlo + jhi) / 2
		best, at := math.Inf(1), lo
		for i := lo; i <= min(hi, j-1); i++ {
			if c := prev[i] + cost(i, j); c < best {
				best, at = c, i
			}
		}
		next[j] = best
		fill(jlo, j-1, lo, at)
		fill(j+1, jhi, at, hi)
	}
	for g := 2; g <= k; g++ {
		fill(g, n, g-1, n-1)
		prev, next = next, prev
	}
	return max(own, prev[n])
}

// cmpMeans compares the means of a and b, each of at least one record:
// a.s/a.n against b.s/b.n, as a.s·b.n against b.s·a.n in 128 bits.
func cmpMeans(a, b stat) int {
	ah, al := times(a.s, b.n)
	bh, bl := times(b.s, a.n)
	return cmp.Or(cmp.Compare(ah, bh), cmp.Compare(al, bl))
}

// times returns s·n, n positive, as the high and low halves of a signed
// 128-bit integer.
func times(s, n int64) (int64, uint64) {
	u := uint64(s)
	if s < 0 {
		u = uint64(-s)
	}
	hi, lo := bits.Mul64(u, uint64(n))
	if s < 0 {
		lo, hi = -lo, ^hi
		if lo == 0 {
			hi++
		}
	}
	return int64(hi), lo
}

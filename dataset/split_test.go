package dataset

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// significant returns the significant digits of v's shortest form and
// the power of ten of the last of them.
func significant(v float64) (digits, last int) {
	s := strconv.FormatFloat(math.Abs(v), 'e', -1, 64)
	e := strings.IndexByte(s, 'e')
	exp, err := strconv.Atoi(s[e+1:])
	if err != nil {
		panic(err)
	}
	digits = len(strings.Replace(s[:e], ".", "", 1))
	return digits, exp - digits + 1
}

// shorter reports whether a reads better than b: fewer significant
// digits, or as many and rounder.
func shorter(a, b float64) bool {
	da, la := significant(a)
	db, lb := significant(b)
	return da < db || da == db && la > lb
}

// TestSplitPoint: the threshold between two adjacent values is the
// shortest number in [lo, hi), the roundest and then the nearest lo among
// the shortest, on values
// chosen to trip it: where lo is already shortest, where rounding carries
// into a new digit, negatives, the two sides of zero, neighbouring
// float64s, and exponents at either end of the range.
func TestSplitPoint(t *testing.T) {
	tiny := math.SmallestNonzeroFloat64
	for _, c := range []struct{ lo, hi, want float64 }{
		{0.18040001804000003, 0.1805, 0.18041},
		{0.18040001804000003, 0.19, 0.181},
		{0.18040001804000003, 0.9, 0.2},
		{5.1, 5.4, 5.1},   // lo is shortest
		{0.25, 0.3, 0.25}, // 0.3 is hi itself: the split must exclude it
		{0.25, 0.30000000000000004, 0.3},
		{9.5, 10.5, 10},
		{99, 101, 100},
		{99.9, 1000, 100},
		{123, 124, 123},
		{123456, 200000, 130000},
		{1, math.Nextafter(1, 2), 1},
		{math.Nextafter(1, 0), 1, math.Nextafter(1, 0)},
		{math.Nextafter(1, 0), 1.5, 1},
		{-1.5, -1.2, -1.5},
		{-1.55, -1.2, -1.5},
		{-1.55, -1.5, -1.55},
		{-0.95, -0.5, -0.9},
		{0.8188, 1.0429, 1}, // 0.9 is as short, 1 rounder
		{0.0021, 0.2865, 0.1},
		{0.0021, 0.1, 0.01},
		{0.0021, 0.05, 0.01},
		{0.0021, 0.009, 0.003},
		{3, 1e300, 1e299},
		{-1.25, -0.5, -1},
		{-12.25, -3, -10},
		{-3, 2, 0},
		{-3, 0, -3}, // 0 is hi, not below it
		{-2.5, 0, -2},
		{math.Copysign(0, -1), 1, math.Copysign(0, -1)},
		{0, 1, 0},
		{1.2345e300, 1.3e300, 1.24e300},
		{1e308, math.MaxFloat64, 1e308},
		{1.5e308, math.MaxFloat64, 1.5e308}, // 2e308 overflows
		{-math.MaxFloat64, -1e308, -1e308 * 1.7},
		{1.2345e-300, 1.3e-300, 1.24e-300},
		{tiny, 2 * tiny, tiny},
		{3 * tiny, 4 * tiny, 3 * tiny}, // 2e-323 rounds to 4·tiny, hi itself
		{3 * tiny, 5 * tiny, 2e-323},
		{1.5e-320, 2.5e-320, 2e-320},
		{-2.5e-320, -1.5e-320, -2e-320},
	} {
		got := splitPoint(c.lo, c.hi)
		if got != c.want || math.Signbit(got) != math.Signbit(c.want) {
			t.Errorf("splitPoint(%v, %v) = %v, want %v", c.lo, c.hi, got, c.want)
		}
	}
}

// TestSplitPointRandom: on random pairs of float64s, near or far apart,
// the threshold splits them as lo does, and is no longer than lo; and on
// pairs of numbers of four decimals, it is what a search of every such
// number between them finds: the shortest, the roundest of those, and
// then the first.
func TestSplitPointRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		lo := math.Float64frombits(r.Uint64())
		hi := math.Float64frombits(r.Uint64())
		if r.IntN(2) == 0 {
			hi = math.Nextafter(lo, math.Inf(1))
			for range r.IntN(1000) {
				hi = math.Nextafter(hi, math.Inf(1))
			}
		}
		if lo > hi {
			lo, hi = hi, lo
		}
		if !(lo < hi) || math.IsInf(lo, 0) || math.IsInf(hi, 0) {
			continue
		}
		if got := splitPoint(lo, hi); !(lo <= got && got < hi) || shorter(lo, got) {
			t.Fatalf("splitPoint(%v, %v) = %v", lo, hi, got)
		}
	}
	const scale = 1e4
	for range 20000 {
		a := r.IntN(400000) - 200000
		b := a + 1 + r.IntN(300)
		lo, hi := float64(a)/scale, float64(b)/scale
		want := lo
		for k := a + 1; k < b; k++ {
			if v := float64(k) / scale; shorter(v, want) {
				want = v
			}
		}
		if got := splitPoint(lo, hi); got != want {
			t.Fatalf("splitPoint(%v, %v) = %v, want %v", lo, hi, got, want)
		}
	}
}

package regress

import "math/bits"

// u128 is an unsigned 128-bit integer.
type u128 struct{ hi, lo uint64 }

func (a u128) add(b u128) u128 {
	lo, c := bits.Add64(a.lo, b.lo, 0)
	hi, _ := bits.Add64(a.hi, b.hi, c)
	return u128{hi, lo}
}

func (a u128) sub(b u128) u128 {
	lo, c := bits.Sub64(a.lo, b.lo, 0)
	hi, _ := bits.Sub64(a.hi, b.hi, c)
	return u128{hi, lo}
}

// times returns a·m; the product must fit.
func (a u128) times(m uint64) u128 {
	hi, lo := bits.Mul64(a.lo, m)
	return u128{hi + a.hi*m, lo}
}

func (a u128) float() float64 { return float64(a.hi)*(1<<64) + float64(a.lo) }

// stat sums the integer targets of a set of records, each counted as its
// integer weight (1 unweighed): their weight, the weighted sum and the
// weighted sum of their squares, all exact. Targets are at most limit in
// magnitude and the weight of all records at most 2^31, so that
// |s| < 2^62, q < 2^93 and n·q < 2^124.
type stat struct {
	n, s int64
	q    u128
}

func (a stat) add(b stat) stat { return stat{a.n + b.n, a.s + b.s, a.q.add(b.q)} }
func (a stat) sub(b stat) stat { return stat{a.n - b.n, a.s - b.s, a.q.sub(b.q)} }

// sse returns the sum of squared errors of the records about their mean,
// n·q - s² over n: the numerator exact, so that only its conversion and
// the division round, each by half a unit in the last place.
func (a stat) sse() float64 {
	if a.n == 0 {
		return 0
	}
	abs := uint64(a.s)
	if a.s < 0 {
		abs = uint64(-a.s)
	}
	hi, lo := bits.Mul64(abs, abs)
	return a.q.times(uint64(a.n)).sub(u128{hi, lo}).float() / float64(a.n)
}

// one returns the stat of one record of target v and weight w.
func one(v, w int64) stat {
	abs := uint64(v)
	if v < 0 {
		abs = uint64(-v)
	}
	hi, lo := bits.Mul64(abs, abs)
	return stat{w, w * v, u128{hi, lo}.times(uint64(w))}
}

// centre returns the integer c nearest the mean of a's records and their
// sum of squares about it, Σ(v-c)² = SSE + (s-nc)²/n, which exceeds their
// SSE by at most n/4. A sweep scores a cut by the sums about c (see
// stump), whose rounding is then relative to that, not to Σv².
func (a stat) centre() (c int64, q float64) {
	if a.n == 0 {
		return 0, 0
	}
	c = a.s / a.n
	switch r := a.s - c*a.n; {
	case 2*r > a.n:
		c++
	case 2*r < -a.n:
		c--
	}
	r := float64(a.s - c*a.n)
	return c, a.sse() + r*r/float64(a.n)
}

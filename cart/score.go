package cart

import "math/bits"

// split is a candidate split of a node: the feature, and the records on
// each side with the sum of the squares of their class counts.
//
// A split's weighted Gini impurity is n − Σ_sides Σ_k c_k²/n_side, so the
// best split maximises sq(true)/n(true) + sq(false)/n(false) =
// (nF·sqT + nT·sqF) / (nT·nF), which split compares as fractions of
// integers: exactly, so that two splits tie only when they are equally
// good, not when rounding says so. For records below 2^32 the numerator
// fits 96 bits and the denominator 64, and their cross products 160.
type split struct {
	feature int // -1 for none
	hi, lo  uint64
	den     uint64  // nT·nF
	approx  float64 // the fraction, as close as a float64 comes
}

// none is no split: any split beats it.
var none = split{feature: -1}

// margin bounds the relative error of split.approx, a few roundings of
// 2^-53 each, with room to spare: only between splits whose approximations
// are this close does the exact comparison decide.
const margin = 1e-12

// offer makes b the split by feature f, with the given sums of squares
// and records on the side where it holds and the other, if that is better;
// on a tie b stays.
func (b *split) offer(f int, sqT, nT, sqF, nF uint64) {
	approx := float64(sqT)/float64(nT) + float64(sqF)/float64(nF)
	if b.feature >= 0 && approx < b.approx*(1-margin) {
		return
	}
	s := split{feature: f, approx: approx}
	s.hi, s.lo, s.den = score(sqT, nT, sqF, nF)
	if approx > b.approx*(1+margin) || s.beats(*b) {
		*b = s
	}
}

// score returns the numerator (high and low word) and denominator of the
// fraction split maximises.
func score(sqT, nT, sqF, nF uint64) (hi, lo, den uint64) {
	h1, l1 := bits.Mul64(nF, sqT)
	h2, l2 := bits.Mul64(nT, sqF)
	lo, carry := bits.Add64(l1, l2, 0)
	hi = h1 + h2 + carry
	return hi, lo, nT * nF
}

// beats reports whether s is a split and a better one than b.
func (s split) beats(b split) bool {
	if s.feature < 0 {
		return false
	}
	return b.feature < 0 || cmp3(mul(s.hi, s.lo, b.den), mul(b.hi, b.lo, s.den)) > 0
}

// mul returns the 192-bit product of the 128-bit (hi, lo) and m, most
// significant word first.
func mul(hi, lo, m uint64) [3]uint64 {
	p1, p0 := bits.Mul64(lo, m)
	q1, q0 := bits.Mul64(hi, m)
	mid, carry := bits.Add64(q0, p1, 0)
	return [3]uint64{q1 + carry, mid, p0}
}

func cmp3(a, b [3]uint64) int {
	for i := range a {
		if a[i] != b[i] {
			if a[i] > b[i] {
				return 1
			}
			return -1
		}
	}
	return 0
}

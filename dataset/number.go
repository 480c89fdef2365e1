package dataset

import (
	"math"
	"math/bits"
	"strconv"
)

// number parses s as a float64, as strconv.ParseFloat does. NaN is refused
// because thresholds need values that are ordered: Binarize reports it
// among a column's numbers, and Holds as a value to test.
func number(s string) (float64, bool) {
	if v, ok := decimal(s); ok {
		return v, true
	}
	v, err := strconv.ParseFloat(s, 64)
	return v, err == nil && !math.IsNaN(v)
}

// decimal parses s if it is a plain decimal number, such as "-0.25" or
// "3e5", whose digits make an integer m of at most 19 significant digits,
// and rounds m·10^e, e the exponent after the point is moved, as strconv
// does. Where m has at most 53 bits and e is at most 22 in size, both are
// exact as float64s and one multiplication or division rounds correctly;
// longer m, as numbers written to 16 or 17 digits have, go to scaled. It
// reports false for any other string, and where scaled cannot decide,
// which strconv then parses, at some more cost: numbers are most of what a
// large file holds, and most are of this kind.
func decimal(s string) (float64, bool) {
	i := 0
	neg := false
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	// m takes the digits before and after the point, of which n are
	// significant.
	m, n, j := digits(s, i, 0, 0)
	seen := j > i
	exp := 0 // m's power of ten
	if i = j; i < len(s) && s[i] == '.' {
		m, n, j = digits(s, i+1, m, n)
		seen = seen || j > i+1
		exp, i = i+1-j, j
	}
	if !seen || n > 19 {
		return 0, false // no digit, or m might not fit in 64 bits
	}
	if i < len(s) {
		if s[i] != 'e' && s[i] != 'E' {
			return 0, false
		}
		i++
		eneg := false
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			eneg = s[i] == '-'
			i++
		}
		if i == len(s) {
			return 0, false
		}
		e := 0
		for ; i < len(s); i++ {
			c := s[i]
			if c < '0' || c > '9' || e > 1000 {
				return 0, false
			}
			e = e*10 + int(c-'0')
		}
		if eneg {
			e = -e
		}
		exp += e
	}
	var v float64
	switch {
	case m <= 1<<53 && exp >= -22 && exp <= 22:
		v = float64(m)
		if exp > 0 {
			v *= pow10[exp]
		} else if exp < 0 {
			v /= pow10[-exp]
		}
	default:
		var ok bool
		if v, ok = scaled(m, exp); !ok {
			return 0, false
		}
	}
	if neg {
		v = -v
	}
	return v, true
}

// scaled returns m·10^e rounded to the nearest float64, ties to even, for
// an m of more than 53 bits, such as most numbers of 16 or 17 digits, where
// float64 arithmetic would round twice. It reports false where m is 0, e
// is past the range of powers, or a product's low bits leave the rounding
// in doubt, which strconv then settles.
//
// 10^e is T·2^E for a 128-bit T with its top bit set (see power); the
// 192-bit product of m, shifted to its own top bit, and T then holds the
// result's 53 bits and the rest, which rounds them. Where T is 10^e
// rounded down, the exact product is larger by less than 2^64, which can
// change the rounding only where the rest is less than 2^64 below a half.
func scaled(m uint64, e int) (float64, bool) {
	if m == 0 || e < -maxPow || e > maxPow {
		return 0, false
	}
	p := &powers[e+maxPow]
	lz := bits.LeadingZeros64(m)
	m <<= lz
	a1, a0 := bits.Mul64(m, p.hi)
	b1, b0 := bits.Mul64(m, p.lo)
	x1, carry := bits.Add64(a0, b1, 0)
	x2 := a1 + carry // the top 64 bits, the first of them 0 or 1
	shift := 10 + int(x2>>63)
	mant := x2 >> shift
	half := uint64(1) << (shift - 1)
	below := x2 & (half - 1) // bits after the one that rounds
	switch {
	case x2&half == 0:
		if !p.exact && below == half-1 && x1 == math.MaxUint64 && b0 != 0 {
			return 0, false
		}
	case p.exact && below == 0 && x1 == 0 && b0 == 0:
		mant += mant & 1 // a tie
	default:
		mant++
	}
	// The table's range keeps every product a normal float64.
	exp := 1023 + 52 + 128 + shift + int(p.exp) - lz
	if mant == 1<<53 {
		mant >>= 1
		exp++
	}
	return math.Float64frombits(uint64(exp)<<52 | mant&(1<<52-1)), true
}

// maxPow is the largest power of ten, in size, that scaled takes: 5^27 is
// the largest power of five of 64 bits, from which power makes T.
const maxPow = 27

// power is 10^e as T·2^exp, T = hi·2^64 + lo with its top bit set: exact
// for e >= 0, and rounded down, T being less than 10^e·2^-exp by less than
// 1, for e < 0.
type power struct {
	hi, lo uint64
	exp    int32
	exact  bool
}

// powers holds 10^e for e from -maxPow to maxPow.
var powers = func() (p [2*maxPow + 1]power) {
	five := uint64(1)
	for n := 0; n <= maxPow; n++ {
		s := bits.Len64(five) - 1 // 2^s <= 5^n < 2^(s+1)
		// 10^n = 5^n·2^n, with 5^n shifted to the top of 128 bits.
		p[maxPow+n] = power{hi: five << (63 - s), exp: int32(n + s - 127), exact: true}
		if n > 0 {
			// 10^-n = 2^(s+128)/5^n · 2^-(s+128+n), the quotient of 128
			// bits since 2^s < 5^n, in two divisions of 64.
			hi, r := bits.Div64(1<<s, 0, five)
			lo, _ := bits.Div64(r, 0, five)
			p[maxPow-n] = power{hi: hi, lo: lo, exp: int32(-s - 128 - n)}
		}
		five *= 5
	}
	return p
}()

// digits appends the digits of s from i on to m, of which n are
// significant, and returns m, n and where the digits end. Past 19
// significant digits m may have overflowed, even to 0: a digit counts from
// the first that is not 0, not from when m is not.
func digits(s string, i int, m uint64, n int) (uint64, int, int) {
	if n == 0 {
		for i < len(s) && s[i] == '0' {
			i++ // 0 before the first significant digit leaves m 0
		}
	}
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		m = m*10 + uint64(s[i]-'0')
		n++
	}
	return m, n, i
}

// pow10 holds the powers of ten that a float64 holds exactly.
var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

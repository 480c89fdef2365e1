package dataset

import (
	"math"
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
// "3e5", whose digits make an integer m of at most 53 bits and whose
// exponent e, after the point is moved, is at most 22 in size: both are
// then exact as float64s, and one multiplication or division rounds
// m·10^e correctly, as strconv does. It reports false for any other
// string, which strconv then parses, at some more cost: numbers are most
// of what a large file holds, and most are of this kind.
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
	if m > 1<<53 || exp > 22 || exp < -22 {
		return 0, false
	}
	v := float64(m)
	if exp > 0 {
		v *= pow10[exp]
	} else if exp < 0 {
		v /= pow10[-exp]
	}
	if neg {
		v = -v
	}
	return v, true
}

// digits appends the digits of s from i on to m, of which n are
// significant, and returns m, n and where the digits end. Past 19
// significant digits m may have overflowed, even to 0: a digit counts from
// the first that is not 0, not from when m is not.
func digits(s string, i int, m uint64, n int) (uint64, int, int) {
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		m = m*10 + uint64(s[i]-'0')
		if n > 0 || s[i] != '0' {
			n++
		}
	}
	return m, n, i
}

// pow10 holds the powers of ten that a float64 holds exactly.
var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

package regress

import (
	"math"
	"strconv"
)

// limit is the most an integer target may differ from the offset: with
// at most 2^31 records, sums of targets fit an int64 and sums of squares,
// times a count, 128 bits (see stat).
const limit = 1 << 31

// scaling maps targets to integers: y ≈ Offset + Unit·v.
type scaling struct {
	Offset, Unit float64
	// Exact: y = Offset + Unit·v holds exactly in decimal for every target
	// as it prints (strconv's shortest form); else v rounds (y-Offset)/Unit,
	// off by at most Unit/2.
	Exact bool
}

// scale returns the integers of ys and how they were made: exactly, as
// decimals scaled by a power of ten and shifted by an integer, where the
// targets are decimals of few enough digits that those fit limit; else
// rounded to 2^31 steps across the range of the targets.
func scale(ys []float64) ([]int64, scaling) {
	if v, sc, ok := decimals(ys); ok {
		return v, sc
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, y := range ys {
		lo, hi = min(lo, y), max(hi, y)
	}
	sc := scaling{Offset: lo/2 + hi/2, Unit: (hi/2 - lo/2) / (limit / 2)}
	v := make([]int64, len(ys))
	for i, y := range ys {
		v[i] = int64(math.Round((y - sc.Offset) / sc.Unit))
	}
	return v, sc
}

// decimals returns ys as integers in units of 10^-k, for the fewest
// decimal places k that all of them need, shifted by the integer between
// the least and the largest, if every one then fits limit.
func decimals(ys []float64) ([]int64, scaling, bool) {
	type dec struct {
		digits string // significant digits
		places int    // decimal places: the value is digits·10^-places
		neg    bool
	}
	ds := make([]dec, len(ys))
	k := 0
	for i, y := range ys {
		s := strconv.FormatFloat(math.Abs(y), 'e', -1, 64) // d.ddde±x
		e := 0
		for j := range len(s) {
			if s[j] == 'e' {
				e, _ = strconv.Atoi(s[j+1:])
				s = s[:j]
				break
			}
		}
		digits := s[:1]
		if len(s) > 2 {
			digits += s[2:]
		}
		ds[i] = dec{digits: digits, places: len(digits) - 1 - e, neg: y < 0}
		k = max(k, ds[i].places)
	}
	v := make([]int64, len(ys))
	lo, hi := int64(math.MaxInt64), int64(math.MinInt64)
	for i, d := range ds {
		zeros := k - d.places
		if len(d.digits)+zeros > 18 {
			return nil, scaling{}, false
		}
		n, err := strconv.ParseInt(d.digits, 10, 64)
		if err != nil {
			return nil, scaling{}, false
		}
		for range zeros {
			n *= 10
		}
		if d.neg {
			n = -n
		}
		v[i] = n
		lo, hi = min(lo, n), max(hi, n)
	}
	if len(v) == 0 {
		return v, scaling{Unit: 1, Exact: true}, true
	}
	off := lo/2 + hi/2
	if hi-off > limit || off-lo > limit {
		return nil, scaling{}, false
	}
	for i := range v {
		v[i] -= off
	}
	unit := math.Pow(10, -float64(k))
	return v, scaling{Offset: float64(off) * unit, Unit: unit, Exact: true}, true
}

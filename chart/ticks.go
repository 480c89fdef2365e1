package chart

import (
	"math"
	"strconv"
)

// A tick marks value on an axis. A minor tick has no label and no grid line.
type tick struct {
	value float64
	label string
}

// An axis maps data values onto a fraction of its length.
type axis struct {
	lo, hi float64 // the range shown, in log10 units on a log axis
	log    bool
	ticks  []tick
}

// frac is where v lies on a, from 0 at lo to 1 at hi.
func (a *axis) frac(v float64) float64 {
	if a.log {
		v = math.Log10(v)
	}
	return (v - a.lo) / (a.hi - a.lo)
}

// linearAxis returns an axis that shows from to to, widened to the ticks
// either side, which lie at a step of 1, 2 or 5 times a power of ten, three
// to eight of them, so that the axis starts and ends on a labelled value.
// With no values (from > to) it shows 0 to 1; a single value is put in the
// middle of a range half its size either side.
func linearAxis(from, to float64) *axis {
	switch {
	case from > to:
		from, to = 0, 1
	case from == to && from == 0:
		from, to = -1, 1
	case from == to:
		pad := math.Abs(from) / 2
		from, to = from-pad, to+pad
	}
	step, exp := niceStep((to - from) / 4)
	// Tolerate rounding in the divisions, which would otherwise add a
	// step at either end when from or to is a multiple of step.
	const eps = 1e-9
	first, last := math.Floor(from/step+eps), math.Ceil(to/step-eps)
	a := &axis{lo: first * step, hi: last * step}
	for k := first; k <= last; k++ {
		v := k * step
		a.ticks = append(a.ticks, tick{v, strconv.FormatFloat(v, 'f', max(0, -exp), 64)})
	}
	return a
}

// niceStep rounds x > 0 to the nearest of 1, 2 or 5 times a power of ten,
// 10^exp, returned with exp so that labels can show as many decimals as
// the step needs and no more.
func niceStep(x float64) (step float64, exp int) {
	exp = int(math.Floor(math.Log10(x)))
	var m float64
	switch f := x / math.Pow10(exp); {
	case f < 1.5:
		m = 1
	case f < 3:
		m = 2
	case f < 7:
		m = 5
	default:
		m, exp = 1, exp+1
	}
	return m * math.Pow10(exp), exp
}

// maxDecades is how many decades a log axis labels at most, so that the
// labels do not overlap: a wider range labels every second decade, or
// third, and so on.
const maxDecades = 10

// logAxis returns a log axis that shows the decades from below from to
// above to, both > 0. Each decade has a tick labelled with its power of ten
// ("0.01", "1", "100"), and, when every decade is labelled, minor ticks at 2
// to 9 times it, which let a reader place a value between decades. With no
// values (from > to) it shows 1 to 10; a single value that is a power of
// ten gets a decade either side.
func logAxis(from, to float64) *axis {
	lo, hi := 0, 1
	if from <= to {
		lo, hi = int(math.Floor(math.Log10(from))), int(math.Ceil(math.Log10(to)))
		if lo == hi {
			lo, hi = lo-1, hi+1
		}
	}
	a := &axis{lo: float64(lo), hi: float64(hi), log: true}
	stride := (hi - lo + maxDecades - 1) / maxDecades
	for d := lo; d <= hi; d++ {
		t := tick{value: math.Pow10(d)}
		if (d-lo)%stride == 0 {
			t.label = strconv.FormatFloat(t.value, 'g', -1, 64)
		}
		a.ticks = append(a.ticks, t)
		for m := 2; stride == 1 && d < hi && m <= 9; m++ {
			a.ticks = append(a.ticks, tick{value: float64(m) * t.value})
		}
	}
	return a
}

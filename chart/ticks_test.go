package chart

import (
	"math"
	"slices"
	"testing"
)

// labels returns the labels of a's labelled ticks, and how many ticks are
// minor.
func labels(a *axis) (labels []string, minor int) {
	for _, t := range a.ticks {
		if t.label == "" {
			minor++
		} else {
			labels = append(labels, t.label)
		}
	}
	return labels, minor
}

// checkEnds fails unless axis a, of the test case named name, starts at its
// first tick and ends at its last, but for rounding.
func checkEnds(t *testing.T, name string, a *axis) {
	t.Helper()
	first, last := a.ticks[0].value, a.ticks[len(a.ticks)-1].value
	if math.Abs(a.frac(first)) > 1e-9 || math.Abs(a.frac(last)-1) > 1e-9 {
		t.Errorf("%s: ticks %v to %v lie at %v to %v of the axis, want 0 to 1", name, first, last, a.frac(first), a.frac(last))
	}
}

func TestLinearAxis(t *testing.T) {
	for _, tc := range []struct {
		name     string
		from, to float64
		want     []string
	}{
		{"depths", 2, 6, []string{"2", "3", "4", "5", "6"}},
		{"rows", 100, 10000, []string{"0", "2000", "4000", "6000", "8000", "10000"}},
		{"seconds", 0.1, 3, []string{"0", "1", "2", "3"}},
		{"hundredths", 0.013, 0.047, []string{"0.01", "0.02", "0.03", "0.04", "0.05"}},
		{"through zero", -3, 7, []string{"-4", "-2", "0", "2", "4", "6", "8"}},
		{"no points", math.Inf(1), math.Inf(-1), []string{"0.0", "0.2", "0.4", "0.6", "0.8", "1.0"}},
		{"single zero", 0, 0, []string{"-1.0", "-0.5", "0.0", "0.5", "1.0"}},
		{"single value", 3, 3, []string{"1", "2", "3", "4", "5"}},
	} {
		a := linearAxis(tc.from, tc.to)
		got, minor := labels(a)
		if !slices.Equal(got, tc.want) || minor != 0 {
			t.Errorf("%s: linearAxis(%v, %v) labels %q and %d minor ticks, want %q and none", tc.name, tc.from, tc.to, got, minor, tc.want)
		}
		checkEnds(t, tc.name, a)
	}
}

func TestLogAxis(t *testing.T) {
	for _, tc := range []struct {
		name      string
		from, to  float64
		want      []string
		wantMinor int
	}{
		// Every decade labelled, with 2 to 9 times each but the last.
		{"seconds", 0.01, 27, []string{"0.01", "0.1", "1", "10", "100"}, 4 * 8},
		{"one decade", 2, 5, []string{"1", "10"}, 8},
		{"power of ten", 1, 1, []string{"0.1", "1", "10"}, 2 * 8},
		{"no points", math.Inf(1), math.Inf(-1), []string{"1", "10"}, 8},
		// 16 decades: every second labelled, the others a minor tick.
		{"wide", 1e-7, 3e8, []string{"1e-07", "1e-05", "0.001", "0.1", "10", "1000", "100000", "1e+07", "1e+09"}, 8},
	} {
		a := logAxis(tc.from, tc.to)
		got, minor := labels(a)
		if !slices.Equal(got, tc.want) || minor != tc.wantMinor {
			t.Errorf("%s: logAxis(%v, %v) labels %q and %d minor ticks, want %q and %d", tc.name, tc.from, tc.to, got, minor, tc.want, tc.wantMinor)
		}
		checkEnds(t, tc.name, a)
	}
}

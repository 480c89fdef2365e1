package dataset

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// numberSeeds are strings at the edges of decimal's fast path, and past
// them, where strconv parses.
var numberSeeds = []string{
	"0", "-0", "+0", "0.0", "-0.0", ".5", "5.", ".", "-.5e1", "+", "-", "", "e5", "1e", "1e+", "1E-3",
	"9007199254740992", "9007199254740993", "-9007199254740993", "1e22", "1e23", "1e-22", "1e-23",
	"0.8120080558740598", "0.17262455941585714", "1234567890123456789", "12345678901234567890",
	"00000000000000000000000000001.5", "0.000000000000000000000000001", "1.00000000000000000000",
	"1e1000", "1e-1000", "1e99999999999", "1_0", "0x1p4", "Inf", "-inf", "NaN", "1.2.3", "1e5x", " 1", "1 ",
	// 20 digits whose integer is a multiple of 2^64, which wraps to 0 in
	// 64 bits, and so looks like no significant digit.
	"18446744073709551616", "1.8446744073709551616e19", "-0.36893488147419103232", "922337203685477580800",
	// Ties between two float64s, which round to even: 2^53+1 and 2^54+2
	// exactly, and (2^53+1)/2 through a power of ten that is not exact.
	"9007199254740993", "18014398509481986", "4503599627370496.5", "45035996273704965e-1",
	"9007199254740993e-27", "9999999999999999999e27", "1000000000000000000e-27",
	// Zeros before the first significant digit, in the integer and the
	// fraction.
	"00000000012345678", "0.0000000012345678901",
	"000000000000000000000000.5", "12345678901234567890123", "1.2345678e12345678",
	// Mantissas that round up to the next power of two.
	"9007199254740991.5", "18014398509481983", "0.99999999999999999", "9.9999999999999999e22",
}

// TestScaled checks scaled against strconv.ParseFloat, bit for bit, on
// mantissas of up to 64 bits and every power of ten it takes, and that it
// leaves few of them to strconv.
func TestScaled(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	left := 0
	const n = 200_000
	for i := range n {
		m := rng.Uint64()
		if i%2 == 0 {
			m %= 1e17 // 16 or 17 digits, as most numbers in the data are written
		}
		e := rng.IntN(2*maxPow+1) - maxPow
		s := strconv.FormatUint(m, 10) + "e" + strconv.Itoa(e)
		want, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := scaled(m, e)
		if !ok {
			left++
			continue
		}
		if math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("scaled(%d, %d) = %v; strconv gives %v for %s", m, e, got, want, s)
		}
	}
	if left > n/1000 {
		t.Fatalf("scaled left %d of %d products to strconv", left, n)
	}
}

// TestNumber checks number against strconv.ParseFloat, bit for bit, on the
// seeds and on random decimal strings.
func TestNumber(t *testing.T) {
	for _, s := range numberSeeds {
		checkNumber(t, s)
	}
	rng := rand.New(rand.NewPCG(9, 10))
	fast := 0
	for range 200_000 {
		var b strings.Builder
		b.WriteString([]string{"", "", "-", "+"}[rng.IntN(4)])
		digits := rng.IntN(22)
		point := rng.IntN(digits + 2)
		for i := range digits {
			if i == point {
				b.WriteByte('.')
			}
			b.WriteByte(byte('0' + rng.IntN(10)))
		}
		if rng.IntN(3) == 0 {
			fmt := []string{"e", "E", "e+", "e-"}[rng.IntN(4)]
			b.WriteString(fmt + strconv.Itoa(rng.IntN(40)))
		}
		if _, ok := decimal(b.String()); ok {
			fast++
		}
		checkNumber(t, b.String())
	}
	if fast < 50_000 {
		t.Fatalf("only %d random strings took the fast path", fast)
	}
}

// FuzzNumber: number agrees with strconv.ParseFloat on any string.
func FuzzNumber(f *testing.F) {
	for _, s := range numberSeeds {
		f.Add(s)
	}
	f.Fuzz(checkNumber)
}

func checkNumber(t *testing.T, s string) {
	t.Helper()
	got, ok := number(s)
	want, err := strconv.ParseFloat(s, 64)
	wantOK := err == nil && !math.IsNaN(want)
	if ok != wantOK || ok && math.Float64bits(got) != math.Float64bits(want) {
		t.Fatalf("number(%q) = %v, %v; strconv gives %v, %v", s, got, ok, want, err)
	}
}

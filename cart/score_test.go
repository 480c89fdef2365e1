package cart

import "testing"

// TestOfferExact: splits whose scores differ by less than a float64 can
// tell are told apart exactly, and an equal one does not displace the
// first.
func TestOfferExact(t *testing.T) {
	const n = 1 << 31 // records on each side
	sqT, sqF := uint64(n)*n/2, uint64(n)*n/3
	// sqT/n + sqF/n, near 2^31, against the same plus 1/n: 2^-62 apart
	// relatively, beyond a float64's 2^-53.
	for _, order := range [][2]int{{0, 1}, {1, 0}} {
		b := none
		for _, f := range order {
			b.offer(f, sqT+uint64(f), n, sqF, n)
		}
		if b.feature != 1 {
			t.Errorf("offered in the order %v: split %d taken, want the better, 1", order, b.feature)
		}
	}
	b := none
	b.offer(3, sqT, n, sqF, n)
	b.offer(4, sqF, n, sqT, n)
	if b.feature != 3 {
		t.Errorf("of two equal splits, %d taken, want the first, 3", b.feature)
	}
}

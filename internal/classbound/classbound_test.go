package classbound

import "testing"

// TestDepth: a tree of depth d has at most 2^d leaves, so n classes need
// the least d with 2^d >= n.
func TestDepth(t *testing.T) {
	for n := 1; n <= 1000; n++ {
		d := Depth(n)
		if 1<<d < n || d > 0 && 1<<(d-1) >= n {
			t.Fatalf("Depth(%d) = %d", n, d)
		}
	}
}

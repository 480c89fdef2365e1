package dp

import (
	"math/rand/v2"
	"testing"
)

func TestTranspose(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	var a, orig [64]uint64
	for i := range a {
		a[i] = r.Uint64()
	}
	orig = a
	transpose(&a)
	for i := range 64 {
		for j := range 64 {
			if a[j]>>i&1 != orig[i]>>j&1 {
				t.Fatalf("bit %d of row %d is not bit %d of column %d", j, i, i, j)
			}
		}
	}
}

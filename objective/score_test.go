package objective

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

func ExampleOrder() {
	few := Score{E: 10, B: 1}                            // 10 errors, one branching node
	many := Score{E: 4, B: 7}                            // 4 errors, seven branching nodes
	fmt.Println(Order{}.Less(many, few))                 // fewer errors first
	fmt.Println(Order{Cost: 1}.Less(many, few))          // 11 against 11: fewer branches
	fmt.Println(Order{ErrorsOnly: true}.Less(few, many)) // errors alone
	// Output:
	// true
	// false
	// false
}

// TestOrder checks Order against its definition on random scores, and
// that adding the same score to both sides keeps the order, which the
// searches' bounds on a split's sides rely on, with costs exact in binary
// as the oracle tests draw them.
func TestOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 10000 {
		a := Score{r.IntN(20) - 5, r.IntN(8) - 2}
		b := Score{r.IntN(20) - 5, r.IntN(8) - 2}
		x := Score{r.IntN(20), r.IntN(8)}
		o := Order{Cost: []float64{0, 0.25, 1, 3}[r.IntN(4)], ErrorsOnly: r.IntN(2) == 0}
		var want bool
		switch va, vb := float64(a.E)+o.Cost*float64(a.B), float64(b.E)+o.Cost*float64(b.B); {
		case o.ErrorsOnly && o.Cost == 0:
			want = a.E < b.E
		default:
			want = va < vb || va == vb && a.B < b.B
		}
		if got := o.Less(a, b); got != want {
			t.Fatalf("%+v.Less(%v, %v) = %v, want %v", o, a, b, got, want)
		}
		if o.Less(a.Add(x), b.Add(x)) != want || o.Less(a.Sub(x), b.Sub(x)) != want {
			t.Fatalf("%+v: adding %v to %v and %v changes their order", o, x, a, b)
		}
		if hi, lo := o.Max(a, b), o.Min(a, b); o.Less(hi, lo) || (hi != a && hi != b) || (lo != a && lo != b) {
			t.Fatalf("%+v: Max %v, Min %v of %v and %v", o, hi, lo, a, b)
		}
	}
}

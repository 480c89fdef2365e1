package ordered

import (
	"math/rand/v2"
	"testing"

	"github.com/odtx/odtx/objective"
)

// TestNarrow checks the cuts that narrow, after and before pass over
// against open, cut by cut, on random frames: with and without seeded cuts,
// budget splits, a cost per branch, ranking by errors alone and a minimum
// leaf size. A cut they
// pass over must be one open closes; and the bounds of an interval's ends
// are sharp enough that some cuts are passed over.
func TestNarrow(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	passed := 0
	for range 20000 {
		c := 1 + r.IntN(40)
		fr := &frame{c: c, m: 1 + r.IntN(3)}
		w := 0
		for range c {
			w += r.IntN(4)
			fr.w = append(fr.w, w)
		}
		fr.all = w + r.IntN(4)
		fr.slot = make([]int32, c+2)
		fr.lb = make([]score, fr.m*2) // slot 0
		randomScore := func() score { return score{E: r.IntN(2 * (fr.all + 1)), B: r.IntN(4)} }
		// The ends of the interval, evaluated, and seeded cuts between.
		kl := r.IntN(c + 1)
		kr := kl + 1 + r.IntN(c+1-kl)
		for _, k := range []int{kl, kr} {
			if k != 0 && k != c+1 {
				at := fr.keep(k) * fr.m * 2
				for i := range fr.m * 2 {
					fr.lb[at+i] = randomScore()
				}
			}
		}
		if fr.m == 1 && r.IntN(2) == 0 {
			fr.seeded = true
			fr.prev, fr.next = make([]int, c+2), make([]int, c+2)
			for k := 1; k <= c; k++ {
				if r.IntN(4) == 0 {
					fr.prev[k], fr.next[k] = k, k
					at := fr.keep(k) * 2
					fr.lb[at], fr.lb[at+1] = randomScore(), randomScore()
				}
			}
			fr.next[c+1] = c + 1
			for k := 1; k <= c; k++ {
				if fr.prev[k] == 0 {
					fr.prev[k] = fr.prev[k-1]
				}
			}
			for k := c; k >= 1; k-- {
				if fr.next[k] == 0 {
					fr.next[k] = fr.next[k+1]
				}
			}
		}
		s := &search{order: objective.Order{ErrorsOnly: r.IntN(2) == 0}, minLeaf: 1 + 4*r.IntN(2)}
		if r.IntN(4) == 0 {
			s.order = objective.Order{Cost: float64(r.IntN(3)) + 0.5}
		}
		iv := interval{kl + 1, kr - 1, kl, kr}
		ub := randomScore()
		lo, hi := fr.narrow(s, iv, ub)
		for k := iv.lo; k <= iv.hi; k++ {
			if (k < lo || k > hi) && fr.open(s, k, iv, ub) {
				t.Fatalf("narrow %d..%d of %+v passes over cut %d, which open leaves open", lo, hi, iv, k)
			}
			if k < lo || k > hi {
				passed++
			}
		}
		for k := iv.lo; k <= iv.hi; k++ {
			if fr.open(s, k, iv, ub) {
				continue
			}
			if n := fr.after(s, k, iv, ub); n <= k {
				t.Fatalf("after %d is %d", k, n)
			} else {
				for j := k + 1; j < n && j <= iv.hi; j++ {
					if fr.open(s, j, iv, ub) {
						t.Fatalf("after %d is %d, past cut %d, which open leaves open", k, n, j)
					}
				}
			}
			if n := fr.before(s, k, iv, ub); n >= k {
				t.Fatalf("before %d is %d", k, n)
			} else {
				for j := k - 1; j > n && j >= iv.lo; j-- {
					if fr.open(s, j, iv, ub) {
						t.Fatalf("before %d is %d, past cut %d, which open leaves open", k, n, j)
					}
				}
			}
		}
	}
	if passed == 0 {
		t.Error("narrow passed over no cut in 20000 frames")
	}
}

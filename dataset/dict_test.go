package dataset

import (
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestDict checks a dict's codes against a map's on streams of values
// that repeat, from a few to more than it indexes, with and without an
// expected count, so that the linear search, the index as made, the index
// grown, and the values past internMax all number values.
func TestDict(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, distinct := range []int{3, linearMax, linearMax + 1, 100, 5000, internMax + 100} {
		for _, expect := range []int{0, 16, distinct} {
			d := dict{expect: expect}
			want := map[string]int{}
			for range 3 * distinct {
				v := strconv.Itoa(rng.IntN(distinct))
				if rng.IntN(4) == 0 {
					v = "v" + v // values of one byte go by the char table
				}
				k, h := d.find([]byte(v))
				w, seen := want[v]
				switch {
				case seen && k != w:
					t.Fatalf("%d values, expect %d: find(%q) = %d, want %d", distinct, expect, v, k, w)
				case k >= 0 && d.values[k] != v:
					t.Fatalf("%d values, expect %d: find(%q) = %d, which is %q", distinct, expect, v, k, d.values[k])
				case k < 0:
					k = int(d.add(v, h))
					if k != len(d.values)-1 || d.values[k] != v {
						t.Fatalf("add(%q) = %d, of %d values", v, k, len(d.values))
					}
					if k < internMax {
						want[v] = k // values past internMax may be numbered again
					}
				}
			}
			if d.partial != (len(d.values) > internMax) {
				t.Fatalf("%d values: partial = %v", len(d.values), d.partial)
			}
			// Each value indexed sits in one slot: none twice, none lost.
			slots := 0
			for _, e := range d.index {
				if e != 0 {
					slots++
				}
			}
			indexed := 0
			for _, v := range d.values[:min(len(d.values), internMax)] {
				if len(v) != 1 {
					indexed++
				}
			}
			if d.index != nil && slots != indexed {
				t.Fatalf("%d values, expect %d: %d slots hold %d values of more than a byte", distinct, expect, slots, indexed)
			}
		}
	}
}

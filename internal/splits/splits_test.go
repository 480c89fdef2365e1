package splits

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestFirsts compares Firsts with the definition on random columns with
// copies, complements and constants, for counts of examples on and off a
// multiple of 64, with one Grouper reused throughout.
func TestFirsts(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var g Grouper
	for _, n := range []int{1, 2, 3, 63, 64, 65, 127, 128, 130, 200} {
		t.Run(fmt.Sprint(n, " examples"), func(t *testing.T) {
			words := (n + 63) / 64
			for trial := range 50 {
				features := 1 + r.IntN(40)
				values := make([][]bool, features) // by feature, then example
				for f := range values {
					values[f] = make([]bool, n)
					switch k := r.IntN(6); {
					case k == 0: // constant
						v := r.IntN(2) == 1
						for i := range values[f] {
							values[f][i] = v
						}
					case k <= 2 && f > 0: // a copy or complement of an earlier one
						src, flip := r.IntN(f), k == 2
						for i := range values[f] {
							values[f][i] = values[src][i] != flip
						}
					default:
						for i := range values[f] {
							values[f][i] = r.IntN(2) == 1
						}
					}
				}
				cols := make([]uint64, features*words)
				for f := range values {
					for i, v := range values[f] {
						if v {
							cols[f*words+i/64] |= 1 << (i % 64)
						}
					}
				}
				got := g.Firsts(nil, cols, words, n)
				if want := firsts(values); !slices.Equal(got, want) {
					t.Fatalf("trial %d: firsts %v, want %v", trial, got, want)
				}
			}
		})
	}
}

// firsts is the definition: a feature stands for its group when it splits
// the examples and no earlier feature splits them alike or as complements.
func firsts(values [][]bool) []int32 {
	var out []int32
	for f, v := range values {
		if !slices.Contains(v, true) || !slices.Contains(v, false) {
			continue
		}
		first := true
		for e := range f {
			alike, comp := true, true
			for i := range v {
				alike = alike && v[i] == values[e][i]
				comp = comp && v[i] != values[e][i]
			}
			if alike || comp {
				first = false
				break
			}
		}
		if first {
			out = append(out, int32(f))
		}
	}
	return out
}

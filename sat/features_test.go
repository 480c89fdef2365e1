package sat

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestFeatureGroups: after each example, the features add has returned are
// the first of each group of features that split the examples so far alike
// or as complements, the constant ones being a group, each returned once.
func TestFeatureGroups(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 30 {
		features := 1 + r.IntN(30)
		var g featureGroups
		var examples [][]bool
		var returned []int
		for range 1 + r.IntN(150) {
			values := make([]bool, features)
			for f := range values {
				// Few values, so that features often agree.
				values[f] = r.IntN(8) == 0
			}
			examples = append(examples, values)
			for _, f := range g.add(values) {
				if slices.Contains(returned, f) {
					t.Fatalf("trial %d: feature %d returned twice", trial, f)
				}
				returned = append(returned, f)
			}
			slices.Sort(returned)
			if want := groupFirsts(examples); !slices.Equal(returned, want) {
				t.Fatalf("trial %d, %d examples: features %v, want %v", trial, len(examples), returned, want)
			}
		}
	}
}

// groupFirsts is the definition: the features that no earlier feature
// matches, or complements, on every example.
func groupFirsts(examples [][]bool) []int {
	var out []int
	for f := range examples[0] {
		first := true
		for e := range f {
			alike, comp := true, true
			for _, ex := range examples {
				alike = alike && ex[f] == ex[e]
				comp = comp && ex[f] != ex[e]
			}
			if alike || comp {
				first = false
				break
			}
		}
		if first {
			out = append(out, f)
		}
	}
	return out
}

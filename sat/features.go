package sat

import (
	"math/bits"
	"slices"

	"github.com/odtx/odtx/internal/splits"
)

// featureGroups sorts features by how they split the examples a probe
// encodes: features that split them alike, or each as the other's
// complement, are interchangeable in a tree consistent with those examples
// (a complement swaps the children), so the formula needs one of each group,
// its first feature. Each new example can only split groups, and a group's
// first feature stays first of what remains of it, so the features that
// stand for a group only grow in number.
type featureGroups struct {
	n, words int
	cols     []uint64 // feature f's values at cols[f*words : (f+1)*words]
	features int
	firsts   []int32
	active   []bool // by feature: it has stood for a group
	grouper  splits.Grouper
}

// add refines the groups with an example's values and returns the features
// that now stand for a group.
func (g *featureGroups) add(values []bool) []int {
	if len(values) == 0 {
		return nil
	}
	if g.active == nil {
		g.features = len(values)
		g.active = make([]bool, g.features)
	}
	if g.n%64 == 0 {
		// Make room for 64 more examples.
		cols := make([]uint64, g.features*(g.words+1))
		for f := range g.features {
			copy(cols[f*(g.words+1):], g.cols[f*g.words:(f+1)*g.words])
		}
		g.cols, g.words = cols, g.words+1
	}
	for f, v := range values {
		if v {
			g.cols[f*g.words+g.n/64] |= 1 << (g.n % 64)
		}
	}
	g.n++
	g.firsts = g.grouper.Firsts(g.firsts[:0], g.cols, g.words, g.n)
	// The features constant on the examples are a group too: a node above
	// examples that need no split still tests a feature.
	for f := range g.features {
		if g.constant(f) {
			g.firsts = append(g.firsts, int32(f))
			break
		}
	}
	var reps []int
	for _, f := range g.firsts {
		if !g.active[f] {
			g.active[f] = true
			reps = append(reps, int(f))
		}
	}
	slices.Sort(reps)
	return reps
}

// constant reports whether feature f takes one value on every example.
func (g *featureGroups) constant(f int) bool {
	col := g.cols[f*g.words : (f+1)*g.words]
	ones := 0
	for _, w := range col {
		ones += bits.OnesCount64(w)
	}
	return ones == 0 || ones == g.n
}

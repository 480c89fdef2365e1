package sat

// featureGroups sorts features by how they split the examples a probe
// encodes: features that split them alike, or each as the other's
// complement, are interchangeable in a tree consistent with those examples
// (a complement swaps the children), so the formula needs one of each group.
// Each new example can only split groups, whose first feature stands for
// them.
type featureGroups struct {
	first []bool // values of the first example
	group []int  // by feature
	rep   []int  // by group: its first feature
}

// add refines the groups with an example's values and returns the features
// that now stand for a group.
func (g *featureGroups) add(values []bool) []int {
	if len(values) == 0 {
		return nil
	}
	if g.first == nil {
		// One example: every feature is constant on it, one group.
		g.first = values
		g.group = make([]int, len(values))
		g.rep = []int{0}
		return g.rep[:1:1]
	}
	var reps []int
	split := make(map[int]int) // old group -> the group split off it
	for f, v := range values {
		old := g.group[f]
		r := g.rep[old]
		if v != g.first[f] == (values[r] != g.first[r]) {
			continue
		}
		n, ok := split[old]
		if !ok {
			n = len(g.rep)
			split[old] = n
			g.rep = append(g.rep, f)
			reps = append(reps, f)
		}
		g.group[f] = n
	}
	return reps
}

package minerr

// greedy returns a tree of depth at most d with at most n branching nodes
// for the items in set, whose class weights are cls: the tree that splits
// each set by the feature with the least Gini impurity, pruned to the
// subtree that minimizes the objective within the budget, of the splits
// that leave each side enough records (objective.Options.MinLeaf), as
// pruning keeps: a subtree cut back to a leaf leaves that leaf all of its
// records. It gives the search its first upper bound and an answer if it
// stops at once.
func (s *search) greedy(set []int32, cls []int, d, n int) *sol {
	g := s.grow(set, cls, d)
	memo := make(map[pruneKey]*sol)
	return s.prune(g, n, memo)
}

// gnode is a node of the greedy tree before pruning.
type gnode struct {
	leaf     *sol
	feature  int
	branches int // in the subtree
	f, t     *gnode
}

type pruneKey struct {
	g *gnode
	n int
}

func (s *search) grow(set []int32, cls []int, d int) *gnode {
	x := s.x
	g := &gnode{leaf: leaf(cls), feature: -1}
	if d == 0 || g.leaf.S.E == 0 || s.stop.Load() {
		return g
	}
	// Class weights on the true side of every feature.
	on := make([]int, x.m*x.classes)
	for _, i := range set {
		w, k := int(x.weight[i]), int(x.class[i])
		for _, f := range x.ones[x.start[i]:x.start[i+1]] {
			on[int(f)*x.classes+k] += w
		}
	}
	total := sum(cls)
	best, bestF := 0.0, -1
	off := make([]int, x.classes)
	for f := range x.m {
		t := on[f*x.classes : (f+1)*x.classes]
		nt := sum(t)
		if nt < s.minLeaf || total-nt < s.minLeaf {
			continue
		}
		for k := range off {
			off[k] = cls[k] - t[k]
		}
		// Maximizing the sum of squares per side minimizes Gini impurity.
		v := squares(t)/float64(nt) + squares(off)/float64(total-nt)
		if bestF < 0 || v > best {
			best, bestF = v, f
		}
	}
	if bestF < 0 {
		return g
	}
	var s0, s1 []int32
	for _, i := range set {
		if x.holds(i, bestF) {
			s1 = append(s1, i)
		} else {
			s0 = append(s0, i)
		}
	}
	t := on[bestF*x.classes : (bestF+1)*x.classes]
	for k := range off {
		off[k] = cls[k] - t[k]
	}
	g.feature = bestF
	g.f = s.grow(s0, off, d-1)
	g.t = s.grow(s1, append([]int(nil), t...), d-1)
	g.branches = 1 + g.f.branches + g.t.branches
	return g
}

func squares(w []int) float64 {
	v := 0.0
	for _, c := range w {
		v += float64(c) * float64(c)
	}
	return v
}

// prune returns the best subtree of g, cut back to leaves, with at most n
// branching nodes.
func (s *search) prune(g *gnode, n int, memo map[pruneKey]*sol) *sol {
	if g.f == nil || n == 0 {
		return g.leaf
	}
	n = min(n, g.branches)
	k := pruneKey{g, n}
	if t, ok := memo[k]; ok {
		return t
	}
	best := g.leaf
	for nl := 0; nl < n; nl++ {
		t := join(g.feature, s.prune(g.f, nl, memo), s.prune(g.t, n-1-nl, memo))
		if s.better(t.S, best.S) {
			best = t
		}
	}
	memo[k] = best
	return best
}

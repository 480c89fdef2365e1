package minerr

import (
	"slices"

	"github.com/odtx/odtx/internal/objective"
)

// counter holds, for a set of items, the weight of each class and, per
// class and pair of features i <= j, the weight of the items where both
// hold (i == j: where i holds). From these every split of the set by one
// feature and then another is counted without looking at an item again.
type counter struct {
	set   []int32 // sorted
	total []int
	pair  []int32 // class k, features i, j at (k*m+i)*m+j
	diag  []int32 // class k, feature i at k*m+i (see symmetric)
	nz    []int32 // scratch for countSmall
}

func newCounter(x *data) *counter {
	return &counter{total: make([]int, x.classes), pair: make([]int32, x.classes*x.m*x.m), diag: make([]int32, x.classes*x.m)}
}

// count makes c count set: from scratch, or by adding and removing the
// items in which set differs from c's, when they are fewer than set's.
// It reports whether it updated.
func (c *counter) count(x *data, set []int32) bool {
	var added, removed []int32
	i, j := 0, 0
	for i < len(c.set) && j < len(set) && len(added)+len(removed) < len(set) {
		switch a, b := c.set[i], set[j]; {
		case a == b:
			i++
			j++
		case a < b:
			removed = append(removed, a)
			i++
		default:
			added = append(added, b)
			j++
		}
	}
	removed = append(removed, c.set[i:]...)
	added = append(added, set[j:]...)
	incremental := len(added)+len(removed) < len(set)
	if !incremental {
		clear(c.total)
		clear(c.pair)
		added, removed = set, nil
	}
	for _, it := range removed {
		c.add(x, it, -1)
	}
	for _, it := range added {
		c.add(x, it, 1)
	}
	c.set = append(c.set[:0], set...)
	return incremental
}

// add counts item it sign times.
func (c *counter) add(x *data, it int32, sign int32) {
	m := x.m
	w := x.weight[it] * sign
	k := int(x.class[it])
	c.total[k] += int(w)
	ones := x.ones[x.start[it]:x.start[it+1]]
	base := k * m * m
	for a, i := range ones {
		row := c.pair[base+int(i)*m : base+int(i)*m+m]
		for _, j := range ones[a:] {
			row[j] += w
		}
	}
}

// difference returns how many items of a are not in b, with both sorted,
// or more than limit when there are that many.
func difference(a, b []int32, limit int) int {
	n, j := 0, 0
	for _, v := range a {
		for j < len(b) && b[j] < v {
			j++
		}
		if j == len(b) || b[j] != v {
			n++
			if n > limit {
				break
			}
		}
	}
	return n
}

// depth2 returns the optimal trees of depth at most d <= 2 for the items
// in set with class weights cls, indexed by their branch budget: with at
// most 0, 1, 2 and 3 branching nodes (0 and 1 for d == 1).
func (s *search) depth2(set []int32, cls []int, d int) []*sol {
	s.stats.Depth2++
	if p := s.parent; p != nil && p.feature >= 0 {
		return s.solve2(p.child(s, set), cls, d)
	}
	c := s.nearer(set)
	if s.countSet(c, set) {
		s.stats.Incremental++
	}
	s.symmetric(c)
	return s.solve2(c, cls, d)
}

// countSet makes c count set, by popcounts or by increments, whichever
// costs less, and reports whether it updated c's counts (see count).
func (s *search) countSet(c *counter, set []int32) bool {
	x := s.x
	if inc, pop := x.pairCost(set); pop < inc && difference(c.set, set, len(set)/8)+difference(set, c.set, len(set)/8) > len(set)/8 {
		s.cols.fill(x, set)
		c.countPairs(x, &s.cols, nil)
		c.set = append(c.set[:0], set...)
		return false
	}
	return c.count(x, set)
}

// counting returns the counter that counts set, if one does.
func (s *search) counting(set []int32) *counter {
	for _, c := range s.counters {
		if slices.Equal(c.set, set) {
			return c
		}
	}
	return nil
}

// nearer returns the counter whose set differs less from set.
func (s *search) nearer(set []int32) *counter {
	c := s.counters[0]
	if a, b := difference(c.set, set, len(set))+difference(set, c.set, len(set)),
		difference(s.counters[1].set, set, len(set))+difference(set, s.counters[1].set, len(set)); b < a {
		c = s.counters[1]
	}
	return c
}

// oneBranch returns in one, for each feature i, the least errors on each
// side of i of a leaf or a tree of one branch, once c counts a set with
// class weights cls.
func (s *search) oneBranch(c *counter, cls []int, one [][2]int) [][2]int {
	m, nk := s.x.m, s.x.classes
	one = append(one[:0], make([][2]int, m)...)
	cells := make([]int, 4*nk)
	a, b := cells[:nk], cells[nk:2*nk]
	for i := range m {
		for k := range nk {
			r := int(c.pair[(k*m+i)*m+i])
			a[k], b[k] = cls[k]-r, r
		}
		least := [2]int{errs(a), errs(b)}
		if nk == 2 {
			one[i], _ = c.seconds2(i, m, cls, least)
		} else {
			one[i], _ = c.seconds(i, m, cls, least, cells)
		}
	}
	return one
}

// parent counts the children of a node of depth three from its set's
// columns: one side of feature f is counted, and the other is the
// parent's counts less those. The true side is counted by masking the
// columns with f's, or the smaller side, when its items are listed, by
// laying it out anew: fewer positions to count for a pass over its items.
type parent struct {
	cols    columns
	all     *counter   // the parent set's counts
	one     *counter   // the counted side's
	feature int        // whose sides are being solved; -1 for none
	sides   [2][]int32 // its sides' items, when listed
	side    int        // the side node is solving
	ready   bool       // one counts the side counted of feature
	counted int        // 1, the true side, but for a smaller false side laid out anew
	small   columns    // the layout of a side counted anew
	// tri, when the set's items are many and its features few, counts
	// per class the items where three features hold (see countTriples).
	tri []int32
}

// child returns the counts of set, the current side of p's feature.
func (p *parent) child(s *search, set []int32) *counter {
	if !p.ready {
		p.count(s.x)
		p.ready = true
	}
	c := p.one
	if p.side != p.counted {
		c = s.counters[0]
		for k, v := range p.all.pair {
			c.pair[k] = v - p.one.pair[k]
		}
		for k, v := range p.all.total {
			c.total[k] = v - p.one.total[k]
		}
		c.set = append(c.set[:0], set...)
	}
	s.symmetric(c)
	return c
}

// count makes p.one count a side of p.feature, whichever costs less.
func (p *parent) count(x *data) {
	if len(p.tri) > 0 {
		p.fromTriples(x)
		p.counted = 1
		return
	}
	small := 0
	if len(p.sides[1]) < len(p.sides[0]) {
		small = 1
	}
	words, groups := p.cols.words, len(p.cols.groups)
	masked := x.m*(x.m+1)/2*(words+2*groups) + x.m*words
	// Laying a side out anew scatters a bit per item and feature that
	// holds, which costs more than pairCost's estimate of it.
	side := p.sides[small]
	if _, pop := x.pairCost(side); len(side) > 0 && pop+3*len(side)*x.m/4 < masked {
		p.small.fill(x, side)
		p.one.countPairs(x, &p.small, nil)
		p.counted = small
		return
	}
	p.one.countPairs(x, &p.cols, p.cols.column(p.feature))
	p.counted = 1
}

// countTriples fills tri for the set laid out in p's columns: at
// ((k*m+i)*m+j)*m+l, for features i <= j <= l, the weight of the items of
// class k where all three hold. That is a third of the work of counting
// the pairs of every feature's true side apart, when most are solved.
func (p *parent) countTriples(x *data) {
	m, cs := x.m, &p.cols
	p.tri = slices.Grow(p.tri[:0], x.classes*m*m*m)[:x.classes*m*m*m]
	clear(p.tri)
	ij := make([]uint64, cs.words)
	for i := range m {
		ci := cs.column(i)
		for j := i; j < m; j++ {
			cj := cs.column(j)
			for w := range ij {
				ij[w] = ci[w] & cj[w]
			}
			for l := j; l < m; l++ {
				cl := cs.column(l)
				for _, g := range cs.groups {
					p.tri[((g.class*m+i)*m+j)*m+l] += g.weight(ij, cl)
				}
			}
		}
	}
}

// fromTriples makes one count the true side of feature from tri.
func (p *parent) fromTriples(x *data) {
	m, f := x.m, p.feature
	for k := range x.classes {
		p.one.total[k] = int(p.all.pair[(k*m+f)*m+f])
		base := k * m * m
		for i := range m {
			for j := i; j < m; j++ {
				a, b, c := f, i, j // sorted
				if f > j {
					a, b, c = i, j, f
				} else if f > i {
					a, b = i, f
				}
				p.one.pair[base+i*m+j] = p.tri[((k*m+a)*m+b)*m+c]
			}
		}
	}
}

// symmetric copies the counts of pairs i < j to j > i, which counting
// leaves alone, and of each feature to c.diag, so that solve2 reads a row
// of pairs and the features' counts without a branch or a stride.
func (s *search) symmetric(c *counter) {
	m := s.x.m
	for k := range s.x.classes {
		base := k * m * m
		for i := range m {
			c.diag[k*m+i] = c.pair[base+i*m+i]
			for j := i + 1; j < m; j++ {
				c.pair[base+j*m+i] = c.pair[base+i*m+j]
			}
		}
	}
}

// split2 is the best a feature does at the root of a depth-two tree: the
// errors of each side as a leaf and split by its best second feature.
type split2 struct {
	leaf, split [2]int // false side, true side
	by          [2]int // the second features
}

// solve2 is depth2 once c counts the set. It works on the counts alone.
func (s *search) solve2(c *counter, cls []int, d int) []*sol {
	x := s.x
	m, nk := x.m, x.classes
	lf := leaf(cls)
	// The best tree by budget, as a shape; root -1 is the leaf.
	win := make([]shape2, 2, 4)
	if d == 2 {
		win = win[:4]
	}
	for n := range win {
		win[n] = shape2{score: lf.s, root: -1}
	}
	// Scratch class weights of the four cells of a split.
	cells := make([]int, 4*nk)
	a, b := cells[:nk], cells[nk:2*nk]
	for i := range m {
		var sp split2
		empty := false
		for k := range nk {
			r := int(c.pair[(k*m+i)*m+i])
			a[k], b[k] = cls[k]-r, r
		}
		sp.leaf[0], sp.leaf[1] = errs(a), errs(b)
		if sum(a) == 0 || sum(b) == 0 {
			empty = true
		}
		if empty {
			continue
		}
		sp.split = sp.leaf
		sp.by = [2]int{-1, -1}
		if d == 2 {
			if nk == 2 {
				sp.split, sp.by = c.seconds2(i, m, cls, sp.split)
			} else {
				sp.split, sp.by = c.seconds(i, m, cls, sp.split, cells)
			}
		}
		// The trees with 1, 2 and 3 branching nodes that split on i.
		for n := 1; n < len(win); n++ {
			for deep, t := range shapes {
				sc := score{B: 1}
				for side, deep := range t {
					if deep {
						if sp.by[side] < 0 {
							sc = objective.None
							break
						}
						sc = sc.Add(score{E: sp.split[side], B: 1})
					} else {
						sc = sc.Add(score{E: sp.leaf[side]})
					}
				}
				if sc.B <= n && sc != objective.None && s.better(sc, win[n].score) {
					win[n] = shape2{score: sc, root: i, deep: deep, by: sp.by}
				}
			}
		}
	}
	sols := make([]*sol, len(win))
	for n, t := range win {
		switch {
		case t.root < 0:
			sols[n] = lf
		case n > 0 && t == win[n-1]:
			sols[n] = sols[n-1]
		default:
			sols[n] = s.build2(c, cls, t)
		}
	}
	return sols
}

// shapes are the depth-two trees by which sides of the root are split,
// indexed by shape2.deep.
var shapes = [4][2]bool{{false, false}, {true, false}, {false, true}, {true, true}}

// seconds returns the errors of the best second split on each side of
// feature i, and its feature, where they beat best; cells is scratch.
func (c *counter) seconds(i, m int, cls []int, best [2]int, cells []int) ([2]int, [2]int) {
	nk := len(cls)
	by := [2]int{-1, -1}
	a, b, e, g := cells[:nk], cells[nk:2*nk], cells[2*nk:3*nk], cells[3*nk:]
	for j := range m {
		if j == i {
			continue
		}
		// True side: i and j hold (a), i holds but not j (b).
		// False side: j holds but not i (e), neither (g).
		for k := range nk {
			base := k * m * m
			ij := int(c.pair[base+i*m+j])
			ii := int(c.pair[base+i*m+i])
			jj := int(c.pair[base+j*m+j])
			a[k], b[k] = ij, ii-ij
			e[k], g[k] = jj-ij, cls[k]-ii-jj+ij
		}
		if eF := errs(e) + errs(g); eF < best[0] {
			best[0], by[0] = eF, j
		}
		if eT := errs(a) + errs(b); eT < best[1] {
			best[1], by[1] = eT, j
		}
	}
	return best, by
}

// seconds2 is seconds for two classes, where a leaf's errors are the
// smaller of its two weights. It needs best to be at most the errors of
// the sides as leaves, which splitting by i itself makes.
func (c *counter) seconds2(i, m int, cls []int, best [2]int) ([2]int, [2]int) {
	by := [2]int{-1, -1}
	r0, r1 := c.pair[i*m:i*m+m], c.pair[m*m+i*m:m*m+i*m+m]
	d0, d1 := c.diag[:m], c.diag[m:2*m]
	r1, d0, d1 = r1[:len(r0)], d0[:len(r0)], d1[:len(r0)]
	ii0, ii1 := d0[i], d1[i]
	n0, n1 := int32(cls[0]), int32(cls[1])
	bF, bT := int32(best[0]), int32(best[1])
	for j, ij0 := range r0 {
		ij1, jj0, jj1 := r1[j], d0[j], d1[j]
		eT := min(ij0, ij1) + min(ii0-ij0, ii1-ij1)
		eF := min(jj0-ij0, jj1-ij1) + min(n0-ii0-jj0+ij0, n1-ii1-jj1+ij1)
		if eF < bF {
			bF, by[0] = eF, j
		}
		if eT < bT {
			bT, by[1] = eT, j
		}
	}
	return [2]int{int(bF), int(bT)}, by
}

// shape2 is a tree of depth two as solve2 records it: its root feature,
// which sides are split (the bits of deep), and by which features.
type shape2 struct {
	score score
	root  int
	deep  int
	by    [2]int
}

// build2 builds the tree of shape t from c's counts of a set with class
// weights cls.
func (s *search) build2(c *counter, cls []int, t shape2) *sol {
	m, nk := s.x.m, s.x.classes
	i := t.root
	w := make([]int, 6*nk) // the two sides, then the cells of a split side
	var kids [2]*sol
	for v := range 2 {
		side := w[2*v*nk : (2*v+1)*nk]
		for k := range nk {
			r := int(c.pair[(k*m+i)*m+i])
			side[k] = r
			if v == 0 {
				side[k] = cls[k] - r
			}
		}
		kids[v] = leaf(side)
		if t.deep>>v&1 == 0 {
			continue
		}
		j := t.by[v]
		on, off := w[4*nk:5*nk], w[5*nk:]
		for k := range nk {
			base := k * m * m
			ij := int(c.pair[base+i*m+j])
			on[k] = ij
			if v == 0 {
				on[k] = int(c.pair[base+j*m+j]) - ij
			}
			off[k] = side[k] - on[k]
		}
		kids[v] = join(j, leaf(off), leaf(on))
	}
	return join(i, kids[0], kids[1])
}

// errs returns the errors of a leaf for class weights w.
func errs(w []int) int {
	total, most := 0, 0
	for _, v := range w {
		total += v
		most = max(most, v)
	}
	return total - most
}

func sum(w []int) int {
	t := 0
	for _, v := range w {
		t += v
	}
	return t
}

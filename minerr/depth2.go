package minerr

import (
	"slices"

	"github.com/odtx/odtx/objective"
)

// counter holds, for a set of items, the weight of each class and, per
// class and pair of features i <= j, the weight of the items where both
// hold (i == j: where i holds). From these every split of the set by one
// feature and then another is counted without looking at an item again.
//
// It counts the pairs (i, j) of a band of first features, lo <= i < hi:
// of every feature, unless the counts of every pair take too much memory
// (see wide).
type counter struct {
	set    []int32 // sorted
	total  []int
	m      int     // features
	lo, hi int     // the band
	pair   []int32 // class k, features i <= j at (k*(hi-lo)+i-lo)*m+j (see row); cells i > j are stale
	diag   []int32 // class k, feature i at k*m+i (see diagonal)
	nz     []int32 // scratch for countSmall
}

// newCounter returns a counter of every pair.
func newCounter(x *data) *counter {
	return newBand(x, x.m)
}

// newBand returns a counter of bands of at most rows first features, set
// to the first.
func newBand(x *data, rows int) *counter {
	c := &counter{total: make([]int, x.classes), m: x.m, pair: make([]int32, x.classes*rows*x.m), diag: make([]int32, x.classes*x.m)}
	c.band(0, rows)
	return c
}

// band makes c count the band lo <= i < hi, with no more rows than c
// was made for.
func (c *counter) band(lo, hi int) {
	c.lo, c.hi = lo, hi
	c.pair = c.pair[:len(c.total)*(hi-lo)*c.m]
}

// row returns the counts of class k where first feature i, in c's band,
// holds, by second feature.
func (c *counter) row(k, i int) []int32 {
	at := (k*(c.hi-c.lo) + i - c.lo) * c.m
	return c.pair[at : at+c.m]
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
	if incremental {
		for _, it := range removed {
			c.add(x, it, -1)
		}
		for _, it := range added {
			c.add(x, it, 1)
		}
	} else {
		c.tally(x, set)
	}
	c.set = append(c.set[:0], set...)
	return incremental
}

// tally counts set by increments, from scratch.
func (c *counter) tally(x *data, set []int32) {
	clear(c.total)
	clear(c.pair)
	for _, it := range set {
		c.add(x, it, 1)
	}
}

// add counts item it sign times.
func (c *counter) add(x *data, it int32, sign int32) {
	w := x.weight[it] * sign
	k := int(x.class[it])
	c.total[k] += int(w)
	ones := x.ones[x.start[it]:x.start[it+1]]
	a := 0
	if c.lo > 0 {
		a, _ = slices.BinarySearch(ones, int32(c.lo))
	}
	for ; a < len(ones) && int(ones[a]) < c.hi; a++ {
		row := c.row(k, int(ones[a]))
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
	if s.wide != nil {
		s.wide.count(set)
		return s.solve2(s.wide, cls, d)
	}
	c := s.nearer(set)
	if s.countSet(c, set) {
		s.stats.Incremental++
	}
	c.diagonal(s.x.m)
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
		m := s.x.m
		for k, v := range p.all.total {
			c.total[k] = v - p.one.total[k]
			for i := range m {
				lo, hi := (k*m+i)*m+i, (k*m+i+1)*m
				all, one, row := p.all.pair[lo:hi], p.one.pair[lo:hi], c.pair[lo:hi]
				for j, a := range all {
					row[j] = a - one[j]
				}
			}
		}
		c.set = append(c.set[:0], set...)
	}
	c.diagonal(s.x.m)
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

// diagonal copies the count of each feature to c.diag, whence the passes
// over pairs read the features' counts without a stride.
func (c *counter) diagonal(m int) {
	for k := range c.total {
		for i := range m {
			c.diag[k*m+i] = c.pair[(k*m+i)*m+i]
		}
	}
}

// split2 is the best a feature does at the root of a depth-two tree: the
// errors of each side as a leaf and split by its best second feature,
// among the splits that leave each leaf enough records.
type split2 struct {
	leaf, split [2]int // false side, true side
	by          [2]int // the second features
	// barred: a side holds fewer records than a leaf must
	// (objective.Options.MinLeaf), none without a minimum: the feature
	// may not split the set.
	barred bool
}

// counts is what solve2 reads of a set: a counter's, with its diagonal
// filled, or wide's.
type counts interface {
	// splits returns in sp, for each feature i, the errors of i's sides
	// as leaves and, if deep, split by their best second feature, for the
	// set, whose class weights are cls, where each leaf holds minLeaf
	// records or more (at least 1). A side no second feature splits better
	// keeps its leaf's errors, and -1 as that feature.
	splits(cls []int, deep bool, minLeaf int, sp []split2) []split2
	// both returns the weight of class k in the set where features i and
	// j hold.
	both(k, i, j int) int
}

// solve2 is depth2 once c counts the set. It works on the counts alone.
func (s *search) solve2(c counts, cls []int, d int) []*sol {
	lf := leaf(cls)
	// The best tree by budget, as a shape; root -1 is the leaf.
	win := make([]shape2, 2, 4)
	if d == 2 {
		win = win[:4]
	}
	for n := range win {
		win[n] = shape2{score: lf.S, root: -1}
	}
	s.sp = c.splits(cls, d == 2, s.minLeaf, s.sp)
	for i, sp := range s.sp {
		if sp.barred {
			continue
		}
		// The trees that split on i: each shape is scored once and tried
		// at every budget it fits. At a budget, of trees that tie, the one
		// of the least root, then of the first shape, stays.
		for deep, t := range shapes {
			sc := score{B: 1}
			for side, deep := range t {
				if !deep {
					sc.E += sp.leaf[side]
					continue
				}
				if sp.by[side] < 0 {
					sc = objective.None
					break
				}
				sc = sc.Add(score{E: sp.split[side], B: 1})
			}
			if sc == objective.None {
				continue
			}
			for n := sc.B; n < len(win); n++ {
				if s.better(sc, win[n].score) {
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

// splits is counts.splits, for a counter of every pair.
func (c *counter) splits(cls []int, deep bool, minLeaf int, sp []split2) []split2 {
	sp = leaves(c.diag, cls, minLeaf, sp)
	if deep {
		c.improve(sp, cls, minLeaf)
	}
	return sp
}

// both is counts.both, for a counter of every pair.
func (c *counter) both(k, i, j int) int {
	return int(c.row(k, min(i, j))[max(i, j)])
}

// leaves returns in sp each feature's sides as leaves, from the weight of
// each class where each holds, diag, in a set with class weights cls,
// barring the features that leave a side fewer than minLeaf records.
func leaves(diag []int32, cls []int, minLeaf int, sp []split2) []split2 {
	nk := len(cls)
	m := len(diag) / nk
	total := sum(cls)
	sp = slices.Grow(sp[:0], m)[:m]
	for i := range sp {
		on, mostOff, mostOn := 0, 0, 0
		for k := range nk {
			r := int(diag[k*m+i])
			on += r
			mostOff, mostOn = max(mostOff, cls[k]-r), max(mostOn, r)
		}
		leaf := [2]int{total - on - mostOff, on - mostOn}
		sp[i] = split2{leaf: leaf, split: leaf, by: [2]int{-1, -1}, barred: on < minLeaf || total-on < minLeaf}
	}
	return sp
}

// improve improves sp's splits by second features from c's band of
// counts, once c.diag is filled, where each leaf holds minLeaf records or
// more.
func (c *counter) improve(sp []split2, cls []int, minLeaf int) {
	if len(cls) == 2 && minLeaf <= 1 {
		c.pairs2(sp, cls)
	} else {
		c.pairs(sp, cls, minLeaf)
	}
}

// pairs improves sp's splits by second features. Features i < j split the
// set into four cells, which make four splits: each side of i by j, and
// each side of j by i. A pass over the pairs counts the cells once for all
// four, in ascending order of the second feature for every first. A cell
// of fewer than minLeaf records counts as more errors than any split
// makes, so that no split with it in a leaf is taken.
func (c *counter) pairs(sp []split2, cls []int, minLeaf int) {
	nk, m := len(cls), len(sp)
	cells := make([]int, 4*nk)
	both, iOnly, jOnly, neither := cells[:nk], cells[nk:2*nk], cells[2*nk:3*nk], cells[3*nk:]
	stride := (c.hi - c.lo) * m
	for i := c.lo; i < c.hi; i++ {
		at := (i - c.lo) * m
		for j := i + 1; j < m; j++ {
			for k := range nk {
				ij, ii, jj := int(c.pair[k*stride+at+j]), int(c.diag[k*m+i]), int(c.diag[k*m+j])
				both[k], iOnly[k], jOnly[k], neither[k] = ij, ii-ij, jj-ij, cls[k]-ii-jj+ij
			}
			eb, ei, ej, en := cellErrs(both, minLeaf), cellErrs(iOnly, minLeaf), cellErrs(jOnly, minLeaf), cellErrs(neither, minLeaf)
			sp[i].improve(0, ej+en, j)
			sp[i].improve(1, eb+ei, j)
			sp[j].improve(0, ei+en, i)
			sp[j].improve(1, eb+ej, i)
		}
	}
}

// improve makes the split of side v by feature j, with e errors, sp's if
// it is better.
func (sp *split2) improve(v, e, j int) {
	if e < sp.split[v] {
		sp.split[v], sp.by[v] = e, j
	}
}

// pairs2 is pairs for two classes, where a cell's errors are the smaller
// of its two weights.
func (c *counter) pairs2(sp []split2, cls []int) {
	m := len(sp)
	d0, d1 := c.diag[:m], c.diag[m:2*m]
	n0, n1 := int32(cls[0]), int32(cls[1])
	for i := c.lo; i < c.hi; i++ {
		ii0, ii1 := d0[i], d1[i]
		f, t := int32(sp[i].split[0]), int32(sp[i].split[1])
		byF, byT := sp[i].by[0], sp[i].by[1]
		r0 := c.row(0, i)[i+1:]
		r1 := c.row(1, i)[i+1:]
		j0, j1, rest := d0[i+1:], d1[i+1:], sp[i+1:]
		r1, j0, j1, rest = r1[:len(r0)], j0[:len(r0)], j1[:len(r0)], rest[:len(r0)]
		for k, ij0 := range r0 {
			ij1, jj0, jj1 := r1[k], j0[k], j1[k]
			both := min(ij0, ij1)
			iOnly := min(ii0-ij0, ii1-ij1)
			jOnly := min(jj0-ij0, jj1-ij1)
			neither := min(n0-ii0-jj0+ij0, n1-ii1-jj1+ij1)
			if e := jOnly + neither; e < f {
				f, byF = e, i+1+k
			}
			if e := both + iOnly; e < t {
				t, byT = e, i+1+k
			}
			if e := int(iOnly + neither); e < rest[k].split[0] {
				rest[k].split[0], rest[k].by[0] = e, i
			}
			if e := int(both + jOnly); e < rest[k].split[1] {
				rest[k].split[1], rest[k].by[1] = e, i
			}
		}
		sp[i].split, sp[i].by = [2]int{int(f), int(t)}, [2]int{byF, byT}
	}
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
func (s *search) build2(c counts, cls []int, t shape2) *sol {
	nk := s.x.classes
	i := t.root
	w := make([]int, 6*nk) // the two sides, then the cells of a split side
	var kids [2]*sol
	for v := range 2 {
		side := w[2*v*nk : (2*v+1)*nk]
		for k := range nk {
			r := c.both(k, i, i)
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
			ij := c.both(k, i, j)
			on[k] = ij
			if v == 0 {
				on[k] = c.both(k, j, j) - ij
			}
			off[k] = side[k] - on[k]
		}
		kids[v] = join(j, leaf(off), leaf(on))
	}
	return join(i, kids[0], kids[1])
}

// barredLeaf is more errors than any set makes, and two of them add up to
// no more than an int holds.
const barredLeaf = 1 << 40

// cellErrs returns the errors of a leaf for class weights w, or
// barredLeaf if it holds fewer than minLeaf records. With a minLeaf of 1,
// only an empty cell is barred, whose split makes as many errors as the
// side it splits, which then never beats the side's leaf.
func cellErrs(w []int, minLeaf int) int {
	total, most := 0, 0
	for _, v := range w {
		total += v
		most = max(most, v)
	}
	if total < minLeaf {
		return barredLeaf
	}
	return total - most
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

package minerr

import (
	"slices"
	"sync/atomic"

	"github.com/odtx/odtx/objective"
)

// score is a tree's errors and branching nodes, or a bound on them.
type score = objective.Score

// sol is a solution: a tree over the kept features with its score.
type sol = objective.Sol

// key identifies a subproblem, and entry is what the cache knows of one.
type (
	key   = objective.Key
	entry = objective.Entry
)

// frame holds the children of the node being searched at one depth: the
// sets and class weights of both sides of a feature, and what is known of
// the sides of the features tried before.
type frame struct {
	s0, s1     []int32
	cls0, cls1 []int
	// both and total are the weights of the node's set where each pair of
	// features i <= j holds (both[i*m+j]) and in all. With on, they are
	// unused when the search keeps no counts of every pair at once.
	both  []int32
	total int32
	on    []int32 // the weight of each class where each feature holds
	// tried lists the features whose sides' bounds are in bounds: for
	// feature f, side v and the k-th least budget of the node's budget
	// splits, at bounds[(2f+v)*splits+k].
	tried  []int32
	bounds []score
	one    []split2 // per feature, with one branch below it at most
}

// search is the state of one Solve.
type search struct {
	x *data
	// order is the order the search prunes by. Without a cost it first
	// ranks scores by errors alone (order.ErrorsOnly): the search finds
	// the least errors, as the peers do, and then, with what it proved of
	// every set's errors, the fewest branches.
	order   objective.Order
	anySize bool // stops after the first phase (objective.Options.AnySize)
	// handOff leaves the fewest branches of a tree without errors to
	// objective.Options.Consistent.
	handOff  bool
	off      objective.Techniques // switched off
	minLeaf  int                  // records a leaf below a split holds at least (objective.Options.LeastLeaf)
	top      int                  // the root's depth
	budget   int                  // the root's branch budget
	stop     atomic.Bool
	cache    objective.Cache
	counters [2]*counter // nil when the pair counts would be too large
	wide     *wide       // counts pairs in bands when counters are nil
	cols     columns     // scratch for counting pairs by popcounts
	parent   *parent     // counts the children of the node of depth three
	sp       []split2    // scratch for solve2
	frames   []frame
	stats    objective.Stats
	progress func(objective.Progress)
	rootLB   score // proven at the root so far
	// upper reads the score of the best tree known beside the search
	// (objective.Options.UpperBound), and outer is the least it read in
	// the order of the phase.
	upper func() score
	outer score
}

// depthTwo reports whether sets of depth two or less are solved from
// pair counts, without recursion.
func (s *search) depthTwo() bool {
	return s.counters[0] != nil || s.wide != nil
}

// better orders trees: by objective, then by branches, whatever order the
// search prunes by.
func (s *search) better(a, b score) bool {
	return objective.Order{Cost: s.order.Cost}.Less(a, b)
}

// leaf and join build solutions.
var (
	leaf = objective.Leaf
	join = objective.Join
)

// run searches from the root and returns the best tree found and a proven
// lower bound on the score of every tree within the budgets. Without a
// cost, when the least errors are 0, the bound is on errors alone: the
// fewest branches are then a question for the zero-error engine. So it is
// with anySize, which does not ask it.
func (s *search) run() (*sol, score) {
	all := make([]int32, s.x.n)
	cls := make([]int, s.x.classes)
	for i := range all {
		all[i] = int32(i)
		cls[s.x.class[i]] += int(s.x.weight[i])
	}
	h := s.hash(all)
	best := leaf(cls)
	if !s.off.Greedy {
		best = s.greedy(all, cls, s.top, s.budget)
	}
	s.report(best, s.rootLB)
	// The search looks for a tree strictly better than the greedy one (or
	// the leaf) and the one known beside it; if there is none, the better
	// of those is optimal.
	s.order.ErrorsOnly = s.order.Cost == 0
	if found, _ := s.node(all, h, cls, s.top, s.budget, s.tighten(best.S), score{}); found != nil && s.order.Less(found.S, best.S) {
		best = found
	}
	switch {
	case s.stop.Load() && s.order.ErrorsOnly:
		return best, score{E: s.rootLB.E}
	case s.stop.Load():
		return best, s.rootLB
	case s.order.ErrorsOnly && (best.S.E == 0 && s.handOff || s.anySize):
		return best, score{E: s.order.Min(best.S, s.outer).E}
	case s.order.ErrorsOnly:
		s.rootLB = score{E: s.order.Min(best.S, s.outer).E}
		s.order.ErrorsOnly = false
		// Read anew in this phase's order: ties on errors alone may
		// hide fewer branches.
		s.outer = objective.None
		s.reuse()
		if found, _ := s.node(all, h, cls, s.top, s.budget, s.tighten(best.S), s.rootLB); found != nil {
			best = found
		}
		if s.stop.Load() {
			return best, s.rootLB
		}
	}
	return best, s.order.Min(best.S, s.outer)
}

// tighten returns the lesser of ub and the score of the best tree known
// beside the search (objective.Options.UpperBound), which it notes as
// outer. While the first phase hands a tree without errors to the
// zero-error engine, a known one of no errors does not bound it below one
// error: the search still finds its own to hand.
func (s *search) tighten(ub score) score {
	if s.upper == nil {
		return ub
	}
	s.outer = s.order.Min(s.outer, s.upper())
	known := s.outer
	if s.handOff && s.order.ErrorsOnly {
		known = s.order.Max(known, score{E: 1})
	}
	return s.order.Min(ub, known)
}

// reuse turns what the search proved of errors alone into bounds for the
// order by errors and then branches: an optimum becomes a lower bound on
// the errors and the best tree known, a bound a bound on the errors. The
// optima of depth two are exact in both orders.
func (s *search) reuse() {
	s.cache.Rewrite(func(k key, e entry) entry {
		switch {
		case e.Opt != nil && k.D <= 2 && s.depthTwo():
			return e
		case e.Opt != nil:
			return entry{LB: score{E: e.Opt.S.E}, UB: e.Opt}
		}
		return entry{LB: score{E: e.LB.E}}
	})
}

// report passes an improvement at the root to the Progress function.
func (s *search) report(best *sol, lb score) {
	if s.progress == nil {
		return
	}
	p := objective.Progress{Errors: best.S.E, Branches: best.S.B, Bound: s.order.Value(lb)}
	if s.order.Cost == 0 {
		p.ErrorBound = lb.E
	}
	s.progress(p)
}

// node returns an optimal tree of depth at most d with at most n branching
// nodes for the items in set, whose hash sums are h and class weights cls,
// if its score is less than ub, and otherwise nil and a lower bound on the
// score, not less than ub: the least of what the search proved of each
// tree it tried, which may exceed ub and so bound the sets like this one
// better. lb is a known lower bound. When the search stops, node returns
// at once and caches nothing. At the root, ub falls as the search reads
// the trees known beside it (tighten): the tree returned beat ub as it
// stood when found, and a later tree may beat it unfound.
func (s *search) node(set []int32, h [2]uint64, cls []int, d, n int, ub, lb score) (*sol, score) {
	s.stats.Subproblems++
	lf := leaf(cls)
	n = objective.LeafBudget(min(n, objective.MaxBranches(d)), sum(cls), s.minLeaf)
	if n == 0 || lf.S.E == 0 {
		return s.order.IfLess(lf, ub), lf.S
	}
	if s.stop.Load() {
		return nil, ub
	}
	k := objective.KeyOf(h, d, n)
	e, hit := s.cache.Get(k)
	if hit {
		s.stats.CacheHits++
		if e.Opt != nil {
			return s.order.IfLess(e.Opt, ub), e.Opt.S
		}
		lb = s.order.Max(lb, e.LB)
	}
	var best *sol
	if e.UB != nil && s.order.Less(e.UB.S, ub) {
		best, ub = e.UB, e.UB.S
	}
	if !s.order.Less(lb, ub) {
		if best != nil {
			s.cache.Put(k, entry{Opt: best})
			return best, best.S
		}
		return nil, lb
	}
	if d <= 2 && s.depthTwo() {
		sols := s.depth2(set, cls, d)
		if s.stop.Load() {
			return s.order.IfLess(sols[n], ub), ub
		}
		for b, t := range sols {
			s.cache.Put(key{H: h, D: int32(d), N: int32(b)}, entry{Opt: t})
		}
		return s.order.IfLess(sols[n], ub), sols[n].S
	}
	root := d == s.top && len(set) == s.x.n
	if s.order.Less(lf.S, ub) {
		best, ub = lf, lf.S
	}
	if s.depthTwo() {
		// The best trees of depth two are trees of depth d, and bound the
		// branches of the others (see fewestLB).
		low := s.shallow(set, h, cls)
		if s.stop.Load() {
			return s.order.IfLess(low[min(n, len(low)-1)], ub), ub
		}
		if t := low[min(n, len(low)-1)]; s.order.Less(t.S, ub) {
			best, ub = t, t.S
		}
		if s.order.Cost == 0 && !s.order.ErrorsOnly {
			lb = s.order.Max(lb, fewestLB(shallowLeast(low), lb.E))
		}
	}
	// Without a tree better than ub, each tree tried, the leaf among them,
	// is bounded by what the search proved of it, and so is the set. When
	// lb, raised above, leaves no tree to try, lb is all that is proven:
	// not the leaf, which a tree of more branches may beat.
	proven := lb
	if s.order.Less(lb, ub) {
		best, ub, proven = s.branch(set, h, cls, d, n, ub, lb, best, root)
		if s.stop.Load() {
			return best, ub
		}
	}
	if best != nil {
		// At the root, a tree known beside the search may beat best.
		if !root {
			s.cache.Put(k, entry{Opt: best})
		}
		return best, best.S
	}
	proven = s.order.Max(lb, s.order.Min(proven, lf.S))
	s.cache.Put(k, entry{LB: proven, UB: e.UB})
	return nil, proven
}

// shallow returns the optimal trees of depth at most two for set, by
// branch budget, from the cache or the depth-two solver; trees not proven
// optimal if the search stops.
func (s *search) shallow(set []int32, h [2]uint64, cls []int) []*sol {
	low := make([]*sol, 4)
	for b := range low {
		e, ok := s.cache.Get(key{H: h, D: 2, N: int32(b)})
		if !ok || e.Opt == nil {
			low = s.depth2(set, cls, 2)
			if s.stop.Load() {
				break
			}
			for b, t := range low {
				s.cache.Put(key{H: h, D: 2, N: int32(b)}, entry{Opt: t})
			}
			break
		}
		low[b] = e.Opt
	}
	return low
}

// fewestLB bounds the branches of a tree with e errors, given the least
// errors least[b] of trees with at most b branches for the first few b:
// it needs at least the first b for which that is no more than e.
func fewestLB(least []int, e int) score {
	for b, v := range least {
		if v <= e {
			return score{E: e, B: b}
		}
	}
	return score{E: e, B: len(least)}
}

// shallowLeast is what the optima of depth two, by budget, tell fewestLB:
// a tree of at most two branches has depth at most two.
func shallowLeast(low []*sol) []int {
	return []int{low[0].S.E, low[1].S.E, low[2].S.E}
}

// branch tries every feature at the root of a node's tree, as node
// describes, given the best tree so far and its score ub. It returns the
// best tree found, its score, and the least lower bound proven of the
// trees that are not better than ub.
func (s *search) branch(set []int32, h [2]uint64, cls []int, d, n int, ub, lb score, best *sol, root bool) (*sol, score, score) {
	x := s.x
	fr := &s.frames[d]
	// Budget splits: the false side gets lo..hi branching nodes, the true
	// side the rest. More budget never hurts, so the two use all of n-1.
	child := objective.MaxBranches(d - 1)
	lo, hi := max(0, n-1-child), min(n-1, child)
	splits := hi - lo + 1
	if cap(fr.s0) < len(set) {
		fr.s0 = make([]int32, 0, len(set))
		fr.s1 = make([]int32, 0, len(set))
	}
	if fr.cls0 == nil {
		fr.cls0 = make([]int, x.classes)
		fr.cls1 = make([]int, x.classes)
	}
	var pa *parent // set when the children are counted from set's columns
	// byCounts is set when listing the sides' items would cost more than
	// counting them: many items and few features. The sides are then
	// solved from pa's counts alone, and neither listed nor cached.
	byCounts := false
	if d == 3 && s.counters[0] != nil {
		if inc, pop := x.pairCost(set); pop < inc {
			if s.parent == nil {
				s.parent = &parent{all: newCounter(x), one: newCounter(x), feature: -1}
			}
			pa = s.parent
			pa.cols.fill(x, set)
			if c := s.counting(set); c != nil {
				// The node's trees of depth two were just counted.
				copy(pa.all.pair, c.pair)
				copy(pa.all.total, c.total)
			} else {
				pa.all.countPairs(x, &pa.cols, nil)
			}
			defer func() { pa.feature = -1 }()
			// Listing, hashing and comparing a side costs some 16
			// popcounts of a word per item.
			byCounts = pop < 16*len(set)
			pa.tri = pa.tri[:0]
			if byCounts && x.classes*x.m*x.m*x.m <= 1<<22 {
				pa.countTriples(x)
			}
		}
	}
	// The set's pair counts give each feature's sides, and how much any
	// two sides differ, without listing them (see siblings).
	var c *counter
	if s.counters[0] != nil && x.m*x.m <= maxBoth {
		if pa != nil {
			c = pa.all
		} else {
			c = s.nearer(set)
			s.countSet(c, set)
		}
		fr.weigh(x.m, c, sum(cls))
	}
	var one []split2
	if d == 3 && s.order.Cost == 0 && !s.order.ErrorsOnly && c != nil {
		// The least errors of each side of each feature with one branch
		// bound the branches of the sides' trees (see fewestLB).
		c.diagonal(x.m)
		fr.one = c.splits(cls, true, s.minLeaf, fr.one)
		one = fr.one
	}
	fr.tried = fr.tried[:0]
	fr.bounds = slices.Grow(fr.bounds[:0], 2*splits*x.m)[:2*splits*x.m]
	proven := objective.None
	for f := range x.m {
		if root {
			ub = s.tighten(ub)
		}
		if s.stop.Load() {
			if root {
				s.rootBound(set, h, cls, d, n, f, ub, lb)
			}
			return best, ub, proven
		}
		listed := c == nil
		if listed {
			s.partition(fr, set, cls, f)
		} else {
			fr.sides(cls, f)
		}
		if sum(fr.cls0) < s.minLeaf || sum(fr.cls1) < s.minLeaf {
			continue // a side empty, or too small for a leaf
		}
		hashed := false
		var h0, h1 [2]uint64
		var sols [2][]*sol // with byCounts, the sides' optima by budget
		bounds := fr.bounds[2*splits*f : 2*splits*(f+1)]
		// raise raises lb, a bound on side v of f with class weights cls,
		// by its optima of one branch.
		raise := func(v int, lb score, cls []int) score {
			if one != nil {
				lb = s.order.Max(lb, fewestLB([]int{errs(cls), one[f].split[v]}, lb.E))
			}
			return lb
		}
		fits := func(lb0, lb1 score) bool { return s.order.Less(lb0.Add(lb1).Add(objective.Branch), ub) }
		for j := range splits {
			nl := lo + j
			nr := n - 1 - nl
			// First what needs no listing of the sides: their floors, the
			// sides tried before, their optima of one branch.
			var lb0, lb1 score
			if c != nil && !s.off.Similarity {
				lb0, lb1 = s.siblings(fr, f, nl-lo, nr-lo, splits)
			}
			lb0 = raise(0, s.order.Max(lb0, s.floor(fr.cls0)), fr.cls0)
			lb1 = raise(1, s.order.Max(lb1, s.floor(fr.cls1)), fr.cls1)
			if fits(lb0, lb1) && !byCounts {
				if !listed {
					s.partition(fr, set, cls, f)
					listed = true
				}
				if !hashed {
					hashed = true
					h1 = s.hash(fr.s1)
					h0 = [2]uint64{h[0] - h1[0], h[1] - h1[1]}
				}
				lb0 = raise(0, s.order.Max(lb0, s.cache.LB(h0, d-1, nl)), fr.cls0)
				lb1 = raise(1, s.order.Max(lb1, s.cache.LB(h1, d-1, nr)), fr.cls1)
			}
			bounds[nl-lo], bounds[splits+nr-lo] = lb0, lb1
			if !fits(lb0, lb1) {
				s.stats.Pruned++
				proven = s.order.Min(proven, lb0.Add(lb1).Add(objective.Branch))
				continue
			}
			if pa != nil && pa.feature != f {
				pa.feature, pa.ready, pa.sides = f, false, [2][]int32{fr.s0, fr.s1}
			}
			// The side whose leaf makes more errors first: its tree, the
			// more likely the worse, is then the more likely to show that
			// the other need not be searched.
			sets, hs, clss := [2][]int32{fr.s0, fr.s1}, [2][2]uint64{h0, h1}, [2][]int{fr.cls0, fr.cls1}
			nb, lbs := [2]int{nl, nr}, [2]score{lb0, lb1}
			solve := func(v int, ub score) (*sol, score) {
				if pa != nil {
					pa.side = v
				}
				if !byCounts {
					return s.node(sets[v], hs[v], clss[v], d-1, nb[v], ub, lbs[v])
				}
				if nb[v] == 0 || errs(clss[v]) == 0 {
					lf := leaf(clss[v])
					return s.order.IfLess(lf, ub), lf.S
				}
				if sols[v] == nil {
					s.stats.Depth2++
					sols[v] = s.solve2(pa.child(s, nil), clss[v], 2)
				}
				return s.order.IfLess(sols[v][nb[v]], ub), sols[v][nb[v]].S
			}
			a := 0
			if errs(fr.cls1) > errs(fr.cls0) {
				a = 1
			}
			b := 1 - a
			ra, la := solve(a, ub.Sub(lbs[b]).Sub(objective.Branch))
			if s.stop.Load() {
				if root {
					s.rootBound(set, h, cls, d, n, f, ub, lb)
				}
				return best, ub, proven
			}
			if ra == nil {
				lbs[a] = s.order.Max(lbs[a], la)
				bounds[a*splits+nb[a]-lo] = lbs[a]
				proven = s.order.Min(proven, lbs[0].Add(lbs[1]).Add(objective.Branch))
				continue
			}
			lbs[a] = ra.S
			bounds[a*splits+nb[a]-lo] = lbs[a]
			rb, lb2 := solve(b, ub.Sub(ra.S).Sub(objective.Branch))
			if s.stop.Load() {
				if root {
					s.rootBound(set, h, cls, d, n, f, ub, lb)
				}
				return best, ub, proven
			}
			if rb == nil {
				lbs[b] = s.order.Max(lbs[b], lb2)
				bounds[b*splits+nb[b]-lo] = lbs[b]
				proven = s.order.Min(proven, lbs[0].Add(lbs[1]).Add(objective.Branch))
				continue
			}
			bounds[b*splits+nb[b]-lo] = rb.S
			r0, r1 := ra, rb
			if a == 1 {
				r0, r1 = rb, ra
			}
			best = join(f, r0, r1)
			ub = best.S
			if root {
				s.report(best, s.rootLB)
			}
		}
		fr.tried = append(fr.tried, int32(f))
		if !s.order.Less(lb, ub) {
			break
		}
	}
	return best, ub, proven
}

// maxBoth is the most cells of a frame's pair weights (frame.both), which
// each node of depth three or more keeps while it searches.
const maxBoth = 1 << 22

// weigh fills fr.both, fr.total and fr.on from c's counts of the node's
// set, of weight total, over m features.
func (fr *frame) weigh(m int, c *counter, total int) {
	fr.total = int32(total)
	fr.on = fr.on[:0]
	for k := range c.total {
		for f := range m {
			fr.on = append(fr.on, c.pair[(k*m+f)*m+f])
		}
	}
	fr.both = slices.Grow(fr.both[:0], m*m)[:m*m]
	copy(fr.both, c.pair[:m*m])
	for k := 1; k < len(c.total); k++ {
		p := c.pair[k*m*m : (k+1)*m*m]
		for i := range m {
			for j := i; j < m; j++ {
				fr.both[i*m+j] += p[i*m+j]
			}
		}
	}
}

// siblings returns what the features tried before at fr's node prove of
// the false and true sides of feature f with the k0-th and k1-th least
// budgets: a tree for a side makes at most w more errors on another side
// than on it, if the other side has items of weight w that it has not,
// and the pair weights give w. The tree loses on the other side the items
// it lacks too, which may leave a leaf fewer records than a minimum leaf
// size asks: with one, the bound does not hold, and the search goes
// without it (newSearch).
func (s *search) siblings(fr *frame, f, k0, k1, splits int) (lb0, lb1 score) {
	m, both := s.x.m, fr.both
	wf := both[f*m+f]
	for _, g := range fr.tried {
		g := int(g)
		wg, wfg := both[g*m+g], both[min(f, g)*m+max(f, g)]
		b := fr.bounds[2*splits*g : 2*splits*(g+1)]
		f0, t0, f1, t1 := b[k0], b[splits+k0], b[k1], b[splits+k1]
		// f's false side lacks the items of g's sides where f holds, its
		// true side those where f does not.
		lb0 = s.order.Max(lb0, score{E: f0.E - int(wf-wfg), B: f0.B})
		lb0 = s.order.Max(lb0, score{E: t0.E - int(wfg), B: t0.B})
		lb1 = s.order.Max(lb1, score{E: f1.E - int(fr.total-wf-wg+wfg), B: f1.B})
		lb1 = s.order.Max(lb1, score{E: t1.E - int(wg-wfg), B: t1.B})
	}
	return lb0, lb1
}

// floor is the least score of a set with class weights cls: none if it is
// pure, and otherwise the better of a leaf and a branch without errors.
func (s *search) floor(cls []int) score {
	lf := leaf(cls)
	if lf.S.E == 0 || s.order.Less(lf.S, score{B: 1}) {
		return lf.S
	}
	return score{B: 1}
}

// partition splits set by feature f into the frame's sets and class
// weights.
func (s *search) partition(fr *frame, set []int32, cls []int, f int) {
	x := s.x
	// Without a branch on the features, which no predictor guesses: both
	// sets take every item, and only its own side's advances.
	s0, s1 := fr.s0[:len(set)], fr.s1[:len(set)]
	n0, n1 := 0, 0
	clear(fr.cls1)
	fw, fb := f/64, uint(f%64)
	for _, i := range set {
		on := int(x.rows[int(i)*x.words+fw] >> fb & 1)
		s0[n0], s1[n1] = i, i
		n0 += 1 - on
		n1 += on
		fr.cls1[x.class[i]] += int(x.weight[i]) & -on
	}
	for k := range cls {
		fr.cls0[k] = cls[k] - fr.cls1[k]
	}
	fr.s0, fr.s1 = s0[:n0], s1[:n1]
}

// sides is partition from the frame's counts of the set (see frame.weigh):
// it fills the class weights alone, and empties the sets.
func (fr *frame) sides(cls []int, f int) {
	m := len(fr.on) / len(cls)
	for k := range cls {
		on := int(fr.on[k*m+f])
		fr.cls1[k], fr.cls0[k] = on, cls[k]-on
	}
	fr.s0, fr.s1 = fr.s0[:0], fr.s1[:0]
}

// rootBound records, when the search stops at the root while trying
// feature from, the bound it has proven. The features before it, and the
// leaf, cannot beat ub; each feature from it on cannot beat the sum of the
// bounds the cache holds for its children.
func (s *search) rootBound(set []int32, h [2]uint64, cls []int, d, n, from int, ub, lb score) {
	fr := &s.frames[d]
	child := objective.MaxBranches(d - 1)
	lo, hi := max(0, n-1-child), min(n-1, child)
	bound := ub
	for f := from; f < s.x.m; f++ {
		s.partition(fr, set, cls, f)
		if sum(fr.cls0) < s.minLeaf || sum(fr.cls1) < s.minLeaf {
			continue
		}
		h1 := s.hash(fr.s1)
		h0 := [2]uint64{h[0] - h1[0], h[1] - h1[1]}
		for nl := lo; nl <= hi; nl++ {
			b := s.order.Max(s.cache.LB(h0, d-1, nl), score{}).Add(s.order.Max(s.cache.LB(h1, d-1, n-1-nl), score{})).Add(objective.Branch)
			if s.order.Less(b, bound) {
				bound = b
			}
		}
	}
	s.rootLB = s.order.Max(s.rootLB, s.order.Max(lb, bound))
}

// hash returns the hash sums of set.
func (s *search) hash(set []int32) [2]uint64 {
	var h [2]uint64
	for _, i := range set {
		h[0] += s.x.hash1[i]
		h[1] += s.x.hash2[i]
	}
	return h
}

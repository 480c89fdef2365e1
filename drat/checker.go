package drat

import (
	"cmp"
	"context"
	"errors"
	"math"
	"slices"
)

// lit is a literal over the checker's own variables, numbered densely from 1
// in order of appearance so that arrays indexed by literal stay as small as
// the formula whatever numbers its files use: 2v for v and 2v+1 for -v.
type lit uint32

func (l lit) neg() lit { return l ^ 1 }

// clause locates a clause's literals in the arena, where two words precede
// them: the clause's index, and its length with deadBit set once it is
// deleted. Propagation, which finds clauses by their offset, thus reads
// one place in memory rather than two. The first two literals are the
// watched ones. Live clauses are chained by next in the buckets of a hash
// table on their literal sets, by which deletions find them.
type clause struct {
	off  int32  // of the first literal
	next int32  // in the bucket's chain, or -1
	hash uint32 // the set's hash, to skip most unequal clauses at once
}

const deadBit = 1 << 31

// deadOff is where deleted clauses point once collect has dropped them: an
// empty dead clause at the start of the arena.
const deadOff = 2

// watch is an entry of a literal's watch list of clauses longer than two.
// blocker is another literal of the clause: while it is true the clause need
// not be looked at.
type watch struct {
	off     int32
	blocker lit
}

// bin is an entry of a literal's list of binary clauses: the other literal.
// Binary clauses get lists of their own, propagated before longer clauses,
// since they imply at the cost of one lookup and most conflicts need them.
type bin struct {
	other lit
	cid   int32
}

// checker holds the clause database with two-watched-literal unit
// propagation. Whatever is on the trail between steps is implied at the top
// level by the clauses present, and fully propagated.
type checker struct {
	arena   []lit
	clauses []clause
	buckets []int32 // heads of chains of live clauses, or -1; a power of 2 long
	live    int
	watches [][]watch // by literal; deleted clauses are dropped lazily
	bins    [][]bin   // by literal; deleted clauses are dropped at once
	vals    []int8    // by literal: 1 true, -1 false, 0 unassigned
	reason  []int32   // by variable: the clause that implied it, or -1
	trail   []lit
	qhead   int // next on the trail to propagate through longer clauses
	qbin    int // next on the trail to propagate through binary clauses

	// conflict is a clause falsified at the top level, or -1. Once there is
	// one, every lemma is RUP and nothing more needs checking.
	conflict int32

	// Variables: the files' numbers to ours and back.
	small []int32 // by the files' number, when small
	large map[int]int32
	extOf []int // by our number

	stamps   []uint32 // by literal: marks for dedup and delete
	stamp    uint32
	deadLits int // words of the arena held by deleted clauses
}

// smallVars bounds the table that maps the files' variables to ours; larger
// numbers, rare in practice, go through a map.
const smallVars = 1 << 22

func newChecker() *checker {
	return &checker{
		arena:    []lit{0, deadBit},
		buckets:  []int32{-1},
		watches:  make([][]watch, 2),
		bins:     make([][]bin, 2),
		vals:     make([]int8, 2),
		reason:   make([]int32, 1),
		extOf:    make([]int, 1),
		stamps:   make([]uint32, 2),
		large:    make(map[int]int32),
		conflict: -1,
	}
}

// variable returns our number for the files' variable v > 0, allocating one
// at its first appearance.
func (c *checker) variable(v int) lit {
	if v < smallVars {
		if v < len(c.small) && c.small[v] != 0 {
			return lit(c.small[v])
		}
	} else if id, ok := c.large[v]; ok {
		return lit(id)
	}
	id := int32(len(c.extOf))
	c.extOf = append(c.extOf, v)
	c.reason = append(c.reason, -1)
	c.vals = append(c.vals, 0, 0)
	c.watches = append(c.watches, nil, nil)
	c.bins = append(c.bins, nil, nil)
	c.stamps = append(c.stamps, 0, 0)
	if v < smallVars {
		for len(c.small) <= v {
			c.small = append(c.small, 0)
		}
		c.small[v] = id
	} else {
		c.large[v] = id
	}
	return lit(id)
}

// literal converts a nonzero DIMACS literal.
func (c *checker) literal(x int) lit {
	if x < 0 {
		return c.variable(-x)<<1 | 1
	}
	return c.variable(x) << 1
}

// external returns clause cid in DIMACS numbers, sorted by variable: the
// watches reorder the literals, and a sorted clause is easier to find.
func (c *checker) external(cid int32) []int {
	lits := c.lits(cid)
	ext := make([]int, len(lits))
	for i, l := range lits {
		ext[i] = c.extOf[l>>1]
		if l&1 != 0 {
			ext[i] = -ext[i]
		}
	}
	slices.SortFunc(ext, func(a, b int) int { return cmp.Compare(abs(a), abs(b)) })
	return ext
}

// lits returns the literals of clause cid.
func (c *checker) lits(cid int32) []lit {
	off := c.clauses[cid].off
	return c.arena[off : off+int32(c.arena[off-1]&^deadBit)]
}

func (c *checker) dead(cid int32) bool {
	return c.arena[c.clauses[cid].off-1]&deadBit != 0
}

// nextStamp returns a fresh mark for the stamps array.
func (c *checker) nextStamp() uint32 {
	c.stamp++
	if c.stamp == 0 {
		clear(c.stamps)
		c.stamp = 1
	}
	return c.stamp
}

// dedup removes repeated literals in place, keeping the first of each, so
// that a lemma's first literal stays its RAT pivot.
func (c *checker) dedup(lits []lit) []lit {
	s := c.nextStamp()
	out := lits[:0]
	for _, l := range lits {
		if c.stamps[l] != s {
			c.stamps[l] = s
			out = append(out, l)
		}
	}
	return out
}

// hash is the same for any order of the same literals.
func hash(lits []lit) uint64 {
	var h uint64
	for _, l := range lits {
		x := uint64(l) + 0x9e3779b97f4a7c15
		x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
		x = (x ^ x>>27) * 0x94d049bb133111eb
		h += x ^ x>>31
	}
	return h
}

func (c *checker) assign(l lit, reason int32) {
	c.vals[l] = 1
	c.vals[l.neg()] = -1
	c.reason[l>>1] = reason
	c.trail = append(c.trail, l)
}

// backtrack undoes the assignments made since the trail had length n.
func (c *checker) backtrack(n int) {
	for _, l := range c.trail[n:] {
		c.vals[l] = 0
		c.vals[l.neg()] = 0
		c.reason[l>>1] = -1
	}
	c.trail = c.trail[:n]
	c.qhead = n
	c.qbin = n
}

// propagate runs unit propagation to its end and returns a falsified clause,
// or -1. Binary clauses go first: longer ones are visited only once binary
// ones imply nothing more.
func (c *checker) propagate() int32 {
	for {
		for c.qbin < len(c.trail) {
			t := c.trail[c.qbin]
			c.qbin++
			for _, b := range c.bins[t.neg()] {
				switch c.vals[b.other] {
				case -1:
					return b.cid
				case 0:
					c.assign(b.other, b.cid)
				}
			}
		}
		if c.qhead == len(c.trail) {
			return -1
		}
		f := c.trail[c.qhead].neg() // has become false
		c.qhead++
		if confl := c.propagateLong(f); confl >= 0 {
			return confl
		}
	}
}

// propagateLong visits the clauses longer than two that watch f, which has
// become false, and returns a falsified clause, or -1.
func (c *checker) propagateLong(f lit) int32 {
	ws := c.watches[f]
	i, j := 0, 0
	for i < len(ws) {
		w := ws[i]
		i++
		if c.vals[w.blocker] > 0 {
			ws[j] = w
			j++
			continue
		}
		n := c.arena[w.off-1]
		if n&deadBit != 0 {
			continue // dropped from the list
		}
		lits := c.arena[w.off : w.off+int32(n)]
		if lits[0] == f {
			lits[0], lits[1] = lits[1], f
		}
		first := lits[0]
		if first != w.blocker && c.vals[first] > 0 {
			ws[j] = watch{w.off, first}
			j++
			continue
		}
		moved := false
		for k := 2; k < len(lits); k++ {
			if c.vals[lits[k]] >= 0 {
				lits[1], lits[k] = lits[k], f
				c.watches[lits[1]] = append(c.watches[lits[1]], watch{w.off, first})
				moved = true
				break
			}
		}
		if moved {
			continue
		}
		ws[j] = watch{w.off, first}
		j++
		cid := int32(c.arena[w.off-2])
		if c.vals[first] < 0 {
			j += copy(ws[j:], ws[i:])
			c.watches[f] = ws[:j]
			return cid
		}
		c.assign(first, cid)
	}
	c.watches[f] = ws[:j]
	return -1
}

// rup reports whether the clause is RUP: whether assigning the negation of
// its literals and propagating yields a conflict. If it does not, the
// assignment stays for the RAT check and the caller backtracks.
func (c *checker) rup(lits []lit) bool {
	for _, l := range lits {
		switch c.vals[l] {
		case 1:
			return true
		case 0:
			c.assign(l.neg(), -1)
		}
	}
	return c.propagate() >= 0
}

// ratScanCtx is how many clauses a RAT check scans between looks at the
// context.
const ratScanCtx = 1 << 14

// implied reports whether the lemma is RUP, or else RAT on its first literal.
// When it is neither and a resolvent is to blame, blocker is the clause it
// was resolved with; otherwise -1.
func (c *checker) implied(ctx context.Context, lits []lit) (ok bool, blocker int32, err error) {
	top := len(c.trail)
	defer c.backtrack(top)
	if c.rup(lits) {
		return true, -1, nil
	}
	// ¬C is assigned and propagated without conflict. C is RAT on p if for
	// every clause D holding ¬p, C ∨ (D \ ¬p) is RUP: the assignment extends
	// by the negation of D's other literals.
	np := lits[0].neg()
	level := len(c.trail)
	for cid := range c.clauses {
		if cid%ratScanCtx == 0 {
			if err := ctx.Err(); err != nil {
				return false, -1, err
			}
		}
		if c.dead(int32(cid)) {
			continue
		}
		d := c.lits(int32(cid))
		holds := false
		for _, q := range d {
			if q == np {
				holds = true
				break
			}
		}
		if !holds {
			continue
		}
		conflict := false
		for _, q := range d {
			if q == np {
				continue
			}
			if c.vals[q] > 0 {
				conflict = true
				break
			}
			if c.vals[q] == 0 {
				c.assign(q.neg(), -1)
			}
		}
		if !conflict {
			conflict = c.propagate() >= 0
		}
		c.backtrack(level)
		if !conflict {
			return false, int32(cid), nil
		}
	}
	return true, -1, nil
}

var errTooMany = errors.New("more clauses than the checker can hold")

// add puts a clause in the database at the top level and propagates. Its
// literals must be distinct.
func (c *checker) add(lits []lit) error {
	if len(c.clauses) >= math.MaxInt32 || len(c.arena)+2+len(lits) > math.MaxInt32 {
		return errTooMany
	}
	cid := int32(len(c.clauses))
	c.arena = append(c.arena, lit(cid), lit(len(lits)))
	off := int32(len(c.arena))
	c.arena = append(c.arena, lits...)
	c.clauses = append(c.clauses, clause{off: off, hash: uint32(hash(lits))})
	c.link(cid)
	if c.conflict >= 0 {
		return nil // nothing is checked any more, and the conflict must stay
	}
	a := c.arena[off:]
	switch len(a) {
	case 0:
		c.conflict = cid
		return nil
	case 1:
		switch c.vals[a[0]] {
		case -1:
			c.conflict = cid
		case 0:
			c.assign(a[0], cid)
			c.conflict = c.propagate()
		}
		return nil
	}
	// Watch the two best literals: true before unassigned before false.
	rank := func(l lit) int8 { return c.vals[l] + 1 }
	for w := 0; w < 2; w++ {
		best := w
		for k := w + 1; k < len(a); k++ {
			if rank(a[k]) > rank(a[best]) {
				best = k
			}
		}
		a[w], a[best] = a[best], a[w]
	}
	if len(a) == 2 {
		c.bins[a[0]] = append(c.bins[a[0]], bin{a[1], cid})
		c.bins[a[1]] = append(c.bins[a[1]], bin{a[0], cid})
	} else {
		c.watches[a[0]] = append(c.watches[a[0]], watch{off, a[1]})
		c.watches[a[1]] = append(c.watches[a[1]], watch{off, a[0]})
	}
	switch {
	case c.vals[a[0]] < 0:
		c.conflict = cid
	case c.vals[a[0]] == 0 && c.vals[a[1]] < 0:
		c.assign(a[0], cid)
		c.conflict = c.propagate()
	}
	return nil
}

// link puts a new live clause at the head of its bucket's chain, so that of
// several copies the latest is found first: it is the likeliest to go soon
// anyway.
func (c *checker) link(cid int32) {
	c.live++
	if c.live > len(c.buckets) {
		c.buckets = make([]int32, 2*len(c.buckets))
		for i := range c.buckets {
			c.buckets[i] = -1
		}
		for i := range cid {
			if !c.dead(i) {
				c.chain(i)
			}
		}
	}
	c.chain(cid)
}

func (c *checker) chain(cid int32) {
	cl := &c.clauses[cid]
	b := cl.hash & uint32(len(c.buckets)-1)
	cl.next = c.buckets[b]
	c.buckets[b] = cid
}

// delete removes a clause with the given (distinct) literals, unless there is
// none or each is the reason for a top-level literal (see Check).
func (c *checker) delete(lits []lit) {
	h := uint32(hash(lits))
	s := c.nextStamp()
	for _, l := range lits {
		c.stamps[l] = s
	}
	link := &c.buckets[h&uint32(len(c.buckets)-1)]
	for *link >= 0 {
		cid := *link
		cl := &c.clauses[cid]
		a := c.lits(cid)
		if cl.hash == h && len(a) == len(lits) && c.stamped(a, s) && !c.isReason(cid) {
			*link = cl.next
			c.arena[cl.off-1] |= deadBit
			if len(a) == 2 {
				c.unbin(a[0], cid)
				c.unbin(a[1], cid)
			}
			c.live--
			c.deadLits += 2 + len(a)
			if c.deadLits > collectAfter && c.deadLits > len(c.arena)/2 {
				c.collect()
			}
			return
		}
		link = &cl.next
	}
}

// unbin removes binary clause cid from the list of l.
func (c *checker) unbin(l lit, cid int32) {
	bs := c.bins[l]
	for i, b := range bs {
		if b.cid == cid {
			c.bins[l] = append(bs[:i], bs[i+1:]...)
			return
		}
	}
}

// stamped reports whether all the literals carry stamp s.
func (c *checker) stamped(lits []lit, s uint32) bool {
	for _, l := range lits {
		if c.stamps[l] != s {
			return false
		}
	}
	return true
}

// isReason reports whether the clause implied a literal at the top level.
func (c *checker) isReason(cid int32) bool {
	for _, l := range c.lits(cid) {
		if c.vals[l] > 0 && c.reason[l>>1] == cid {
			return true
		}
	}
	return false
}

// collectAfter is how many words deleted clauses may hold in the arena
// before collect is worth its pass; tests lower it.
var collectAfter = 1 << 20

// collect drops deleted clauses from the arena and the watch lists, so that
// memory follows the live database rather than the length of the proof.
// It runs at the top level, where every live clause longer than two either
// has both watched literals unassigned or true, or is satisfied for good:
// so the watches are rebuilt on the first two literals as they stand.
func (c *checker) collect() {
	arena := make([]lit, deadOff, len(c.arena)-c.deadLits)
	copy(arena, c.arena[:deadOff])
	for l := range c.watches {
		c.watches[l] = c.watches[l][:0]
	}
	for i := range c.clauses {
		cl := &c.clauses[i]
		if c.dead(int32(i)) {
			cl.off = deadOff
			continue
		}
		a := c.lits(int32(i))
		arena = append(arena, c.arena[cl.off-2:cl.off+int32(len(a))]...)
		cl.off = int32(len(arena) - len(a))
		if len(a) > 2 {
			c.watches[a[0]] = append(c.watches[a[0]], watch{cl.off, a[1]})
			c.watches[a[1]] = append(c.watches[a[1]], watch{cl.off, a[0]})
		}
	}
	c.arena = arena
	c.deadLits = 0
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

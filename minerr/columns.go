package minerr

import (
	"math/bits"
	"slices"
)

// columns is a set of items laid out by feature for counting pairs with
// popcounts: each feature's column has a bit per position, and positions
// come in groups, each of one class and one bit of the weights, that start
// at a word boundary. An item of weight 5 has a position in the groups of
// weight 1 and of weight 4 of its class.
type columns struct {
	words  int
	col    []uint64 // feature f's column is col[f*words : (f+1)*words]
	all    []uint64 // the positions in use
	masked []uint64 // scratch: the columns under a mask
	groups []group
	wide   []group // scratch: the groups of more than narrowWords words
}

type group struct {
	class, shift int // the group counts 1<<shift per item
	lo, hi       int // its words
}

// weight returns the weight of the positions of g where both a and b,
// two columns, have a bit.
func (g group) weight(a, b []uint64) int32 {
	n := 0
	a, b = a[g.lo:g.hi], b[g.lo:g.hi]
	b = b[:len(a)]
	for w := range a {
		n += bits.OnesCount64(a[w] & b[w])
	}
	return int32(n << g.shift)
}

// pairCost and popCost estimate the work of counting set's pairs by
// increments and by popcounts, in about the same unit: a popcount of a
// word costs a fraction of a scattered increment.
func (x *data) pairCost(set []int32) (inc, pop int) {
	planes := 0
	for _, i := range set {
		k := int(x.start[i+1] - x.start[i])
		inc += k * (k + 1) / 2
		planes |= int(x.weight[i])
	}
	// A scattered increment costs about two popcounts of a word; each
	// pair and group costs a few more in loop overhead.
	groups := x.classes * bits.Len(uint(planes))
	words := len(set)*bits.OnesCount(uint(planes))/64 + groups
	pop = x.m*(x.m+1)/2*(words+2*groups) + len(set)*x.m/4
	return 2 * inc, pop
}

// fill lays out set.
func (cs *columns) fill(x *data, set []int32) {
	// Size the groups: the items of each class with each weight bit.
	size := make([]int, x.classes*32)
	for _, i := range set {
		for w := uint32(x.weight[i]); w != 0; w &= w - 1 {
			size[int(x.class[i])*32+bits.TrailingZeros32(w)]++
		}
	}
	cs.groups = cs.groups[:0]
	start := make([]int, len(size)) // first position of each group
	words := 0
	for g, n := range size {
		if n > 0 {
			start[g] = 64 * words
			cs.groups = append(cs.groups, group{class: g / 32, shift: g % 32, lo: words, hi: words + (n+63)/64})
			words += (n + 63) / 64
		}
	}
	cs.words = words
	need := x.m * words
	if cap(cs.col) < need {
		cs.col = make([]uint64, need)
	}
	cs.col = cs.col[:need]
	clear(cs.col)
	cs.all = append(cs.all[:0], make([]uint64, words)...)
	for _, i := range set {
		ones := x.ones[x.start[i]:x.start[i+1]]
		for w := uint32(x.weight[i]); w != 0; w &= w - 1 {
			g := int(x.class[i])*32 + bits.TrailingZeros32(w)
			p := start[g]
			start[g]++
			cs.all[p/64] |= 1 << (p % 64)
			for _, f := range ones {
				cs.col[int(f)*words+p/64] |= 1 << (p % 64)
			}
		}
	}
}

// column returns feature f's column.
func (cs *columns) column(f int) []uint64 { return cs.col[f*cs.words : (f+1)*cs.words] }

// countPairs fills c's counts of its band for the items laid out in cs by
// popcounts, of all of them or, with a mask, of those the mask has.
func (c *counter) countPairs(x *data, cs *columns, mask []uint64) {
	m, words := x.m, cs.words
	col := cs.col
	if mask != nil {
		cs.masked = append(cs.masked[:0], col...)
		for f := range m {
			cm := cs.masked[f*words : (f+1)*words]
			for w := range cm {
				cm[w] &= mask[w]
			}
		}
		col = cs.masked
	}
	clear(c.total)
	for _, g := range cs.groups {
		n := 0
		for w := g.lo; w < g.hi; w++ {
			if mask != nil {
				n += bits.OnesCount64(mask[w])
			} else {
				n += bits.OnesCount64(cs.all[w])
			}
		}
		c.total[g.class] += n << g.shift
	}
	clear(c.pair)
	if words <= 2*len(cs.groups) {
		// Groups of a word or two, as in small sets: a pass over the words,
		// each added to its group's cell, costs less than a loop per group.
		c.countSmall(x, cs, col)
		return
	}
	// Groups of a few words, the most common, are counted group by group,
	// in a tight loop over pairs; larger groups, pair by pair, which reads
	// each pair's columns once (see narrowWords).
	cs.wide = cs.wide[:0]
	for _, g := range cs.groups {
		switch {
		case g.hi-g.lo > narrowWords:
			cs.wide = append(cs.wide, g)
		case g.hi-g.lo == 1:
			c.countWord(col, words, g)
		default:
			c.countGroup(col, words, g)
		}
	}
	if len(cs.wide) == 0 {
		return
	}
	for i := c.lo; i < c.hi; i++ {
		ci := col[i*words : (i+1)*words]
		for j := i; j < m; j++ {
			cj := col[j*words : (j+1)*words]
			for _, g := range cs.wide {
				c.row(g.class, i)[j] += g.weight(ci, cj)
			}
		}
	}
}

// narrowWords is the most words of a group that countPairs counts group
// by group: beyond it, a loop over a group's words costs more than going
// back over the pairs.
const narrowWords = 4

// countWord is countGroup for a group of one word: without a loop over
// words, and passing over the features with no bit in the word.
func (c *counter) countWord(col []uint64, words int, g group) {
	m := len(col) / words
	for i := c.lo; i < c.hi; i++ {
		ai := col[i*words+g.lo]
		if ai == 0 {
			continue
		}
		row := c.row(g.class, i)
		for j := i; j < m; j++ {
			row[j] += int32(bits.OnesCount64(ai&col[j*words+g.lo]) << g.shift)
		}
	}
}

// countGroup counts the pairs of g in col.
func (c *counter) countGroup(col []uint64, words int, g group) {
	m := len(col) / words
	for i := c.lo; i < c.hi; i++ {
		ci := col[i*words+g.lo : i*words+g.hi]
		row := c.row(g.class, i)
		for j := i; j < m; j++ {
			cj := col[j*words+g.lo : j*words+g.hi]
			cj = cj[:len(ci)]
			n := 0
			for w, a := range ci {
				n += bits.OnesCount64(a & cj[w])
			}
			row[j] += int32(n << g.shift)
		}
	}
}

// countSmall is countPairs' loop over pairs for sets of few words. Word by
// word, it pairs only the features with a bit in the word: on sparse rows,
// such as one-hot categories, most have none.
func (c *counter) countSmall(x *data, cs *columns, col []uint64) {
	m, words := x.m, cs.words
	c.nz = slices.Grow(c.nz[:0], m)
	for _, g := range cs.groups {
		for w := g.lo; w < g.hi; w++ {
			// The band's pairs (i, j) have lo <= i <= j.
			nz := c.nz[:0]
			for f := c.lo; f < m; f++ {
				if col[f*words+w] != 0 {
					nz = append(nz, int32(f))
				}
			}
			for a := 0; a < len(nz) && int(nz[a]) < c.hi; a++ {
				i := nz[a]
				ai := col[int(i)*words+w]
				row := c.row(g.class, int(i))
				for _, j := range nz[a:] {
					row[j] += int32(bits.OnesCount64(ai&col[int(j)*words+w]) << g.shift)
				}
			}
			c.nz = nz
		}
	}
}

// Package splits groups binary features by the split they make of a set of
// examples. Features that hold on the same examples, or each where the
// other fails, split the set alike (a complement swaps the two sides), so a
// search for trees over that set needs one feature of each group.
package splits

import "math/bits"

// A Grouper finds the first feature of each group. It keeps its scratch
// space from call to call, so that a search that groups many sets
// allocates once.
type Grouper struct {
	slots  []int32  // a hash table of features, plus one; 0 is empty
	hashes []uint64 // by feature
}

// Firsts appends to dst, in increasing order, the first feature of each
// group of those that split n examples, and returns the extended slice.
// Feature f is the column of bits cols[f*words : (f+1)*words], bit i saying
// whether f holds on example i; the bits from n on must be 0. A feature that
// holds on all the examples or on none splits nothing and is left out.
func (g *Grouper) Firsts(dst []int32, cols []uint64, words, n int) []int32 {
	if words == 0 {
		return dst
	}
	features := len(cols) / words
	size := 1 << bits.Len(uint(2*features))
	g.slots = zeroed(g.slots, size)
	if cap(g.hashes) < features {
		g.hashes = make([]uint64, features)
	}
	g.hashes = g.hashes[:features]
	last := ^uint64(0) >> ((64 - n%64) % 64) // the examples' bits in the last word
	col := func(f int32) []uint64 { return cols[int(f)*words : (int(f)+1)*words] }
	for f := range int32(features) {
		c := col(f)
		if ones := popcount(c); ones == 0 || ones == n {
			continue
		}
		h := hash(c, last)
		g.hashes[f] = h
		at := int(h) & (size - 1)
		for ; g.slots[at] != 0; at = (at + 1) & (size - 1) {
			if e := g.slots[at] - 1; g.hashes[e] == h && same(c, col(e), last) {
				break
			}
		}
		if g.slots[at] == 0 {
			g.slots[at] = f + 1
			dst = append(dst, f)
		}
	}
	return dst
}

// hash hashes the split col makes, the same for its complement: a column
// is taken with example 0 on the false side. last masks the examples' bits
// in the last word.
func hash(col []uint64, last uint64) uint64 {
	flip := col[0]&1 == 1
	h := uint64(0x9e3779b97f4a7c15)
	for w, x := range col {
		if flip {
			x = ^x
			if w == len(col)-1 {
				x &= last
			}
		}
		h ^= x
		h *= 0xbf58476d1ce4e5b9
		h ^= h >> 31
	}
	return h
}

// same reports whether a and b split the examples alike or as complements.
func same(a, b []uint64, last uint64) bool {
	eq, comp := true, true
	for w := range a {
		m := ^uint64(0)
		if w == len(a)-1 {
			m = last
		}
		eq = eq && a[w] == b[w]
		comp = comp && a[w] == ^b[w]&m
	}
	return eq || comp
}

func popcount(s []uint64) int {
	n := 0
	for _, w := range s {
		n += bits.OnesCount64(w)
	}
	return n
}

func zeroed(s []int32, n int) []int32 {
	if cap(s) < n {
		return make([]int32, n)
	}
	s = s[:n]
	clear(s)
	return s
}

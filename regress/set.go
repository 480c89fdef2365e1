package regress

import "slices"

// entry is an item as a column's order holds it, with what a sweep reads
// of it, so that a sweep reads memory in order.
type entry struct {
	item int32
	pos  int32 // the item's position in the column
	n, s int64 // its records and the sum of their targets
}

// set is a set of items kept sorted by every column, so that a sweep of
// a column passes its items in order and a cut of it splits every other
// column's order without sorting.
type set struct {
	order [][]entry // by column: the items, by their position in it
	tot   stat
	own   float64   // the SSE no tree removes: that of the items' own records
	h     [2]uint64 // the sums of the items' hashes
}

// size returns the number of items of s.
func (s *set) size() int {
	if len(s.order) == 0 {
		return 0
	}
	return len(s.order[0])
}

// root returns the set of all items of x.
func (x *data) root() *set {
	s := &set{order: make([][]entry, len(x.cols))}
	for i := range x.stat {
		s.addItem(x, int32(i))
	}
	var start []int32 // one column's at a time
	for c, col := range x.cols {
		// A counting sort by position.
		start = slices.Grow(start[:0], len(col.Feature)+2)[:len(col.Feature)+2]
		clear(start)
		for _, p := range col.Pos {
			start[p+1]++
		}
		for p := 1; p < len(start); p++ {
			start[p] += start[p-1]
		}
		o := make([]entry, len(x.stat))
		for i, p := range col.Pos {
			o[start[p]] = entry{item: int32(i), pos: p, n: x.stat[i].n, s: x.stat[i].s}
			start[p]++
		}
		s.order[c] = o
	}
	return s
}

// addItem adds item i's sums to s's.
func (s *set) addItem(x *data, i int32) {
	s.tot = s.tot.add(x.stat[i])
	s.own += x.own[i]
	s.h[0] += x.hash1[i]
	s.h[1] += x.hash2[i]
}

// split fills f and t, whose memory it reuses, with the items of s where
// the test k of column a fails and where it holds: those at a position
// after k, and up to it. It marks each item's side in side: 1 false, 0
// true.
func (x *data) split(s *set, a int, k int32, side []uint8, f, t *set) {
	n := mark(s.order[a], k, side)
	m := s.size()
	for _, v := range [2]*set{f, t} {
		if len(v.order) != len(s.order) {
			v.order = make([][]entry, len(s.order))
		}
		v.tot, v.own, v.h = stat{}, 0, [2]uint64{}
	}
	for c, o := range s.order {
		to, fo := room(t.order[c], n), room(f.order[c], m-n)
		for _, e := range o {
			if side[e.item] == 0 {
				to = append(to, e)
			} else {
				fo = append(fo, e)
			}
		}
		t.order[c], f.order[c] = to, fo
	}
	for _, e := range t.order[a] {
		t.addItem(x, e.item)
	}
	for _, e := range f.order[a] {
		f.addItem(x, e.item)
	}
}

// mark marks in side the items of o, a column's order, beyond position
// k with 1, the others with 0, and returns the number of the others.
func mark(o []entry, k int32, side []uint8) int {
	n := 0
	for _, e := range o {
		if e.pos > k {
			side[e.item] = 1
		} else {
			side[e.item] = 0
			n++
		}
	}
	return n
}

// room returns s emptied, with room for n elements.
func room[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, 0, n)
	}
	return s[:0]
}

// cut is a cut of a column over a set: the position up to which its test
// holds, and the sums, own SSE and hash sums of the items where it does.
type cut struct {
	pos int32
	t   stat
	own float64
	h   [2]uint64
}

// cuts appends to cs the cuts of column a that split s: the test
// numbered by the position of each item whose successor in the column's
// order lies further. Without hashes, their hash sums are left 0.
func (x *data) cuts(cs []cut, s *set, a int, hashes bool) []cut {
	o := s.order[a]
	var c cut
	for j, e := range o {
		if j > 0 && e.pos != o[j-1].pos {
			c.pos = o[j-1].pos
			cs = append(cs, c)
		}
		c.t = c.t.add(x.stat[e.item])
		if s.own > 0 {
			c.own += x.own[e.item]
		}
		if hashes {
			c.h[0] += x.hash1[e.item]
			c.h[1] += x.hash2[e.item]
		}
	}
	return cs
}

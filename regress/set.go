package regress

import (
	"cmp"
	"slices"
)

// set is a set of items kept sorted by every column, so that a sweep of
// a column passes its items in order and a cut of it splits every other
// column's order without sorting.
type set struct {
	order [][]int32 // by column: the items, by their position in it
	tot   stat
	own   float64   // the SSE no tree removes: that of the items' own records
	h     [2]uint64 // the sums of the items' hashes
}

// root returns the set of all items of x.
func (x *data) root() *set {
	s := &set{order: make([][]int32, len(x.cols))}
	all := make([]int32, len(x.stat))
	for i := range all {
		all[i] = int32(i)
		s.addItem(x, int32(i))
	}
	for c, col := range x.cols {
		o := slices.Clone(all)
		slices.SortStableFunc(o, func(a, b int32) int { return cmp.Compare(col.Pos[a], col.Pos[b]) })
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

// split returns the items of s where the test k of column a fails and
// where it holds: those at a position after k, and up to it.
func (x *data) split(s *set, a int, k int32) (f, t *set) {
	pos := x.cols[a].Pos
	f = &set{order: make([][]int32, len(s.order))}
	t = &set{order: make([][]int32, len(s.order))}
	n := 0 // the items on the true side
	for _, i := range s.order[a] {
		if pos[i] > k {
			break
		}
		n++
	}
	// One array holds every column's order of both sides.
	m := len(s.order[a])
	buf := make([]int32, len(s.order)*m)
	for c, o := range s.order {
		to, fo := buf[c*m:c*m:c*m+n], buf[c*m+n:c*m+n:(c+1)*m]
		for _, i := range o {
			if pos[i] <= k {
				to = append(to, i)
			} else {
				fo = append(fo, i)
			}
		}
		t.order[c], f.order[c] = to, fo
	}
	for _, i := range t.order[a] {
		t.addItem(x, i)
	}
	for _, i := range f.order[a] {
		f.addItem(x, i)
	}
	return f, t
}

// cuts returns the cuts of column a that split s: the test numbered by
// the position of each item whose successor in the column's order lies
// further.
func (x *data) cuts(s *set, a int) []int32 {
	pos := x.cols[a].Pos
	o := s.order[a]
	var cuts []int32
	for j := 1; j < len(o); j++ {
		if p := pos[o[j-1]]; p < pos[o[j]] {
			cuts = append(cuts, p)
		}
	}
	return cuts
}

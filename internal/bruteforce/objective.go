package bruteforce

import (
	"encoding/binary"
	"fmt"
)

// FewestErrors returns the errors and the branching nodes of the best
// decision tree of depth at most depth with at most budget branching
// nodes, where counts[i][a] records of class a have the values rows[i]:
// the tree of the least errors + cost·records·branches, records being all
// of counts, and among those the one of the fewest branching nodes. This
// is the objective of packages minerr and ordered; with cost 0 and a
// budget of 2^depth-1 or more, it is the fewest errors of any tree of the
// depth.
//
// It tries every feature at every node, and every split of a node's budget
// between its two sides, remembering the best tree of each set of rows,
// depth and budget: it shares no bound, order of search or data layout
// with the engines it checks.
//
// FewestErrors panics if len(counts) != len(rows) or the rows differ in
// length.
func FewestErrors(rows [][]bool, counts [][]int, depth, budget int, cost float64, minLeaf int) (errs, branches int) {
	if len(counts) != len(rows) {
		panic(fmt.Sprintf("bruteforce: %d rows but %d counts", len(rows), len(counts)))
	}
	s := &fewest{rows: rows, counts: counts, minLeaf: minLeaf, memo: map[string]tally{}}
	if len(rows) > 0 {
		s.m = len(rows[0])
	}
	records := 0
	for i, r := range rows {
		if len(r) != s.m {
			panic(fmt.Sprintf("bruteforce: row %d has %d features, row 0 has %d", i, len(r), s.m))
		}
		for _, n := range counts[i] {
			records += n
		}
	}
	s.cost = cost * float64(records)
	all := make([]int, len(rows))
	for i := range all {
		all[i] = i
	}
	t := s.best(all, depth, budget)
	return t.e, t.b
}

// tally is a tree's errors and branching nodes.
type tally struct{ e, b int }

type fewest struct {
	rows    [][]bool
	counts  [][]int
	m       int
	cost    float64 // of a branching node, in errors
	minLeaf int     // records of a leaf below a split, at least
	memo    map[string]tally
}

// less ranks a before b by errors + cost·branches, then by branches. The
// values are computed alike for every tree, so that trees that tie in
// exact arithmetic tie here too wherever the cost is exact in binary.
func (s *fewest) less(a, b tally) bool {
	va, vb := float64(a.e)+s.cost*float64(a.b), float64(b.e)+s.cost*float64(b.b)
	return va < vb || va == vb && a.b < b.b
}

// best returns the best tally of a tree of depth at most d with at most n
// branching nodes over the rows of subset.
func (s *fewest) best(subset []int, d, n int) tally {
	if d < 62 {
		n = min(n, 1<<d-1)
	}
	key := make([]byte, 16+(len(s.rows)+7)/8)
	binary.LittleEndian.PutUint64(key, uint64(d))
	binary.LittleEndian.PutUint64(key[8:], uint64(n))
	for _, i := range subset {
		key[16+i/8] |= 1 << (i % 8)
	}
	if t, ok := s.memo[string(key)]; ok {
		return t
	}
	t := s.search(subset, d, n)
	s.memo[string(key)] = t
	return t
}

func (s *fewest) search(subset []int, d, n int) tally {
	// A leaf labels its records with their most frequent class.
	total := map[int]int{}
	sum, most := 0, 0
	for _, i := range subset {
		for a, w := range s.counts[i] {
			total[a] += w
			sum += w
			most = max(most, total[a])
		}
	}
	best := tally{sum - most, 0}
	if d == 0 || n <= 0 || best.e == 0 {
		return best // a leaf without error is a tally no tree beats
	}
	for f := range s.m {
		lo, hi := split(s.rows, subset, f)
		if s.records(lo) < s.minLeaf || s.records(hi) < s.minLeaf {
			continue
		}
		// The sides get n-1 branching nodes between them. As each side's
		// best within its share is no worse than any tree within it, and
		// adding a tally to two others keeps their order, giving each
		// side at most its share covers the splits that spend less.
		for nl := range n {
			l, h := s.best(lo, d-1, nl), s.best(hi, d-1, n-1-nl)
			if t := (tally{l.e + h.e, l.b + h.b + 1}); s.less(t, best) {
				best = t
			}
		}
	}
	return best
}

// records returns the records of the rows of subset.
func (s *fewest) records(subset []int) int {
	n := 0
	for _, i := range subset {
		for _, w := range s.counts[i] {
			n += w
		}
	}
	return n
}

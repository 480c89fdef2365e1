// Package bruteforce is an exhaustive, dependency-free oracle for optimal
// decision trees. It exists so that the SAT-based learner can be checked
// against an implementation that shares none of its encoding, pruning or
// symmetry-breaking logic; it is deliberately slow and only suitable for
// tiny datasets (about 6 features, 20 rows, depth 3).
package bruteforce

import (
	"fmt"
	"slices"
)

// infinity marks an infeasible subproblem. It is far larger than any real
// node count yet small enough that adding a few of them cannot overflow.
const infinity = 1 << 40

// Optimal returns the smallest depth d <= maxDepth such that some decision tree of depth d
// classifies every row correctly, and the fewest nodes (internal nodes plus leaves) of a
// consistent tree of depth <= d. ok is false when no tree of depth <= maxDepth is consistent.
//
// An internal node tests one feature index and sends rows whose value is false to
// its false child; every leaf predicts one label. Leaves may sit at any depth, so
// trees need not be complete. A lone leaf has depth 0, so an empty or
// single-labelled dataset yields (0, 1, true). Identical rows with different
// labels can never be separated and therefore yield ok == false.
//
// Optimal panics if len(labels) != len(rows) or the rows differ in length,
// because silently truncating would make the oracle agree with a buggy caller.
func Optimal(rows [][]bool, labels []int, maxDepth int) (depth, nodes int, ok bool) {
	if len(labels) != len(rows) {
		panic(fmt.Sprintf("bruteforce: %d rows but %d labels", len(rows), len(labels)))
	}
	sets := make([][]int, len(labels))
	for i, l := range labels {
		sets[i] = []int{l}
	}
	return OptimalSets(rows, sets, maxDepth)
}

// OptimalSets is Optimal where row i may be given any label of sets[i]: a
// leaf classifies its rows when one label is in the set of each.
//
// OptimalSets panics if len(sets) != len(rows) or the rows differ in
// length.
func OptimalSets(rows [][]bool, sets [][]int, maxDepth int) (depth, nodes int, ok bool) {
	if len(sets) != len(rows) {
		panic(fmt.Sprintf("bruteforce: %d rows but %d label sets", len(rows), len(sets)))
	}
	m := 0
	if len(rows) > 0 {
		m = len(rows[0])
	}
	for i, r := range rows {
		if len(r) != m {
			panic(fmt.Sprintf("bruteforce: row %d has %d features, row 0 has %d", i, len(r), m))
		}
	}
	all := make([]int, len(rows))
	for i := range all {
		all[i] = i
	}
	// Iterative deepening gives the minimal depth directly; at that depth every
	// consistent tree has exactly that depth, so best(all, d) is also the
	// minimal node count among trees of depth <= d.
	for d := 0; d <= maxDepth; d++ {
		if n := best(rows, sets, m, all, d); n < infinity {
			return d, n, true
		}
	}
	return 0, 0, false
}

// Majority returns the distinct rows of rows, whose labels identical rows
// may disagree on, each with the labels most of its copies have: those a
// tree may give it and make the fewest errors, a set of several where the
// copies tie.
func Majority(rows [][]bool, labels []int) (distinct [][]bool, sets [][]int) {
	count := map[string]map[int]int{} // by row: its copies of each label
	for i, r := range rows {
		k := fmt.Sprint(r)
		if count[k] == nil {
			count[k] = map[int]int{}
			distinct = append(distinct, r)
		}
		count[k][labels[i]]++
	}
	for _, r := range distinct {
		n := count[fmt.Sprint(r)]
		most := 0
		for _, c := range n {
			most = max(most, c)
		}
		var set []int
		for l, c := range n {
			if c == most {
				set = append(set, l)
			}
		}
		slices.Sort(set)
		sets = append(sets, set)
	}
	return distinct, sets
}

// best returns the fewest nodes of a tree of depth <= d consistent with the
// rows indexed by subset, or infinity if there is none. Every feature is tried
// at every node, including ones already tested on the path or ones that do
// not split the subset, so that the search space is literally all trees.
func best(rows [][]bool, sets [][]int, m int, subset []int, d int) int {
	if pure(sets, subset) {
		return 1
	}
	if d == 0 {
		return infinity
	}
	min := infinity
	for f := 0; f < m; f++ {
		lo, hi := split(rows, subset, f)
		l := best(rows, sets, m, lo, d-1)
		if l >= infinity {
			continue
		}
		h := best(rows, sets, m, hi, d-1)
		if n := 1 + l + h; n < min {
			min = n
		}
	}
	return min
}

// pure reports whether a single leaf can classify every row in subset: some
// label of the first row's set is in every other's. An empty subset
// qualifies because its leaf may carry any label.
func pure(sets [][]int, subset []int) bool {
	if len(subset) == 0 {
		return true
	}
	for _, l := range sets[subset[0]] {
		if !slices.ContainsFunc(subset[1:], func(i int) bool { return !slices.Contains(sets[i], l) }) {
			return true
		}
	}
	return false
}

// MinErrors returns the fewest rows that a decision tree of depth at most
// depth misclassifies, over all such trees, by the same exhaustive search
// as Optimal. Identical rows with different labels count: some of them are
// wrong whatever the tree.
func MinErrors(rows [][]bool, labels []int, depth int) int {
	all := make([]int, len(rows))
	for i := range all {
		all[i] = i
	}
	m := 0
	if len(rows) > 0 {
		m = len(rows[0])
	}
	return minErrors(rows, labels, m, all, depth)
}

func minErrors(rows [][]bool, labels []int, m int, subset []int, d int) int {
	// A leaf labels its rows with their most frequent label.
	count := map[int]int{}
	most := 0
	for _, i := range subset {
		count[labels[i]]++
		most = max(most, count[labels[i]])
	}
	best := len(subset) - most
	if d == 0 || best == 0 {
		return best
	}
	for f := 0; f < m; f++ {
		lo, hi := split(rows, subset, f)
		best = min(best, minErrors(rows, labels, m, lo, d-1)+minErrors(rows, labels, m, hi, d-1))
	}
	return best
}

// split divides subset by the rows' value of feature f.
func split(rows [][]bool, subset []int, f int) (lo, hi []int) {
	for _, i := range subset {
		if rows[i][f] {
			hi = append(hi, i)
		} else {
			lo = append(lo, i)
		}
	}
	return lo, hi
}

package bruteforce

import "fmt"

// MinCountErrors returns the fewest records that a decision tree of depth
// at most depth, and of at most maxNodes nodes (internal nodes plus
// leaves) if maxNodes > 0, misclassifies, where counts[i][a] records of
// class a have the values rows[i]. It searches as MinErrors does, every
// feature at every node, and with every split of the node budget between
// the two sides.
//
// MinCountErrors panics if len(counts) != len(rows).
func MinCountErrors(rows [][]bool, counts [][]int, depth, maxNodes int) int {
	if len(counts) != len(rows) {
		panic(fmt.Sprintf("bruteforce: %d rows but %d counts", len(rows), len(counts)))
	}
	all := make([]int, len(rows))
	for i := range all {
		all[i] = i
	}
	m := 0
	if len(rows) > 0 {
		m = len(rows[0])
	}
	if maxNodes <= 0 {
		maxNodes = 1<<(depth+1) - 1
	}
	return minCountErrors(rows, counts, m, all, depth, maxNodes)
}

func minCountErrors(rows [][]bool, counts [][]int, m int, subset []int, d, nodes int) int {
	// A leaf labels its records with their most frequent class.
	total := map[int]int{}
	sum, most := 0, 0
	for _, i := range subset {
		for a, n := range counts[i] {
			total[a] += n
			sum += n
			most = max(most, total[a])
		}
	}
	best := sum - most
	if d == 0 || nodes < 3 || best == 0 {
		return best
	}
	for f := 0; f < m; f++ {
		lo, hi := split(rows, subset, f)
		for left := 1; left <= nodes-2; left += 2 {
			l := minCountErrors(rows, counts, m, lo, d-1, left)
			h := minCountErrors(rows, counts, m, hi, d-1, nodes-1-left)
			best = min(best, l+h)
		}
	}
	return best
}

package solver

import (
	"slices"
	"testing"
)

// TestFormulaCheck checks that a model that breaks a clause or an
// assumption is caught, with the first one named.
func TestFormulaCheck(t *testing.T) {
	var f Formula
	allFalse := func(int) bool { return false }
	f.AddClause([]int{-1, -2})
	if err := f.Check(allFalse, nil); err != nil {
		t.Fatalf("all-false model of (-1 -2): %v", err)
	}
	if err := f.Check(allFalse, []int{2}); err == nil || err.Error() != "assumption 2 is false" {
		t.Fatalf("assumption 2: err = %v", err)
	}
	f.AddClause([]int{3, 1, 2})
	if err := f.Check(allFalse, nil); err == nil || err.Error() != "clause 2 (3 1 2 0) is false" {
		t.Fatalf("err = %v", err)
	}
}

// TestFormulaChunks checks that clauses come back whole and in order across
// the chunks of a Formula, a clause longer than a chunk included.
func TestFormulaChunks(t *testing.T) {
	var f Formula
	var want [][]int
	long := make([]int, chunkLen+5)
	for i := range long {
		long[i] = i + 1
	}
	for i := range chunkLen/3 + 10 {
		c := []int{i + 1, -(i + 2), i + 3}
		if i == chunkLen/4 {
			c = long
		}
		f.AddClause(c)
		want = append(want, c)
	}
	n := 0
	for i, c := range f.all() {
		if i != n+1 || !slices.Equal(toInts(c), want[n]) {
			t.Fatalf("clause %d: #%d, %d literals; want #%d, %d literals", n, i, len(c), n+1, len(want[n]))
		}
		n++
	}
	if n != len(want) || f.Len() != len(want) || f.MaxVar() != len(long) {
		t.Fatalf("%d clauses yielded, Len %d, MaxVar %d; want %d, %d, %d", n, f.Len(), f.MaxVar(), len(want), len(want), len(long))
	}
}

func toInts(c []int32) []int {
	out := make([]int, len(c))
	for i, l := range c {
		out[i] = int(l)
	}
	return out
}

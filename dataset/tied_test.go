package dataset

import (
	"slices"
	"strings"
	"testing"
)

// TestTied: with Majority, a group of records whose most frequent labels
// tie keeps them all in Tied, its Class the one first in the file; only
// the classes of untied examples count as present; and Settle makes the
// records of the other labels of a tie the ones relabelled, as many
// whichever label it gives, and refuses a label that is not of the tie.
func TestTied(t *testing.T) {
	// Classes sort as p, q, r. Line 2's group ties between p and q, line
	// 6's between q and r and line 10's not at all; q is first in the file
	// among the labels of line 6's tie.
	tbl, err := ReadTable(strings.NewReader("a,y\n1,q\n1,p\n1,q\n1,p\n2,r\n2,q\n2,q\n2,r\n3,p\n3,r\n3,p\n"), "t.csv")
	if err != nil {
		t.Fatal(err)
	}
	ds, err := tbl.Binarize(Options{Conflicts: Majority})
	if err != nil {
		t.Fatal(err)
	}
	const p, q, r = 0, 1, 2
	want := map[int]struct {
		class int
		tied  []int
	}{2: {q, []int{p, q}}, 6: {q, []int{q, r}}, 10: {p, nil}}
	for _, ex := range ds.Examples {
		if w := want[ex.Line]; ex.Class != w.class || !slices.Equal(ex.Tied, w.tied) {
			t.Errorf("line %d: class %d, tied %v; want %d, %v", ex.Line, ex.Class, ex.Tied, w.class, w.tied)
		}
	}
	if n := ds.ClassesPresent(); n != 1 {
		t.Errorf("%d classes present, want 1: p alone must have a leaf", n)
	}
	lines := func() []int {
		var out []int
		for _, rl := range ds.Relabelled {
			out = append(out, rl.Line)
		}
		return out
	}
	if got := lines(); !slices.Equal(got, []int{3, 5, 6, 9, 11}) {
		t.Errorf("relabelled lines %v, want 3 5 6 9 11", got)
	}
	// Line 2's group takes p, line 6's r.
	choose := map[int]int{2: p, 6: r, 10: p}
	if err := ds.Settle(func(ex *Example) int { return choose[ex.Line] }); err != nil {
		t.Fatal(err)
	}
	if got := lines(); !slices.Equal(got, []int{2, 4, 7, 8, 11}) {
		t.Errorf("relabelled lines %v after Settle, want 2 4 7 8 11", got)
	}
	for _, rl := range ds.Relabelled {
		if rl.Line == 2 && (rl.Label != "q" || rl.Class != p) || rl.Line == 7 && (rl.Label != "q" || rl.Class != r) {
			t.Errorf("%+v: want the record's own label and the class Settle gave its group", rl)
		}
	}
	choose[6] = p
	if err := ds.Settle(func(ex *Example) int { return choose[ex.Line] }); err == nil || !strings.Contains(err.Error(), "t.csv:6:") {
		t.Errorf("Settle on p for line 6's tie of q and r: %v, want an error naming line 6", err)
	}
}

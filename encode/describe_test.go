package encode

import "testing"

// TestDescribe checks Describe against the constructors, with examples
// added both before and after the leaf counter.
func TestDescribe(t *testing.T) {
	e := New(&recorder{}, 2, 7, 3)
	e.AddExample([]bool{true, false, true, false, true, false, true}, 0)
	if _, err := e.AtMostLeaves(3); err != nil {
		t.Fatal(err)
	}
	e.AddExample([]bool{false, false, true, true, true, false, false}, 2)

	want := map[int]Var{}
	for q := 1; q <= 3; q++ {
		for f := range 7 {
			want[e.F(q, f)] = Var{Kind: KindF, Node: q, Feature: f}
		}
	}
	for v := range 4 {
		for a := range 3 {
			want[e.C(v, a)] = Var{Kind: KindC, Leaf: v, Class: a}
		}
		want[e.count[e.leaves()+v][0]] = Var{Kind: KindU, Leaf: v}
	}
	for q := 1; q <= 3; q++ {
		for j, h := range e.count[q] {
			want[h] = Var{Kind: KindH, Node: q, Count: j + 1}
		}
	}
	for q := 1; q <= 3; q++ {
		for a := range 3 {
			want[e.R(q, a)] = Var{Kind: KindR, Node: q, Class: a}
		}
	}
	for i := range 2 {
		for j := range 2 {
			want[e.X(i, j)] = Var{Kind: KindX, Example: i, Level: j}
		}
	}
	aux := 0
	for v := 1; v <= e.Vars(); v++ {
		got := e.Describe(v)
		if w, ok := want[v]; ok && got != w {
			t.Errorf("Describe(%d) = %+v, want %+v", v, got, w)
		}
		if _, ok := want[v]; !ok {
			if got.Kind != KindAux {
				t.Errorf("Describe(%d) = %+v, want an auxiliary variable", v, got)
			}
			aux++
		}
	}
	// Pairwise among the first five features, then a counter register
	// over them and one more for each of the other two: 3 a node.
	if aux != 3*3 {
		t.Errorf("%d auxiliary variables, want 9", aux)
	}
}

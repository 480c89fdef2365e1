package tree

import (
	"math/rand/v2"
	"testing"
)

// randomTree draws a tree over features features with leaves of two
// classes, repeating features on paths freely.
func randomTree(r *rand.Rand, depth, features int) *Node {
	if depth == 0 || r.IntN(4) == 0 {
		return Leaf(r.IntN(2))
	}
	return Split(r.IntN(features), randomTree(r, depth-1, features), randomTree(r, depth-1, features))
}

// TestSimplify: simplified trees classify every input as before, are no
// larger, and test no feature twice on a path.
func TestSimplify(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	const features = 4
	shrunk := 0
	for range 500 {
		root := randomTree(r, 5, features)
		s := Simplify(root)
		for x := range 1 << features {
			holds := func(f int) bool { return x>>f&1 == 1 }
			if got, want := s.Classify(holds), root.Classify(holds); got != want {
				t.Fatalf("input %04b: class %d, before simplifying %d", x, got, want)
			}
		}
		if s.Nodes() > root.Nodes() {
			t.Fatalf("%d nodes, before simplifying %d", s.Nodes(), root.Nodes())
		}
		if s.Nodes() < root.Nodes() {
			shrunk++
		}
		var walk func(n *Node, seen map[int]bool)
		walk = func(n *Node, seen map[int]bool) {
			if n.IsLeaf() {
				return
			}
			if seen[n.Feature] {
				t.Fatalf("feature %d tested twice on a path", n.Feature)
			}
			seen[n.Feature] = true
			walk(n.False, seen)
			walk(n.True, seen)
			delete(seen, n.Feature)
		}
		walk(s, map[int]bool{})
	}
	if shrunk == 0 {
		t.Fatal("no tree got smaller; the test lost its teeth")
	}
}

// TestPrune: pruned trees classify every row as before, are no deeper, and
// every test they keep sends some row each way.
func TestPrune(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	const features = 5
	shrunk := 0
	for range 500 {
		root := randomTree(r, 5, features)
		rows := make([][]bool, r.IntN(12))
		for i := range rows {
			rows[i] = make([]bool, features)
			for f := range rows[i] {
				rows[i][f] = r.IntN(2) == 1
			}
		}
		p := Prune(root, rows)
		for _, row := range rows {
			holds := func(f int) bool { return row[f] }
			if got, want := p.Classify(holds), root.Classify(holds); got != want {
				t.Fatalf("row %v: class %d, before pruning %d", row, got, want)
			}
		}
		if p.Depth() > root.Depth() {
			t.Fatalf("depth %d, before pruning %d", p.Depth(), root.Depth())
		}
		if p.Nodes() < root.Nodes() {
			shrunk++
		}
		var walk func(n *Node, rows [][]bool)
		walk = func(n *Node, rows [][]bool) {
			if n.IsLeaf() {
				return
			}
			onFalse, onTrue := split(rows, n.Feature)
			if len(onFalse) == 0 || len(onTrue) == 0 {
				t.Fatalf("feature %d kept, with %d rows on the false side and %d on the true", n.Feature, len(onFalse), len(onTrue))
			}
			walk(n.False, onFalse)
			walk(n.True, onTrue)
		}
		if len(rows) > 0 {
			walk(p, rows)
		}
	}
	if shrunk == 0 {
		t.Fatal("no tree got smaller; the test lost its teeth")
	}
}

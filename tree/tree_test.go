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

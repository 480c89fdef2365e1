package orchestrate

import (
	"testing"

	"github.com/odtx/odtx/tree"
)

// TestMerge: two stopped searches give the better tree and the stronger
// bounds, each credited to the engine that proved it, and a node bound
// only for a tree of the least depth.
func TestMerge(t *testing.T) {
	shallow := tree.Split(0, tree.Leaf(0), tree.Split(1, tree.Leaf(1), tree.Leaf(0)))
	deep := tree.Split(0, tree.Leaf(0), tree.Split(1, tree.Leaf(1), tree.Split(2, tree.Leaf(0), tree.Leaf(1))))
	sat := &Result{Root: deep, Engine: SAT, MinDepth: 2, MinNodes: 0, ProvenBy: tree.Proof{Depth: "sat"},
		Stats: tree.Stats{ExamplesUsed: 9, SolverCalls: 4, Clauses: 100, Seconds: 2}}
	dp := &Result{Root: shallow, Engine: DP, MinDepth: 1, MinNodes: 3, ProvenBy: tree.Proof{Depth: "dp", Nodes: "dp"},
		Stats: tree.Stats{ExamplesUsed: 7, Rounds: 3, Subproblems: 50, Seconds: 3}}
	for _, m := range []*Result{merge(sat, dp), merge(dp, sat)} {
		if m.Root != shallow || m.Engine != DP || m.MinDepth != 2 || m.ProvenBy.Depth != "sat" {
			t.Errorf("merged %+v: want DP's tree with SAT's depth bound 2", m)
		}
		if m.MinNodes != 3 || m.ProvenBy.Nodes != "dp" {
			t.Errorf("merged node bound %d by %q, want 3 by dp", m.MinNodes, m.ProvenBy.Nodes)
		}
		want := tree.Stats{ExamplesUsed: 9, SolverCalls: 4, Clauses: 100, Rounds: 3, Subproblems: 50, Seconds: 3}
		if m.Stats != want {
			t.Errorf("merged stats %+v, want both engines' work %+v", m.Stats, want)
		}
	}
}

package main

import (
	"strings"
	"testing"
)

// TestRegressionMaxBranches: --max-branching-nodes N bounds the
// branching nodes of a regression tree, which the summary and the
// JSON's budget name. On x = 1, 1, 2, 3, 4, 5 and y = 1, 3, 1, 10, 10,
// 11 at depth two, the stump x <= 2 has SSE 10/3; a second branching
// node isolates x = 5 (or the row 1, 1), SSE 8/3; a third both, SSE 2,
// the tree the depth alone gives. cv reads the flag too.
func TestRegressionMaxBranches(t *testing.T) {
	const csv = "x,y\n1,1\n1,3\n2,1\n3,10\n4,10\n5,11\n"
	dir := t.TempDir()
	var doc struct {
		Branches int `json:"branching_nodes"`
		Budget   struct {
			MaxBranches int `json:"max_branching_nodes"`
		} `json:"budget"`
	}
	for _, tc := range []struct {
		n    string
		want string
	}{
		{"1", "3 nodes, SSE 3.33333"},
		{"2", "5 nodes, SSE 2.66667"},
		{"3", "7 nodes, SSE 2 "},
	} {
		b, stderr := regressionJSON(t, dir, csv, &doc, "--max-depth", "2", "--max-branching-nodes", tc.n)
		if !strings.Contains(stderr, tc.want) || !strings.Contains(stderr, "depth <= 2 and "+tc.n+" branching node") {
			t.Errorf("--max-branching-nodes %s: summary %q, want %q", tc.n, stderr, tc.want)
		}
		if n := int(tc.n[0] - '0'); doc.Branches != n || doc.Budget.MaxBranches != n {
			t.Errorf("--max-branching-nodes %s: %s", tc.n, b)
		}
	}
	cv := mustRun(t, dir, csv, "cv", "--task", "regression", "--max-depth", "2", "--max-branching-nodes", "1", "--folds", "2", "-").stdout
	if strings.Count(cv, "nodes 3,") != 2 {
		t.Errorf("cv with --max-branching-nodes 1:\n%s", cv)
	}
}

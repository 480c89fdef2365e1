package main

import (
	"strings"
	"testing"
)

// TestSingular: a count of one reads in the singular in the summaries,
// "1 node" and "1 training error", as in the certificates' claims
// (certify's TestClaimString).
func TestSingular(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"one.csv":   "a,y\n0,p\n1,p\n",
		"noisy.csv": "a,y\n0,p\n1,p\n2,q\n",
	})
	if r := mustRun(t, dir, "", "learn", "one.csv"); !strings.HasPrefix(r.stderr, "odtx: depth 0, 1 node;") {
		t.Errorf("stderr %q, want depth 0, 1 node", r.stderr)
	}
	r := mustRun(t, dir, "", "learn", "--max-depth", "0", "noisy.csv")
	if !strings.HasPrefix(r.stderr, "odtx: depth 0, 1 node, 1 training error; errors optimal within depth <= 0,") {
		t.Errorf("stderr %q, want depth 0, 1 node, 1 training error", r.stderr)
	}
	if withoutSummary(r.stderr) != "" {
		t.Errorf("the tests' summaryLine does not match %q", r.stderr)
	}
}

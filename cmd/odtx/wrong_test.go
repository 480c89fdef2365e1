package main

import (
	"strings"
	"testing"
)

// TestWrongUnsat: a solver that answers UNSAT to everything is caught by
// the greedy tree, which is consistent: odtx stops with one line naming the
// solver, exit 1 and no tree, within the time limit, rather than probing
// ever deeper, up to one depth per feature (20 here), on formulas doubling
// with each.
func TestWrongUnsat(t *testing.T) {
	dir := t.TempDir()
	mustRun(t, dir, "", "gen", "--depth", "5", "--features", "20", "--rows", "300", "--seed", "3", "-o", "data.csv")
	liar := fakeSolver(t, "unsat")
	for _, mode := range []string{"depth", "size"} {
		// Were the liar not caught, the time limit would end the run,
		// with exit code 2.
		r := run(t, dir, "", "--solver", liar, "--timeout", "5s", "learn", "--mode", mode, "--format", "json", "data.csv")
		want := "odtx: solver " + liar + " answered UNSAT (no tree of depth "
		if r.code != 1 || r.stdout != "" || !strings.HasPrefix(r.stderr, want) ||
			!strings.HasSuffix(r.stderr, ": the solver is wrong\n") || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("%s: exit %d, %d bytes on stdout, stderr %q; want exit 1, no tree and one line %q...", mode, r.code, len(r.stdout), r.stderr, want)
		}
	}
}

package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestPortfolioMemberFails: a portfolio member that fails while the other
// answers is reported on stderr, in one line for the whole run, and the
// search goes on to its tree.
func TestPortfolioMemberFails(t *testing.T) {
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skipf("cadical binary not installed (apt-get install cadical): %v", err)
	}
	dir := t.TempDir()
	crash, after := fakeSolver(t, "crash"), fakeSolver(t, "after-crash")
	cmd := exec.Command(odtx, "--portfolio", crash+","+after, "learn", appendixCSV)
	cmd.Env = append(os.Environ(), "FAKE_SOLVER_DIR="+dir)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v; stderr %q", err, stderr.String())
	}
	want := "odtx: warning: portfolio: " + crash + " failed a call another member answered: " +
		strings.TrimPrefix(crash, "exec:") + " crashed: exit status 3: fake crash\n"
	if withoutSummary(stderr.String()) != want {
		t.Errorf("stderr %q, want %q and the summary", stderr.String(), want)
	}
	if !strings.Contains(stdout.String(), "class = ") {
		t.Errorf("stdout %q, want a tree", stdout.String())
	}
}

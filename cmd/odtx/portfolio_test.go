package main

import (
	"os"
	"os/exec"
	"path/filepath"
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

// TestPortfolioLiarNamed: a portfolio member that answers UNSAT where the
// tree in hand refutes it is named in the error, not the portfolio as a
// whole, also when a trace records the calls. The liar answers every call
// at once; the other member never answers, so the liar wins every race.
func TestPortfolioLiarNamed(t *testing.T) {
	appendix, err := filepath.Abs(appendixCSV)
	if err != nil {
		t.Fatal(err)
	}
	liar, hang := fakeSolver(t, "unsat"), fakeSolver(t, "hang")
	for _, args := range [][]string{{"--mode", "depth"}, {"--mode", "size"}, {"--trace", "t.icnf"}} {
		r := run(t, t.TempDir(), "", append(append([]string{"--portfolio", hang + "," + liar, "learn"}, args...), appendix)...)
		want := "odtx: solver " + liar + " of the portfolio " + hang + "," + liar + " answered UNSAT (no tree of depth "
		if r.code != 1 || r.stdout != "" || !strings.HasPrefix(r.stderr, want) || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 1 and one line %q...", args, r.code, r.stdout, r.stderr, want)
		}
	}
}

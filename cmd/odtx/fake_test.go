package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/odtx/odtx/certify"
)

// fakeSolver copies the script testdata/solvers/NAME.sh into a directory of
// the test's and returns the --solver value that runs it.
func fakeSolver(t *testing.T, name string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	copyScript(t, name, path)
	return "exec:" + path
}

// fakeProver copies the script testdata/solvers/NAME.sh into a directory of
// the test's as the prover certificates are made with, and returns a PATH
// that finds it first.
func fakeProver(t *testing.T, name string) string {
	t.Helper()
	dir := t.TempDir()
	copyScript(t, name, filepath.Join(dir, certify.Prover))
	return dir + string(os.PathListSeparator) + os.Getenv("PATH")
}

// copyScript copies the script testdata/solvers/NAME.sh to path, made
// executable here, since a checkout need not keep the mode git recorded.
func copyScript(t *testing.T, name, path string) {
	t.Helper()
	script, err := os.ReadFile(filepath.Join("..", "..", "testdata", "solvers", name+".sh"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, script, 0o755); err != nil {
		t.Fatal(err)
	}
}

// hangingPids returns the process ids that the fake solver hang.sh has
// written into dir, waiting, within a generous limit, for at least one:
// the sign that a solver call is under way.
func hangingPids(t *testing.T, dir string) []int {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); ; {
		matches, err := filepath.Glob(filepath.Join(dir, "hang.*"))
		if err != nil {
			t.Fatal(err)
		}
		var pids []int
		for _, m := range matches {
			pid, err := strconv.Atoi(strings.TrimPrefix(filepath.Ext(m), "."))
			if err != nil {
				t.Fatalf("%s: %v", m, err)
			}
			pids = append(pids, pid)
		}
		if len(pids) > 0 {
			return pids
		}
		if time.Now().After(deadline) {
			t.Fatal("no solver call started")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// checkGone fails t for each of pids that is still a process, and kills
// it, so that a failing test leaves no solver behind either.
func checkGone(t *testing.T, pids []int) {
	t.Helper()
	for _, pid := range pids {
		if err := syscall.Kill(pid, 0); err != syscall.ESRCH {
			t.Errorf("solver process %d left behind (kill 0: %v)", pid, err)
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}

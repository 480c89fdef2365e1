package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/odtx/odtx/internal/shareddata"
)

// TestInterrupt: Ctrl-C during a search on a real solver binary ends odtx
// with exit code 130, no solver process left and no temporary file. The
// signal comes once a solver call is under way: its formula file is in
// TMPDIR.
func TestInterrupt(t *testing.T) {
	car := shareddata.Path(t, "car.csv")
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skipf("cadical binary not installed (apt-get install cadical): %v", err)
	}
	tmp := t.TempDir()
	cmd := exec.Command(odtx, "--solver", "cadical", "learn", car)
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waitFor(t, filepath.Join(tmp, "odtx-*.cnf"))
	cmd.Process.Signal(syscall.SIGINT)
	waitExit(t, cmd)
	if code := cmd.ProcessState.ExitCode(); code != 130 {
		t.Errorf("exit %d, want 130; stderr %q", code, stderr.String())
	}
	if !strings.Contains(stderr.String(), "interrupted") {
		t.Errorf("stderr %q, want it to say interrupted", stderr.String())
	}
	// pgrep exits 1 when nothing matches; any other failure proves nothing.
	out, err := exec.Command("pgrep", "-f", tmp).Output()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit) && exit.ExitCode() == 1:
	case err != nil:
		t.Errorf("pgrep: %v", err)
	default:
		t.Errorf("solver processes left: %s", out)
	}
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// waitFor waits, within a generous limit, until a file matches pattern.
func waitFor(t *testing.T, pattern string) {
	t.Helper()
	for deadline := time.Now().Add(30 * time.Second); ; {
		if m, err := filepath.Glob(pattern); err != nil || len(m) > 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("nothing matched %s", pattern)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

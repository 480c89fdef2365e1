package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/odtx/odtx/internal/shareddata"
)

// TestInterrupt: Ctrl-C during a long search on a solver binary ends odtx
// promptly (a generous 5 s on a loaded machine; it takes milliseconds),
// with exit code 130, no solver process left and no temporary file.
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
	time.Sleep(1500 * time.Millisecond) // well into the search
	sent := time.Now()
	cmd.Process.Signal(syscall.SIGINT)
	err := cmd.Wait()
	if took := time.Since(sent); took > 5*time.Second {
		t.Errorf("exited %v after SIGINT", took)
	}
	if code := cmd.ProcessState.ExitCode(); code != 130 {
		t.Errorf("exit %d (%v), want 130; stderr %q", code, err, stderr.String())
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

package main

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/odtx/odtx/internal/shareddata"
)

// TestInterrupt: Ctrl-C during a long search on a solver binary ends odtx
// within a second, with exit code 130, no solver process left and no
// temporary file.
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
	if took := time.Since(sent); took > time.Second {
		t.Errorf("exited %v after SIGINT", took)
	}
	if code := cmd.ProcessState.ExitCode(); code != 130 {
		t.Errorf("exit %d (%v), want 130; stderr %q", code, err, stderr.String())
	}
	if !strings.Contains(stderr.String(), "interrupted") {
		t.Errorf("stderr %q, want it to say interrupted", stderr.String())
	}
	if out, _ := exec.Command("pgrep", "-f", tmp).Output(); len(out) > 0 {
		t.Errorf("solver processes left: %s", out)
	}
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

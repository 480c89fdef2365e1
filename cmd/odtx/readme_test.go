package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/odtx/odtx/internal/shareddata"
)

// readme returns README.md with its white space runs made single spaces,
// so that a phrase is found however its lines wrap.
func readme(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(strings.Fields(string(data)), " ")
}

// TestREADMEMouse: the README quotes the mean accuracy that cv prints on
// mouse in size mode, 10 folds, with the default seed and engine.
func TestREADMEMouse(t *testing.T) {
	mouse := shareddata.Path(t, "mouse.csv")
	r := mustRun(t, "", "", "cv", "--folds", "10", mouse)
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	m := meanLine.FindStringSubmatch(lines[len(lines)-1])
	if m == nil {
		t.Fatalf("cv printed\n%s\nwithout a mean", r.stdout)
	}
	for _, want := range []string{
		"`mean test accuracy: " + m[1] + "% (...)`",
		"On mouse, 10 folds with the default seed and engine: " + m[1] + " % in size mode",
	} {
		if !strings.Contains(readme(t), want) {
			t.Errorf("README.md does not say %q", want)
		}
	}
}

// TestREADMECaDiCaLTrace: CaDiCaL's binary does with a trace what the
// README says it does: it stops at the first comment after an assumption
// line with a parse error, exit code 1.
func TestREADMECaDiCaLTrace(t *testing.T) {
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skipf("cadical binary not installed (apt-get install cadical): %v", err)
	}
	trace := filepath.Join(t.TempDir(), "t.icnf")
	mustRun(t, "", "", "--engine", "sat", "learn", "--trace", trace, appendixCSV)
	cmd := exec.Command("cadical", trace)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	const parseError = "parse error: expected 'a' or end-of-file after zero"
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 1 || !strings.Contains(stderr.String(), parseError) {
		t.Errorf("cadical: %v, stderr %q; want exit code 1 and %q", err, stderr.String(), parseError)
	}
	if !strings.Contains(readme(t), "`"+parseError+"` and exit code 1") {
		t.Errorf("README.md does not quote cadical's %q and exit code 1", parseError)
	}
}

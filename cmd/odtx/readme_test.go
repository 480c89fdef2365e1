package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/odtx/odtx/internal/shareddata"
)

// doc returns the file at path, relative to the repository's root, with
// its white space runs made single spaces, so that a phrase is found
// however its lines wrap.
func doc(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", path))
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(strings.Fields(string(data)), " ")
}

// TestREADMEFirstRun: the README's first run prints what the README
// shows, line for line.
func TestREADMEFirstRun(t *testing.T) {
	r := mustRun(t, "", "", "learn", appendixCSV)
	readmeShows(t, "./odtx learn testdata/appendix.csv", r.stdout)
}

// TestREADMEIris: the README's iris example prints the tree the README
// shows, on the shared datasets' iris.csv, which the README says where to
// fetch, with the training errors it says. Before, it showed another tree
// than odtx printed.
func TestREADMEIris(t *testing.T) {
	r := mustRun(t, "", "", "learn", "--max-depth", "2", shareddata.Path(t, "iris.csv"))
	readmeShows(t, "./odtx learn --max-depth 2 iris.csv", r.stdout)
	m := regexp.MustCompile(`, (\d+ training errors?); errors optimal`).FindStringSubmatch(r.stderr)
	if m == nil {
		t.Fatalf("summary %q", r.stderr)
	}
	if readme := doc(t, "README.md"); !strings.Contains(readme, m[1]+", and the summary says no tree of depth 2 makes fewer") {
		t.Errorf("README.md does not say %s", m[1])
	}
}

// readmeShows fails t unless README.md shows command and, in a block of
// its own, what it prints, stdout.
func readmeShows(t *testing.T, command, stdout string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), command) || !strings.Contains(string(data), "```\n"+stdout+"```") {
		t.Errorf("README.md does not show %s printing\n%s", command, stdout)
	}
}

// helpFlag matches a flag's names in a help's OPTIONS lines.
var helpFlag = regexp.MustCompile(`^\s+--([a-z][a-z-]*)`)

// TestDocsCLI: docs/cli.md names every flag that a command's help lists,
// so that the reference keeps up with the command line.
func TestDocsCLI(t *testing.T) {
	ref := doc(t, "docs/cli.md")
	// Every command odtx --help lists, and bench's merge.
	cmds := []string{"bench merge"}
	help := mustRun(t, "", "", "--help").stdout
	listed := help[strings.Index(help, "COMMANDS:"):strings.Index(help, "GLOBAL OPTIONS:")]
	for line := range strings.Lines(listed) {
		if f := strings.Fields(line); len(f) > 0 && f[0] != "COMMANDS:" && f[0] != "help," {
			cmds = append(cmds, f[0])
			if !strings.Contains(ref, "odtx "+f[0]) {
				t.Errorf("docs/cli.md does not show odtx %s, which odtx --help lists", f[0])
			}
		}
	}
	for _, cmd := range cmds {
		r := mustRun(t, "", "", append(strings.Fields(cmd), "--help")...)
		for line := range strings.Lines(r.stdout) {
			m := helpFlag.FindStringSubmatch(line)
			if m == nil || m[1] == "help" || m[1] == "version" {
				continue
			}
			if !strings.Contains(ref, "--"+m[1]) {
				t.Errorf("docs/cli.md does not name --%s, which odtx %s --help lists", m[1], cmd)
			}
		}
	}
}

// TestDocsMouse: docs/cli.md quotes the mean accuracy that cv prints on
// mouse in size mode, 10 folds, with the default seed and engine, and on
// the SAT engine in depth mode, as the default build (the one the tests
// run, without the C solvers) prints it.
func TestDocsMouse(t *testing.T) {
	mouse := shareddata.Path(t, "mouse.csv")
	accuracy := func(args ...string) string {
		t.Helper()
		r := mustRun(t, "", "", append(args, mouse)...)
		lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
		m := meanLine.FindStringSubmatch(lines[len(lines)-1])
		if m == nil {
			t.Fatalf("cv printed\n%s\nwithout a mean", r.stdout)
		}
		return m[1]
	}
	size := accuracy("cv", "--folds", "10")
	sat := accuracy("--engine", "sat", "cv", "--folds", "10", "--mode", "depth")
	for _, want := range []string{
		"`mean test accuracy: " + size + "% (...)`",
		"On mouse, 10 folds with the default seed and engine: " + size + " % in size mode",
		"`--engine sat` scores " + sat + " % on the default build",
	} {
		if !strings.Contains(doc(t, "docs/cli.md"), want) {
			t.Errorf("docs/cli.md does not say %q", want)
		}
	}
}

// TestDocsCaDiCaLTrace: CaDiCaL's binary does with a trace what
// docs/cli.md says it does: it stops at the first comment after an assumption
// line with a parse error, exit code 1.
func TestDocsCaDiCaLTrace(t *testing.T) {
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
	if !strings.Contains(doc(t, "docs/cli.md"), "`"+parseError+"` and exit code 1") {
		t.Errorf("docs/cli.md does not quote cadical's %q and exit code 1", parseError)
	}
}

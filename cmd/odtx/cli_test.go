package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// everyCommand runs each command of odtx with a valid rest of the line,
// so that an error can only come from what precedes it.
var everyCommand = [][]string{
	{"learn", "data.csv"},
	{"predict", "--tree", "tree.json", "data.csv"},
	{"dump", "--depth", "1", "data.csv"},
	{"cv", "--folds", "2", "data.csv"},
	{"gen", "--depth", "1", "--features", "2", "--rows", "4"},
	{"bench", "--out", "out", "--shard", "1/1000", "scaling"}, // one small job
	{"bench", "merge", "--out", "out", "records.jsonl"},
}

// cliDir returns a directory holding what everyCommand reads.
func cliDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"data.csv":      mixedCSV,
		"tree.json":     `{"label":"label","classes":["a"],"root":{"class":"a"}}`,
		"records.jsonl": `{"suite":"mouse","mode":"size","status":"ok"}` + "\n",
	})
	return dir
}

// checkOneLine fails t unless r is exit code 1, nothing on stdout and
// exactly the line want on stderr.
func checkOneLine(t *testing.T, args []string, r result, want string) {
	t.Helper()
	if r.code != 1 || r.stdout != "" || r.stderr != want+"\n" {
		t.Errorf("odtx %q: exit %d, stdout %q, stderr %q; want exit 1 and the one line %q", args, r.code, r.stdout, r.stderr, want)
	}
}

// TestGlobalFlagsChecked: --jobs below 1, a negative --timeout and a
// --max-memory too small or not a size are rejected the same way before
// any command runs, whichever the command.
func TestGlobalFlagsChecked(t *testing.T) {
	dir := cliDir(t)
	for _, bad := range []struct{ flag, value, want string }{
		{"--jobs", "0", `odtx: invalid value "0" for flag -jobs: want at least 1 (see odtx --help)`},
		{"--jobs", "-1", `odtx: invalid value "-1" for flag -jobs: want at least 1 (see odtx --help)`},
		{"--timeout", "-1s", `odtx: invalid value "-1s" for flag -timeout: want a duration of 0 (no limit) or more (see odtx --help)`},
		{"--max-memory", "512", `odtx: invalid value "512" for flag -max-memory: want at least 64MiB (see odtx --help)`},
		{"--max-memory", "2gb", `odtx: invalid value "2gb" for flag -max-memory: "2gb": want a size such as 512m, 2g or 1.5GiB (see odtx --help)`},
	} {
		for _, c := range everyCommand {
			args := slices.Concat([]string{bad.flag, bad.value}, c)
			checkOneLine(t, args, run(t, dir, "", args...), bad.want)
		}
	}
	if got := listDir(t, dir); !slices.Equal(got, []string{"data.csv", "records.jsonl", "tree.json"}) {
		t.Errorf("a rejected command wrote files: %q", got)
	}
}

// TestSolverAndPortfolio: naming both is an error, not a silent choice of
// the portfolio.
func TestSolverAndPortfolio(t *testing.T) {
	dir := cliDir(t)
	args := []string{"--solver", "gini", "--portfolio", "gini,minisat", "learn", "data.csv"}
	checkOneLine(t, args, run(t, dir, "", args...),
		"odtx: --solver and --portfolio both name the back end: give one (a portfolio may include the solver)")
}

// TestUsageErrors: a usage error names the help of the command it is
// about, the root's as "odtx --help" (before: "odtx odtx --help"), and an
// unknown command or help topic is one plain line (before: "No help topic
// for 'frobnicate'").
func TestUsageErrors(t *testing.T) {
	dir := cliDir(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--bogus", "learn", "data.csv"}, "odtx: flag provided but not defined: -bogus (see odtx --help)"},
		{[]string{"learn", "--bogus", "data.csv"}, "odtx: flag provided but not defined: -bogus (see odtx learn --help)"},
		{[]string{"bench", "merge", "--bogus", "x"}, "odtx: flag provided but not defined: -bogus (see odtx bench merge --help)"},
		{[]string{"help", "frobnicate"}, `odtx: unknown command "frobnicate" (see odtx --help)`},
		{[]string{"frobnicate"}, `odtx: unknown command "frobnicate" (see odtx --help)`},
	} {
		checkOneLine(t, c.args, run(t, dir, "", c.args...), c.want)
	}
}

// TestDirectoryAsFile: a directory where a file is wanted is said once,
// not "odtx: read DIR: read DIR: is a directory".
func TestDirectoryAsFile(t *testing.T) {
	dir := cliDir(t)
	if err := os.Mkdir(dir+"/sub", 0o755); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"learn", "sub"},
		{"dump", "--depth", "1", "sub"},
		{"cv", "sub"},
		{"predict", "--tree", "tree.json", "sub"},
		{"predict", "--tree", "sub", "data.csv"},
		{"bench", "merge", "--out", "out", "sub"},
	} {
		checkOneLine(t, args, run(t, dir, "", args...), "odtx: sub is a directory")
	}
}

// TestVersionAndHelp: --version prints the module's version, and --help
// lists the exit codes.
func TestVersionAndHelp(t *testing.T) {
	r := mustRun(t, ".", "", "--version")
	if v, ok := strings.CutPrefix(r.stdout, "odtx version "); !ok || strings.TrimSpace(v) == "" || strings.Count(r.stdout, "\n") != 1 {
		t.Errorf("--version printed %q, want one line \"odtx version V\"", r.stdout)
	}
	r = mustRun(t, ".", "", "--help")
	for _, code := range []string{"0 ", "1 ", "2 ", "129 ", "130 ", "143 "} {
		if !strings.Contains(r.stdout, "\n   "+code) {
			t.Errorf("--help does not list exit code %s:\n%s", code, r.stdout)
		}
	}
}

// TestSignals: SIGINT, SIGTERM and SIGHUP while a solver runs end odtx
// with 130, 143 and 129, as a shell reports a process each signal killed,
// naming the signal, with the solver process gone and no temporary file
// left. Before, SIGTERM gave 130 and "interrupted", and SIGHUP killed odtx
// outright, leaving the solver running and its files in TMPDIR. On SIGINT
// and SIGTERM the search still writes the best tree it holds, marked not
// optimal with the bound proven, as at the time limit: here the greedy
// tree it starts from, as the solver never answers; before, it wrote
// nothing. On SIGHUP no one is left to read it.
func TestSignals(t *testing.T) {
	hang := fakeSolver(t, "hang")
	for _, c := range []struct {
		sig  syscall.Signal
		code int
		want string
	}{{syscall.SIGINT, 130, "odtx: interrupted"}, {syscall.SIGTERM, 143, "odtx: terminated"}, {syscall.SIGHUP, 129, "odtx: hung up"}} {
		pids, tmp := t.TempDir(), t.TempDir()
		cmd := exec.Command(odtx, "--solver", hang, "--jobs", "1", "learn", "--format", "json", appendixCSV)
		cmd.Env = append(os.Environ(), "FAKE_SOLVER_DIR="+pids, "TMPDIR="+tmp)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		started := hangingPids(t, pids)
		if err := cmd.Process.Signal(c.sig); err != nil {
			t.Fatal(err)
		}
		err := cmd.Wait()
		if c.sig == syscall.SIGHUP {
			if code := cmd.ProcessState.ExitCode(); code != c.code || stderr.String() != c.want+"\n" || stdout.Len() != 0 {
				t.Errorf("%v: exit %d (%v), stdout %q, stderr %q; want %d and %q", c.sig, code, err, stdout.String(), stderr.String(), c.code, c.want+"\n")
			}
		} else {
			checkStoppedTree(t, c.sig, c.code, c.want, err, cmd.ProcessState.ExitCode(), stdout.Bytes(), stderr.String())
		}
		checkGone(t, started)
		for _, e := range listDir(t, tmp) {
			t.Errorf("%v: %s left in TMPDIR", c.sig, e)
		}
	}
}

// checkStoppedTree checks what learn wrote when sig stopped it: exit code
// want, one line on stderr beginning with word that gives the bound, and
// on stdout a tree not optimal with a bound no deeper than it.
func checkStoppedTree(t *testing.T, sig syscall.Signal, want int, word string, err error, code int, stdout []byte, stderr string) {
	t.Helper()
	line := word + " with the best tree found, not proven optimal (depth >= "
	if code != want || !strings.HasPrefix(stderr, line) || strings.Count(stderr, "\n") != 1 {
		t.Errorf("%v: exit %d (%v), stderr %q; want %d and one line %q...", sig, code, err, stderr, want, line)
	}
	var doc struct {
		Depth   int   `json:"depth"`
		Optimal *bool `json:"optimal"`
		Bound   *struct {
			Depth int `json:"depth"`
		} `json:"lower_bound"`
	}
	if err := json.Unmarshal(stdout, &doc); err != nil {
		t.Errorf("%v: stdout is not a tree (%v): %q", sig, err, stdout)
	} else if doc.Optimal == nil || *doc.Optimal || doc.Bound == nil || doc.Bound.Depth > doc.Depth {
		t.Errorf("%v: optimal %v, depth %d, bound %+v; want not optimal, a bound <= depth", sig, doc.Optimal, doc.Depth, doc.Bound)
	}
}

// TestUsageNamesHelp: an error in the command line, whether cli finds it
// or odtx does, is one line naming the help of the command it is in.
func TestUsageNamesHelp(t *testing.T) {
	for _, args := range [][]string{
		{"learn"},
		{"learn", "--format", "xml", appendixCSV},
		{"learn", "--mode", "nosuch", appendixCSV},
		{"learn", "--split", "nosuch", appendixCSV},
		{"learn", "--conflicts", "nosuch", appendixCSV},
		{"learn", "--max-branching-nodes", "3", appendixCSV},
		{"learn", "--nosuch", appendixCSV},
		{"--engine", "nosuch", "learn", appendixCSV},
		{"predict", "--tree", "t.json"},
		{"cv", appendixCSV, appendixCSV},
	} {
		r := run(t, "", "", args...)
		command := "learn"
		for _, a := range args {
			if a == "predict" || a == "cv" {
				command = a
			}
		}
		want := " (see odtx " + command + " --help)\n"
		if r.code != 1 || !strings.HasSuffix(r.stderr, want) || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("odtx %q: exit %d, stderr %q; want 1 and one line ending %q", args, r.code, r.stderr, want)
		}
	}
}

// TestSummaryTime: the time the summary line gives is the whole run's,
// certifying included: with a prover that takes a second at least, so
// does the run, however fast the search.
func TestSummaryTime(t *testing.T) {
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skipf("cadical binary not installed (apt-get install cadical): %v", err)
	}
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"mixed.csv": mixedCSV})
	cmd := exec.Command(odtx, "--engine", "dp", "learn", "--certify", "cert", "mixed.csv")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+fakeProver(t, "prover-slow"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v; stderr %q", err, stderr.String())
	}
	m := regexp.MustCompile(`, certified; engine \w+, ([0-9.]+) s\n$`).FindStringSubmatch(stderr.String())
	if m == nil {
		t.Fatalf("stderr %q, want the summary of a certified run", stderr.String())
	}
	if s, err := strconv.ParseFloat(m[1], 64); err != nil || s < 1 {
		t.Errorf("summary says %s s; certifying took a second at least", m[1])
	}
}

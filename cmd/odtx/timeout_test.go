package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/odtx/odtx/internal/shareddata"
)

// TestTimeoutSearch: a SAT search stopped by --timeout prints a verified
// tree marked not optimal, with the bound it proved and the calls it made,
// and exits 2. Its solver answers three calls and then never again, so
// that the search cannot end before the limit however fast the machine;
// every call started is counted, the one the limit cut short too.
func TestTimeoutSearch(t *testing.T) {
	if _, err := exec.LookPath("cadical"); err != nil {
		t.Skipf("cadical binary not installed (apt-get install cadical): %v", err)
	}
	dir, fake := t.TempDir(), t.TempDir()
	mustRun(t, dir, "", "gen", "--depth", "5", "--features", "20", "--rows", "300", "--seed", "3", "-o", "data.csv")
	cmd := exec.Command(odtx, "--solver", fakeSolver(t, "hang-after"), "--jobs", "1", "--timeout", "1s", "learn", "--format", "json", "data.csv")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "FAKE_SOLVER_DIR="+fake, "FAKE_ANSWERS=3")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waitExit(t, cmd)
	if code := cmd.ProcessState.ExitCode(); code != 2 {
		t.Fatalf("exit %d, want 2; stderr %q", code, stderr.String())
	}
	if !strings.Contains(stderr.String(), "not proven optimal (depth >= ") || strings.Count(stderr.String(), "\n") != 1 {
		t.Errorf("stderr %q, want one line naming the bound", stderr.String())
	}
	var doc struct {
		Depth   int  `json:"depth"`
		Optimal bool `json:"optimal"`
		Bound   *struct {
			Depth int  `json:"depth"`
			Nodes *int `json:"nodes"`
		} `json:"lower_bound"`
		Stats struct {
			Examples int `json:"examples_used"`
			Calls    int `json:"solver_calls"`
		} `json:"stats"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &doc); err != nil {
		t.Fatalf("stdout is not JSON: %v", err)
	}
	calls, err := os.ReadFile(filepath.Join(fake, "calls"))
	if err != nil {
		t.Fatal(err)
	}
	if want := strings.TrimSpace(string(calls)); strconv.Itoa(doc.Stats.Calls) != want || doc.Stats.Examples == 0 {
		t.Errorf("stats %+v: want the %s calls started and the examples they encoded", doc.Stats, want)
	}
	// learn verifies every tree on the raw rows before writing it, so a
	// tree on stdout is a consistent one.
	if doc.Optimal || doc.Bound == nil || doc.Bound.Depth < 1 || doc.Bound.Depth > doc.Depth {
		t.Errorf("optimal %v, depth %d, bound %+v; want not optimal, 1 <= bound <= depth", doc.Optimal, doc.Depth, doc.Bound)
	}
	// The depth is not proven, so neither is a node count.
	if doc.Bound != nil && (doc.Bound.Nodes == nil || *doc.Bound.Nodes != 0) {
		t.Errorf("lower_bound.nodes %v, want 0, written", doc.Bound.Nodes)
	}
	hung, err := filepath.Glob(filepath.Join(fake, "hang.*"))
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range hung {
		pid, err := strconv.Atoi(strings.TrimPrefix(filepath.Ext(h), "."))
		if err != nil {
			t.Fatal(err)
		}
		checkGone(t, []int{pid})
	}
}

// TestTimeoutDP: the DP engine, stopped by --timeout before it could
// finish, prints a verified tree marked not optimal with the depth bound
// it has, and exits 2.
func TestTimeoutDP(t *testing.T) {
	wide := shareddata.Path(t, "500_Person_Gender_Height_Weight_Index.csv")
	// The limit has passed before the search starts: what it then has is
	// the greedy tree and the bound the six classes give.
	r := run(t, ".", "", "--engine", "dp", "--timeout", "1ns", "learn", "--format", "json", wide)
	if r.code != 2 || !strings.Contains(r.stderr, "not proven optimal (depth >= ") {
		t.Fatalf("exit %d, stderr %q; want 2 and the bound", r.code, r.stderr)
	}
	var doc struct {
		Depth   int    `json:"depth"`
		Optimal bool   `json:"optimal"`
		Engine  string `json:"engine"`
		Bound   *struct {
			Depth int `json:"depth"`
		} `json:"lower_bound"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
		t.Fatalf("stdout is not JSON: %v", err)
	}
	// Six classes need depth 3 at least.
	if doc.Optimal || doc.Bound == nil || doc.Bound.Depth < 3 || doc.Bound.Depth > doc.Depth {
		t.Errorf("optimal %v, depth %d, bound %+v; want not optimal, 3 <= bound <= depth", doc.Optimal, doc.Depth, doc.Bound)
	}
}

// TestTimeoutReading: the time limit counts while the data is read, so a
// pipe that stays open after a few rows does not hold learn past it: it
// exits 2 with one line, while the writer still holds the pipe. Before, the
// limit started only once the data was read, at the pipe's end.
func TestTimeoutReading(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	cmd := exec.Command(odtx, "--timeout", "1s", "learn", "-")
	cmd.Stdin = r
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	r.Close()
	if _, err := w.WriteString("a,b,label\n1,2,x\n"); err != nil {
		t.Fatal(err)
	}
	waitExit(t, cmd) // the pipe is open until this test returns
	if code := cmd.ProcessState.ExitCode(); code != 2 || stderr.String() != "odtx: time limit 1s reached while reading stdin\n" || stdout.Len() > 0 {
		t.Errorf("exit %d, stderr %q, stdout %q; want 2 and one line", code, stderr.String(), stdout.String())
	}
}

package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/odtx/odtx/internal/shareddata"
)

// TestTimeoutCar: with --timeout 1s on car, the SAT engine's learn prints
// a verified tree marked not optimal, with the bound it proved, exits 2,
// and does so within 2 s of the limit.
func TestTimeoutCar(t *testing.T) {
	car := shareddata.Path(t, "car.csv")
	start := time.Now()
	r := run(t, ".", "", "--engine", "sat", "--timeout", "1s", "learn", "--format", "json", car)
	took := time.Since(start)
	if r.code != 2 {
		t.Fatalf("exit %d, want 2; stderr %q", r.code, r.stderr)
	}
	if took > 3*time.Second {
		t.Errorf("took %v with a 1 s limit", took)
	}
	if !strings.Contains(r.stderr, "not proven optimal (depth >= ") || strings.Count(r.stderr, "\n") != 1 {
		t.Errorf("stderr %q, want one line naming the bound", r.stderr)
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
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
		t.Fatalf("stdout is not JSON: %v", err)
	}
	if doc.Stats.Calls == 0 || doc.Stats.Examples == 0 {
		t.Errorf("stats %+v: want the calls made and the examples they encoded", doc.Stats)
	}
	// learn verifies every tree on the raw rows before writing it, so a
	// tree on stdout is a consistent one.
	if doc.Optimal || doc.Bound == nil || doc.Bound.Depth < 1 || doc.Bound.Depth > doc.Depth || doc.Bound.Depth > 8 {
		t.Errorf("optimal %v, depth %d, bound %+v; want not optimal, 1 <= bound <= min(depth, 8)", doc.Optimal, doc.Depth, doc.Bound)
	}
	// The depth is not proven in a second, so neither is a node count.
	if doc.Bound != nil && (doc.Bound.Nodes == nil || *doc.Bound.Nodes != 0) {
		t.Errorf("lower_bound.nodes %v, want 0, written", doc.Bound.Nodes)
	}
}

// TestTimeoutDP: the DP engine, stopped by --timeout on data it cannot
// finish in time, prints a verified tree marked not optimal with the
// depth bound it proved, and exits 2.
func TestTimeoutDP(t *testing.T) {
	wide := shareddata.Path(t, "500_Person_Gender_Height_Weight_Index.csv")
	r := run(t, ".", "", "--engine", "dp", "--timeout", "1s", "learn", "--format", "json", wide)
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

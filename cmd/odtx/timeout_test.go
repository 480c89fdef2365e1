package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

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

// TestTimeoutReading: a pipe that stays open without sending does not
// hold learn long past its time limit: a second later it exits 1 with one
// line, while the writer still holds the pipe, since there is no data to
// learn from. Before, the limit started only once the data was read, at
// the pipe's end.
func TestTimeoutReading(t *testing.T) {
	cmd, w, stdout, stderr := startPiped(t, "--timeout", "1s", "learn", "-")
	defer w.Close()
	if _, err := w.WriteString("a,b,label\n1,2,x\n"); err != nil {
		t.Fatal(err)
	}
	waitExit(t, cmd) // the pipe is open until this test returns
	want := "odtx: time limit 1s reached while reading stdin, which then sent nothing for 1s: no tree without the whole data\n"
	if code := cmd.ProcessState.ExitCode(); code != 1 || stderr.String() != want || stdout.Len() > 0 {
		t.Errorf("exit %d, stderr %q, stdout %q; want 1 and one line", code, stderr.String(), stdout.String())
	}
}

// TestTimeoutFlowing: data that keeps coming through a pipe past the time
// limit is read to its end, and learn then writes its tree, exit code 2.
func TestTimeoutFlowing(t *testing.T) {
	cmd, w, stdout, stderr := startPiped(t, "--timeout", "1ms", "learn", "-")
	for _, rows := range strings.SplitAfter(mixedCSV, "\n") {
		if _, err := w.WriteString(rows); err != nil {
			t.Fatal(err)
		}
		time.Sleep(20 * time.Millisecond) // a writer that sends a row at a time
	}
	w.Close()
	waitExit(t, cmd)
	if code := cmd.ProcessState.ExitCode(); code != 2 || !strings.HasPrefix(stdout.String(), "if ") {
		t.Errorf("exit %d, stderr %q, stdout %q; want 2 and a tree", code, stderr.String(), stdout.String())
	}
}

// startPiped starts odtx with args, its stdin a pipe whose writing end it
// returns, for the caller to close, with what odtx writes on stdout and
// stderr.
func startPiped(t *testing.T, args ...string) (*exec.Cmd, *os.File, *bytes.Buffer, *bytes.Buffer) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(odtx, args...)
	cmd.Stdin = r
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	r.Close()
	return cmd, w, &stdout, &stderr
}

// timeoutCSV has numbers and a category, and labels no tree of depth 1
// fits.
const timeoutCSV = `a,b,c,y
1.5,2,x,p
2.25,3,y,q
3.125,1,x,p
4,5,z,q
5.5,4,y,p
6,6,x,q
7,7,z,q
8,8,y,p
`

// TestTimeoutTree: a time limit that ends before the search has begun,
// --timeout 1ns, still gives a tree, verified, with exit code 2 and the
// bounds proven by then, in every mode, on every engine that takes it, the
// data read from a file or from stdin: the search's first tree, greedy or
// a single leaf. predict agrees with the tree's training errors. Before,
// learn exited 2 with nothing on stdout when the data came from stdin.
func TestTimeoutTree(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"data.csv": timeoutCSV})
	zeroError := []string{"auto", "sat", "dp"}
	fewestErrors := []string{"auto", "minerr", "ordered"}
	for _, c := range []struct {
		args    []string
		engines []string
	}{
		{[]string{"--mode", "size"}, zeroError},
		{[]string{"--mode", "depth"}, zeroError},
		{[]string{"--max-depth", "2"}, fewestErrors},
		{[]string{"--max-depth", "2", "--any-size"}, fewestErrors},
		{[]string{"--max-depth", "2", "--max-branching-nodes", "2"}, fewestErrors},
		{[]string{"--max-depth", "2", "--complexity-cost", "0.01"}, fewestErrors},
	} {
		for _, e := range c.engines {
			for _, in := range []string{"data.csv", "-"} {
				stdin := ""
				if in == "-" {
					stdin = timeoutCSV
				}
				args := slices.Concat([]string{"--engine", e, "--timeout", "1ns", "learn", "--format", "json"}, c.args, []string{in})
				r := run(t, dir, stdin, args...)
				if r.code != 2 || !strings.HasPrefix(r.stderr, "odtx: time limit 1ns reached: best tree found, not proven optimal (") || strings.Count(r.stderr, "\n") != 1 {
					t.Errorf("odtx %q: exit %d, stderr %q; want 2 and one line", args, r.code, r.stderr)
					continue
				}
				var doc struct {
					Depth, Nodes int
					Optimal      bool
					Errors       *int `json:"training_errors"`
					Bound        struct {
						Depth, Nodes int
						Errors       *int
					} `json:"lower_bound"`
				}
				if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
					t.Errorf("odtx %q: stdout is not a tree: %v\n%s", args, err, r.stdout)
					continue
				}
				errs := 0
				if doc.Errors != nil {
					errs = *doc.Errors
				}
				bound := doc.Bound.Depth <= doc.Depth && doc.Bound.Nodes <= doc.Nodes
				if c.args[0] == "--max-depth" {
					bound = doc.Errors != nil && doc.Depth <= 2 && (doc.Bound.Errors == nil || *doc.Bound.Errors <= errs)
				}
				if doc.Optimal || !bound {
					t.Errorf("odtx %q: %+v: want not optimal, within the bounds", args, doc)
				}
				writeFiles(t, dir, map[string]string{"tree.json": r.stdout})
				p := mustRun(t, dir, "", "predict", "--tree", "tree.json", "data.csv")
				if want := fmt.Sprintf("(%d/8)\n", 8-errs); !strings.HasSuffix(p.stderr, want) {
					t.Errorf("odtx %q, then predict: %q, want %s", args, p.stderr, want)
				}
			}
		}
	}
}

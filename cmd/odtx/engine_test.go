package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
)

// TestEngineChoice: auto by default; naming a back end or asking for a
// trace means the SAT engine unless --engine says otherwise; auto takes a
// back end for its SAT part; a trace or a back end for the DP engine, or
// for the errors mode, which call no solver, is an error, which leaves no
// file.
func TestEngineChoice(t *testing.T) {
	appendix, err := filepath.Abs(appendixCSV)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string // the engine that ran
	}{
		{[]string{"learn"}, "dp"}, // auto: DP settles the Appendix at once
		{[]string{"--solver", "gini", "learn"}, "sat"},
		{[]string{"--portfolio", "gini,minisat", "learn"}, "sat"},
		{[]string{"--solver", "gini", "--engine", "auto", "learn"}, "dp"},
		{[]string{"--engine", "sat", "learn"}, "sat"},
		{[]string{"learn", "--trace", "t.icnf"}, "sat"},
		{[]string{"--engine", "ordered", "learn"}, "ordered"}, // without errors, depth by depth
		{[]string{"--engine", "minerr", "learn", "--mode", "depth"}, "minerr"},
	} {
		args := append(append([]string{"-q"}, c.args...), "--format", "json", appendix)
		r := mustRun(t, t.TempDir(), "", args...)
		var doc struct {
			Engine string `json:"engine"`
		}
		if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
			t.Fatalf("odtx %q: %v", args, err)
		}
		if doc.Engine != c.want {
			t.Errorf("odtx %q: engine %q, want %q", args, doc.Engine, c.want)
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--engine", "dp", "learn", "--trace", "t.icnf"}, "odtx: --trace records SAT solver calls, and the dp engine makes none (see odtx learn --help)\n"},
		{[]string{"--engine", "dp", "--solver", "minisat", "learn"}, "odtx: --solver minisat names a SAT back end, but the dp engine runs no SAT solver: drop it, or give --engine auto or sat (see odtx learn --help)\n"},
		{[]string{"--engine", "dp", "--portfolio", "gini,minisat", "cv", "--folds", "2"}, "odtx: --portfolio gini,minisat names a SAT back end, but the dp engine runs no SAT solver: drop it, or give --engine auto or sat (see odtx cv --help)\n"},
		{[]string{"--solver", "gini", "learn", "--max-depth", "2"}, "odtx: --solver gini names a SAT back end, but the fewest errors (--max-depth) are searched by minerr or ordered, which run no SAT solver: drop it (see odtx learn --help)\n"},
		{[]string{"learn", "--max-depth", "2", "--trace", "t.icnf"}, "odtx: --trace records SAT solver calls, but the fewest errors (--max-depth) are searched by minerr or ordered, which make none (see odtx learn --help)\n"},
	} {
		dir := t.TempDir()
		r := run(t, dir, "", append(c.args, appendix)...)
		if r.code != 1 || r.stdout != "" || r.stderr != c.want {
			t.Errorf("odtx %q: exit %d, stdout %q, stderr %q; want 1 and %q", c.args, r.code, r.stdout, r.stderr, c.want)
		}
		if names := listDir(t, dir); len(names) > 0 {
			t.Errorf("odtx %q left %v", c.args, names)
		}
	}
}

// TestSATOptimumInHand: with as many classes as rows, no tree is shallower
// than the class count allows, and the SAT engine in depth mode stops as
// soon as it holds a tree that deep: optimal, exit 0. Before, it went on
// adding rows to its formula until the time limit, then said "optimal":
// false with exit 2.
func TestSATOptimumInHand(t *testing.T) {
	var csv strings.Builder
	csv.WriteString("a,b,c,d,e,label\n")
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 300 { // 300 classes: depth 9 at least
		fmt.Fprintf(&csv, "%d,%d,%d,%d,%d,c%d\n", rng.IntN(1000), rng.IntN(1000), rng.IntN(1000), rng.IntN(1000), rng.IntN(1000), i)
	}
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"classes.csv": csv.String()})
	r := run(t, dir, "", "-q", "--engine", "sat", "--timeout", "30s", "learn", "--mode", "depth", "--format", "json", "classes.csv")
	var doc struct {
		Depth   int
		Optimal bool
	}
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
		t.Fatalf("exit %d, stderr %q: %v", r.code, r.stderr, err)
	}
	if r.code != 0 || doc.Depth != 9 || !doc.Optimal {
		t.Errorf("exit %d, depth %d, optimal %v, stderr %q; want 0, 9, true", r.code, doc.Depth, doc.Optimal, r.stderr)
	}
}

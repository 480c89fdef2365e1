package main

import (
	"encoding/json"
	"path/filepath"
	"testing"
)

// TestEngineChoice: auto by default; naming a back end or asking for a
// trace means the SAT engine unless --engine says otherwise; a trace of
// the DP engine, which calls no solver, is an error.
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
		{[]string{"--solver", "gini", "--engine", "dp", "learn"}, "dp"},
		{[]string{"--engine", "sat", "learn"}, "sat"},
		{[]string{"learn", "--trace", "t.icnf"}, "sat"},
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
	r := run(t, t.TempDir(), "", "--engine", "dp", "learn", "--trace", "t.icnf", appendix)
	if r.code != 1 || r.stdout != "" || r.stderr != "odtx: --trace records SAT solver calls, and the dp engine makes none\n" {
		t.Errorf("dp with a trace: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}

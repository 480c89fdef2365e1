package bench

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestRegressionJobs: the regression suite runs odtx's regression engine
// and STreeD on each file and depth bound given, the tables of
// scripts/regression-data.py at depths 2 to 4 by default.
func TestRegressionJobs(t *testing.T) {
	jobs, err := Jobs("regression", Config{Solvers: []string{"gini"}, Runs: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(jobs) != len(regressionFiles)*3 || jobs[0].Dataset != "diabetes.csv" || jobs[0].MaxDepth != 2 || jobs[0].Solver != "regress" || jobs[0].Mode != "regression" {
		t.Errorf("%d jobs, the first %+v; want %d, regress on diabetes.csv at depth 2", len(jobs), jobs[0], len(regressionFiles)*3)
	}
	jobs, err = Jobs("regression", Config{Solvers: []string{"gini"}, Runs: 1, Files: []string{"a.csv"}, Depths: []int{3}, Peers: []Peer{{Name: "streed", Program: "/bin/streed"}}})
	if err != nil {
		t.Fatal(err)
	}
	var tools []string
	for _, j := range jobs {
		tools = append(tools, j.Solver+" "+j.Program)
	}
	if want := []string{"regress ", "streed /bin/streed"}; !slices.Equal(tools, want) {
		t.Errorf("tools %q, want %q", tools, want)
	}
}

// TestRegressionPeer: STreeD reads a line per record, its target first,
// and its mean squared error is read as the SSE over the records; at depth
// 0, where the tree is one leaf, it agrees with odtx, and the table sets
// them side by side. A peer that finds no regression tree is an error.
func TestRegressionPeer(t *testing.T) {
	dir := t.TempDir()
	csv := "a,b,y\n0,1.5,2\n0,1.5,4.5\n1,2.5,-1\n1,0.5,3\n0,0.5,0.25\n"
	if err := os.WriteFile(filepath.Join(dir, "t.csv"), []byte(csv), 0o644); err != nil {
		t.Fatal(err)
	}
	fake, err := filepath.Abs(filepath.Join("testdata", "mean-peer.sh"))
	if err != nil {
		t.Fatal(err)
	}
	r := newRunner(dir)
	var records []Record
	for _, tool := range []Peer{{Name: "regress"}, {Name: "streed", Program: fake}} {
		rec := r.Run(context.Background(), Job{Suite: "regression", Dataset: "t.csv", Solver: tool.Name, Program: tool.Program, Mode: "regression", MaxDepth: 0, Fold: -1})
		// The mean is 1.75; the squares about it sum to 19.
		if rec.Status != "ok" || rec.SSE == nil || !sameSSE(*rec.SSE, 19) || rec.Seconds <= 0 {
			t.Fatalf("%s: %+v, SSE %v; want 19", tool.Name, rec, sseOf(rec))
		}
		records = append(records, rec)
	}
	tables := Tables(records)
	if len(tables) != 1 || len(tables[0].Rows) != 1 {
		t.Fatalf("tables %+v", tables)
	}
	row := tables[0].Rows[0]
	if !slices.Equal(row.Keys, []string{"t.csv", "0", "regress"}) || !sameSSE(row.Figures[0].Value, row.Figures[0].Ref) {
		t.Errorf("row %+v", row)
	}
	if notes := strings.Join(tables[0].Notes, " "); !strings.Contains(notes, "agree to 9 significant digits on 1 of the 1 rows") {
		t.Errorf("notes %q", notes)
	}
	rec := r.Run(context.Background(), Job{Suite: "regression", Dataset: "t.csv", Solver: "contree", Program: fake, Mode: "regression", MaxDepth: 2, Fold: -1})
	if !strings.Contains(rec.Status, "finds no regression tree") {
		t.Errorf("contree: status %q", rec.Status)
	}
}

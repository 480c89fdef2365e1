package bench

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestMinErrorJobs: the minerror suite runs odtx's dp engine and every
// peer on each file and depth bound given, the DL8 files at depths 2 to 5
// by default.
func TestMinErrorJobs(t *testing.T) {
	jobs, err := Jobs("minerror", Config{Solvers: []string{"gini"}, Runs: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(jobs) != 22*4 || jobs[0].Dataset != "dl8/anneal.csv" || jobs[0].MaxDepth != 2 || jobs[0].Solver != "auto" || jobs[0].Mode != "errors" {
		t.Errorf("%d jobs, the first %+v; want 88, auto on dl8/anneal.csv at depth 2", len(jobs), jobs[0])
	}
	peer := Peer{Name: "streed", Program: "/bin/streed"}
	jobs, err = Jobs("minerror", Config{Solvers: []string{"gini"}, Runs: 2, Files: []string{"a.csv"}, Depths: []int{3}, Peers: []Peer{peer}})
	if err != nil {
		t.Fatal(err)
	}
	var tools []string
	for _, j := range jobs {
		tools = append(tools, j.Solver+" "+j.Program)
		if j.Dataset != "a.csv" || j.MaxDepth != 3 || !j.Learning() {
			t.Errorf("job %+v", j)
		}
	}
	if want := []string{"auto ", "auto ", "streed /bin/streed", "streed /bin/streed"}; !slices.Equal(tools, want) {
		t.Errorf("tools %q, want %q", tools, want)
	}
	// Any size is odtx's to give: a peer's jobs are as they were.
	jobs, err = Jobs("minerror", Config{Solvers: []string{"gini"}, Runs: 1, Files: []string{"a.csv"}, Depths: []int{3}, Peers: []Peer{peer}, AnySize: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(jobs) != 2 || !jobs[0].AnySize || jobs[1].AnySize {
		t.Errorf("with AnySize: %+v", jobs)
	}
}

// TestMinErrorPeers: a peer reads the file the runner writes it, with a
// line for every record of the contradictory ones, and its answer is read
// as STreeD and ConTree give it; at depth 0, where the tree is one leaf,
// it agrees with odtx, and the table sets them side by side.
func TestMinErrorPeers(t *testing.T) {
	dir := t.TempDir()
	csv := "a,b,y\n0,1.5,p\n0,1.5,q\n0,1.5,q\n1,2.5,p\n1,0.5,p\n1,0.5,q\n0,0.5,q\n"
	if err := os.WriteFile(filepath.Join(dir, "t.csv"), []byte(csv), 0o644); err != nil {
		t.Fatal(err)
	}
	fake, err := filepath.Abs(filepath.Join("testdata", "majority-peer.sh"))
	if err != nil {
		t.Fatal(err)
	}
	r := newRunner(dir)
	var records []Record
	for _, tool := range []Peer{{Name: "auto"}, {Name: "streed", Program: fake}, {Name: "contree", Program: fake}} {
		rec := r.Run(context.Background(), Job{Suite: "minerror", Dataset: "t.csv", Solver: tool.Name, Program: tool.Program, Mode: "errors", MaxDepth: 0, Fold: -1})
		// Four of the seven records are q.
		if rec.Status != "ok" || rec.Errors == nil || *rec.Errors != 3 || rec.Seconds <= 0 {
			t.Fatalf("%s: %+v, errors %v; want 3 errors", tool.Name, rec, rec.Errors)
		}
		records = append(records, rec)
	}
	engine := records[0].Engine // before Tables sorts the records
	tables := Tables(records)
	if len(tables) != 1 || len(tables[0].Rows) != 1 {
		t.Fatalf("tables %+v", tables)
	}
	row := tables[0].Rows[0]
	if !slices.Equal(row.Keys, []string{"t.csv", "0", engine}) || engine == "" || row.Figures[0] != (Figure{3, 3}) || row.Figures[2] != (Figure{3, 3}) {
		t.Errorf("row %+v", row)
	}
	if names := tables[0].Columns[0].Name + ", " + tables[0].Columns[2].Name; names != "errors (contree), errors (streed)" {
		t.Errorf("columns %s", names)
	}
	if err := os.WriteFile(filepath.Join(dir, "c.csv"), []byte("a,y\nred,p\nblue,q\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	words := r.Run(context.Background(), Job{Suite: "minerror", Dataset: "c.csv", Solver: "contree", Program: fake, Mode: "errors", Fold: -1})
	if !strings.Contains(words.Status, "contree takes numbers only") {
		t.Errorf("contree on a column of words: status %q", words.Status)
	}
	bad := r.Run(context.Background(), Job{Suite: "minerror", Dataset: "t.csv", Solver: "streed", Program: "/bin/false", Mode: "errors", Fold: -1})
	if !strings.HasPrefix(bad.Status, "error: false: ") {
		t.Errorf("a failing peer: status %q", bad.Status)
	}
}

// TestMinErrorNodesPeer: led to odtx's answer, STreeD's tree of fewest
// errors is followed by a bisection of its node budget for the fewest
// branching nodes with as few errors.
func TestMinErrorNodesPeer(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "t.csv"), []byte("a,b,y\n0,1,p\n0,0,q\n1,1,p\n1,0,q\n0,1,q\n1,1,q\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fake, err := filepath.Abs(filepath.Join("testdata", "budget-peer.sh"))
	if err != nil {
		t.Fatal(err)
	}
	r := newRunner(dir)
	for _, c := range []struct {
		peer          string
		errors, nodes int
	}{
		// At depth 3 the budget is 7 branches, all of which the fake's
		// tree of 1 error has; 3 are the fewest with 1 error, which the
		// bisection finds.
		{"streed-nodes", 1, 7},
		{"streed", 1, 15},
	} {
		rec := r.Run(context.Background(), Job{Suite: "minerror", Dataset: "t.csv", Solver: c.peer, Program: fake, Mode: "errors", MaxDepth: 3, Fold: -1})
		if rec.Status != "ok" || rec.Errors == nil || *rec.Errors != c.errors || rec.Nodes != c.nodes || rec.Seconds <= 0 {
			t.Errorf("%s: %+v, errors %v; want %d errors, %d nodes", c.peer, rec, rec.Errors, c.errors, c.nodes)
		}
	}
}

// TestMinErrorEngine: the table names the engine a record's search ran,
// not the one its job asked for, which for auto is neither.
func TestMinErrorEngine(t *testing.T) {
	errs := 1
	job := Job{Suite: "minerror", Dataset: "t.csv", Solver: "auto", Mode: "errors", MaxDepth: 2, Fold: -1}
	failed := job
	failed.Dataset = "u.csv"
	table := minErrorTable([]Record{{Job: job, Engine: "dp", Errors: &errs, Status: "ok"}, {Job: failed, Status: "error: no file"}})
	var engines []string
	for _, row := range table.Rows {
		engines = append(engines, row.Keys[2])
	}
	if want := []string{"dp", "auto"}; !slices.Equal(engines, want) {
		t.Errorf("engines %q, want %q: the search's, else the job's for a job that ran none", engines, want)
	}
}

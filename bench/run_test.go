package bench

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// newRunner runs jobs with their solver on the datasets in dir.
func newRunner(dir string) *Runner {
	return &Runner{Data: dir, Probes: 2, Machine: ThisMachine()}
}

// TestRunner runs real jobs on the paper's Appendix example, copied as
// tiny.csv with a train/test split, and on a generated dataset.
func TestRunner(t *testing.T) {
	dir := t.TempDir()
	appendix, err := os.ReadFile(filepath.Join("..", "testdata", "appendix.csv"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(appendix), "\n")
	header, rows := lines[0], lines[1:]
	write := func(name string, rows []string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(header+strings.Join(rows, "")), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("tiny.csv", rows)
	if err := os.Mkdir(filepath.Join(dir, "splits"), 0o755); err != nil {
		t.Fatal(err)
	}
	write("splits/tiny.csv.train0.csv", rows)
	write("splits/tiny.csv.test0.csv", rows[:4])
	r := newRunner(dir)
	ctx := context.Background()

	// The Appendix's optimum: depth 2, 7 nodes.
	learn := r.Run(ctx, Job{Suite: "mouse", Dataset: "tiny.csv", Solver: "gini", Mode: "size", Fold: -1})
	if learn.Status != "ok" || learn.K != 2 || learn.Nodes != 7 || learn.ExamplesUsed == 0 || learn.Clauses == 0 || learn.Seconds <= 0 {
		t.Errorf("learn: %+v", learn)
	}
	// A tree consistent with every row scores 100% on rows it learned.
	given := r.Run(ctx, Job{Suite: "table3", Dataset: "tiny.csv", Solver: "gini", Mode: "depth", Fold: 0})
	if given.Status != "ok" || given.Accuracy != 1 || given.K != 2 {
		t.Errorf("given split: %+v", given)
	}
	kfold := r.Run(ctx, Job{Suite: "mouse", Dataset: "tiny.csv", Solver: "gini", Mode: "size", Fold: 1, Folds: 2})
	if kfold.Status != "ok" || kfold.K == 0 {
		t.Errorf("2-fold: %+v", kfold)
	}
	p := ScalingSeries[0].point(2, 0)
	p.Depth, p.Features, p.Rows = 2, 4, 16
	gen := r.Run(ctx, Job{Suite: "scaling", Dataset: p.String(), Solver: "gini", Mode: "depth", Fold: -1, Point: &p})
	if gen.Status != "ok" || gen.K < 1 || gen.K > 2 {
		t.Errorf("generated: %+v", gen)
	}

	// Failures are records that say so.
	missing := r.Run(ctx, Job{Suite: "table3", Dataset: "tiny.csv", Solver: "gini", Mode: "size", Fold: 1})
	if !strings.HasPrefix(missing.Status, "error: ") || !strings.Contains(missing.Status, "tiny.csv.train1.csv") {
		t.Errorf("missing split: status %q", missing.Status)
	}
	r.Timeout = time.Nanosecond
	late := r.Run(ctx, Job{Suite: "mouse", Dataset: "tiny.csv", Solver: "gini", Mode: "size", Fold: -1})
	if late.Status != "timeout" {
		t.Errorf("1ns time limit: status %q, want timeout", late.Status)
	}
}

// TestScalingRanges checks that every point of the scaling suite is one
// the generator accepts, with its rows all distinct.
func TestScalingRanges(t *testing.T) {
	jobs, err := Jobs("scaling", Config{Solvers: []string{"gini"}, Runs: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, j := range jobs {
		r := newRunner("")
		tbl, err := r.table(j)
		if err != nil {
			t.Fatalf("%s: %v", j, err)
		}
		if tbl.Len() != j.Point.Rows {
			t.Errorf("%s: %d rows", j, tbl.Len())
		}
	}
}

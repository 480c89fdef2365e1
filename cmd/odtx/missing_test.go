package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var missingCSV = filepath.Join("..", "..", "testdata", "missing.csv")

// TestMissing: on testdata/missing.csv, whose income and city columns miss
// values, empty or NaN, every engine finds the optimum, whose test on
// income takes the missing values to its true side and says so; the JSON
// tree predicts the training rows, sends a missing age, which training
// had none of, the way of more training rows, and draws the side; a tree
// whose JSON says nothing of missing values refuses one, as before.
func TestMissing(t *testing.T) {
	for _, args := range [][]string{
		{"learn", "--engine", "sat"},
		{"learn", "--engine", "dp"},
		{"learn", "--engine", "minerr", "--max-depth", "2"},
		{"learn", "--engine", "ordered", "--max-depth", "2"},
	} {
		r := mustRun(t, "", "", append([]string{"--jobs", "1"}, append(args, missingCSV)...)...)
		if !strings.Contains(r.stdout, "if income <= 20 (missing: yes):") || !strings.Contains(r.stderr, "depth 2, 5 nodes") {
			t.Errorf("%s: printed\n%s%s", args, r.stdout, r.stderr)
		}
		if strings.Contains(r.stdout, "age <= 22 (missing") {
			t.Errorf("%s: a side of missing values on a column without them:\n%s", args, r.stdout)
		}
	}

	data, err := filepath.Abs(missingCSV)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	mustRun(t, dir, "", "--jobs", "1", "-q", "learn", "--engine", "dp", "--format", "json", "-o", "tree.json", data)
	r := mustRun(t, dir, "", "predict", "--tree", "tree.json", data)
	if r.stderr != "accuracy: 100.0% (11/11)\n" {
		t.Errorf("predict on the training rows: %q", r.stderr)
	}
	writeFiles(t, dir, map[string]string{"new.csv": "age,income,city\n,25,paris\n70,,lyon\n20,NaN,\n"})
	// A missing age goes where 10 of the 11 rows went: age > 22.
	if r := mustRun(t, dir, "", "predict", "--tree", "tree.json", "new.csv"); r.stdout != "yes\nno\nno\n" {
		t.Errorf("predictions %q, want yes no no", r.stdout)
	}
	if r := mustRun(t, dir, "", "draw", "--format", "svg", "tree.json"); !strings.Contains(r.stdout, ">income &lt;= 20 (missing: yes)</text>") || strings.Contains(r.stdout, "age &lt;= 22 (") {
		t.Errorf("draw:\n%s", r.stdout)
	}
	tree, err := os.ReadFile(filepath.Join(dir, "tree.json"))
	if err != nil {
		t.Fatal(err)
	}
	old := regexp.MustCompile(`\s*"missing(_learned)?": (true|false),`).ReplaceAllString(string(tree), "")
	writeFiles(t, dir, map[string]string{"old.json": old})
	if r := run(t, dir, "", "predict", "--tree", "old.json", "new.csv"); r.code != 1 || !strings.Contains(r.stderr, `new.csv:2: column "age": missing value "", and the test does not say where missing values go`) {
		t.Errorf("predict with a tree from before: exit %d, %s", r.code, r.stderr)
	}
}

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// genArgs returns the gen command line for the given parameters.
func genArgs(depth, features, classes, rows, seed int) []string {
	return []string{"gen",
		"--depth", strconv.Itoa(depth), "--features", strconv.Itoa(features),
		"--classes", strconv.Itoa(classes), "--rows", strconv.Itoa(rows),
		"--seed", strconv.Itoa(seed)}
}

// TestGenLearn: rows labelled by a tree of depth k are classified by a tree
// of depth k, so the optimal depth that learn finds is at most k.
func TestGenLearn(t *testing.T) {
	for _, tc := range []struct{ depth, features, classes, rows, seed int }{
		{4, 10, 2, 1000, 1},
		{3, 8, 3, 200, 2},
		{2, 5, 4, 32, 3}, // every row
		{1, 3, 2, 5, 4},
	} {
		t.Run(fmt.Sprint(tc), func(t *testing.T) {
			dir := t.TempDir()
			csv := mustRun(t, dir, "", genArgs(tc.depth, tc.features, tc.classes, tc.rows, tc.seed)...).stdout
			if n := strings.Count(csv, "\n") - 1; n != tc.rows {
				t.Errorf("%d rows, want %d", n, tc.rows)
			}
			doc := learnJSON(t, dir, csv, "--mode", "depth", "-")
			if doc["optimal"] != true {
				t.Errorf("optimal %#v, want true", doc["optimal"])
			}
			if d, _ := doc["depth"].(float64); d > float64(tc.depth) {
				t.Errorf("learned depth %v, more than the generating depth %d", d, tc.depth)
			}
		})
	}
}

func TestGenDeterministic(t *testing.T) {
	dir := t.TempDir()
	args := genArgs(4, 10, 2, 1000, 1)
	first := mustRun(t, dir, "", args...)
	if first.stderr != "" {
		t.Errorf("stderr not empty: %q", first.stderr)
	}
	if again := mustRun(t, dir, "", args...); again.stdout != first.stdout {
		t.Error("two runs with the same seed differ")
	}
	mustRun(t, dir, "", append(args, "-o", "gen.csv")...)
	if file, err := os.ReadFile(filepath.Join(dir, "gen.csv")); err != nil || string(file) != first.stdout {
		t.Errorf("-o gen.csv differs from stdout (read error %v)", err)
	}
	if other := mustRun(t, dir, "", genArgs(4, 10, 2, 1000, 2)...); other.stdout == first.stdout {
		t.Error("seeds 1 and 2 give the same data")
	}
}

func TestGenBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{genArgs(5, 4, 2, 10, 1), "depth 5 exceeds the 4 features"},
		{genArgs(2, 4, 0, 10, 1), "0 classes"},
		{genArgs(2, 4, 2, 0, 1), "0 rows"},
		{genArgs(2, 63, 2, 10, 1), "63 features"},
		// Only 2^3 distinct rows exist: an error rather than 8 rows.
		{genArgs(2, 3, 2, 1000, 1), "1000 rows asked, but 3 binary features make at most 8 distinct rows"},
		{append(genArgs(2, 3, 2, 5, 1), "--decimals", "3"), "--decimals is for --numeric"},
		{append(genArgs(2, 3, 2, 5, 1), "--numeric", "--decimals", "0"), "0 decimals"},
		{append(genArgs(2, 0, 2, 5, 1), "--numeric"), "0 columns"},
		{append(genArgs(2, 4, 2, 10, 1), "extra"), "no arguments"},
		{[]string{"gen", "--depth", "2", "--features", "4"}, "rows"},
	} {
		r := run(t, t.TempDir(), "", tc.args...)
		if r.code != 1 || r.stdout != "" || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("odtx %q: exit code %d, stdout %q, stderr %q; want 1, nothing, an error containing %q",
				tc.args, r.code, r.stdout, r.stderr, tc.want)
		}
	}
}

// TestGenNumeric: gen --numeric writes the same table for the same flags,
// to stdout or -o, another for another seed, rows beyond 2^features, values
// of the places asked; and without noise a tree of the generating depth
// makes no error on it, which learn finds.
func TestGenNumeric(t *testing.T) {
	dir := t.TempDir()
	args := append(genArgs(3, 4, 3, 3000, 1), "--numeric", "--decimals", "2")
	first := mustRun(t, dir, "", args...)
	if first.stderr != "" {
		t.Errorf("stderr not empty: %q", first.stderr)
	}
	lines := strings.Split(strings.TrimSuffix(first.stdout, "\n"), "\n")
	if lines[0] != "x0,x1,x2,x3,class" || len(lines) != 3001 {
		t.Fatalf("header %q and %d rows, want x0,x1,x2,x3,class and 3000", lines[0], len(lines)-1)
	}
	for _, l := range lines[1:] {
		for _, v := range strings.Split(l, ",")[:4] {
			if len(v) != 4 || !strings.HasPrefix(v, "0.") {
				t.Fatalf("row %q: value %q, want 0.dd", l, v)
			}
		}
	}
	if again := mustRun(t, dir, "", args...); again.stdout != first.stdout {
		t.Error("two runs with the same seed differ")
	}
	mustRun(t, dir, "", append(args, "-o", "num.csv")...)
	if file, err := os.ReadFile(filepath.Join(dir, "num.csv")); err != nil || string(file) != first.stdout {
		t.Errorf("-o num.csv differs from stdout (read error %v)", err)
	}
	if other := mustRun(t, dir, "", append(genArgs(3, 4, 3, 3000, 2), "--numeric", "--decimals", "2")...); other.stdout == first.stdout {
		t.Error("seeds 1 and 2 give the same data")
	}
	doc := learnJSON(t, dir, "", "--max-depth", "3", "num.csv")
	if doc["training_errors"] != 0.0 {
		t.Errorf("training errors %v at the generating depth, want 0", doc["training_errors"])
	}
}

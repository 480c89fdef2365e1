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
		{3, 8, 3, 300, 2},
		{2, 5, 4, 32, 3}, // every row
		{1, 3, 2, 5, 4},
	} {
		t.Run(fmt.Sprint(tc), func(t *testing.T) {
			dir := t.TempDir()
			csv := mustRun(t, dir, "", genArgs(tc.depth, tc.features, tc.classes, tc.rows, tc.seed)...).stdout
			if n := strings.Count(csv, "\n") - 1; n != min(tc.rows, 1<<tc.features) {
				t.Errorf("%d rows, want %d", n, min(tc.rows, 1<<tc.features))
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

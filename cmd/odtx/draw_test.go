package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDraw: draw pictures the tree that learn wrote as JSON, as learn
// --format svg pictures it, from a file or, with -o, into one; a tree
// without leaf counts, as older versions wrote, is drawn too.
func TestDraw(t *testing.T) {
	dir := cliDir(t)
	mustRun(t, dir, "", "--jobs", "1", "-q", "learn", "--format", "json", "-o", "learned.json", "data.csv")
	svg := mustRun(t, dir, "", "--jobs", "1", "-q", "learn", "--format", "svg", "data.csv").stdout
	if !strings.HasPrefix(svg, "<svg ") || !strings.Contains(svg, "<rect") {
		t.Fatalf("learn --format svg wrote %.200q", svg)
	}
	if got := mustRun(t, dir, "", "draw", "learned.json").stdout; got != svg {
		t.Errorf("draw of learn's JSON differs from learn --format svg:\n%s\nwant\n%s", got, svg)
	}
	learned, err := os.ReadFile(filepath.Join(dir, "learned.json"))
	if err != nil {
		t.Fatal(err)
	}
	if got := mustRun(t, dir, string(learned), "draw", "-").stdout; got != svg {
		t.Errorf("draw - of learn's JSON on stdin differs from learn --format svg:\n%s", got)
	}
	if r := mustRun(t, dir, "", "draw", "-o", "tree.svg", "learned.json"); r.stdout != "" || r.stderr != "" {
		t.Errorf("draw -o wrote stdout %q, stderr %q", r.stdout, r.stderr)
	}
	if data, err := os.ReadFile(filepath.Join(dir, "tree.svg")); err != nil || string(data) != svg {
		t.Errorf("draw -o tree.svg: %v, wrote\n%s\nwant\n%s", err, data, svg)
	}
	if got := mustRun(t, dir, "", "draw", "tree.json").stdout; !strings.Contains(got, "<title>label = a</title>") || !strings.Contains(got, ">a</text>") {
		t.Errorf("draw of a tree without counts wrote\n%s", got)
	}
}

// TestDrawErrors: draw wants one readable tree, and says in one line what
// is wrong, writing nothing.
func TestDrawErrors(t *testing.T) {
	dir := cliDir(t)
	writeFiles(t, dir, map[string]string{"bad.json": `{"label":"y","classes":["a"]}`})
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"draw"}, "odtx: draw wants one tree file, got 0 arguments (see odtx draw --help)"},
		{[]string{"draw", "tree.json", "tree.json"}, "odtx: draw wants one tree file, got 2 arguments (see odtx draw --help)"},
		{[]string{"draw", "missing.json"}, "odtx: open missing.json: no such file or directory"},
		{[]string{"draw", "-o", "out.svg", "bad.json"}, "odtx: bad.json: decode tree: no root"},
		{[]string{"learn", "--format", "png", "data.csv"}, `odtx: unknown --format "png" (want text, json, dot or svg) (see odtx learn --help)`},
	} {
		checkOneLine(t, c.args, run(t, dir, "", c.args...), c.want)
	}
	if _, err := os.Stat(filepath.Join(dir, "out.svg")); err == nil {
		t.Error("draw of a bad tree wrote out.svg")
	}
}

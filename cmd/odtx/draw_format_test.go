package main

import "testing"

// TestDrawFormats: draw --format dot and text write the tree that learn
// wrote as JSON as learn --format dot and text write it, so that a
// program holding the JSON, such as the Python package, draws it by odtx
// rather than by a writer of its own.
func TestDrawFormats(t *testing.T) {
	dir := cliDir(t)
	mustRun(t, dir, "", "--jobs", "1", "-q", "learn", "--format", "json", "-o", "learned.json", "data.csv")
	for _, format := range []string{"dot", "text"} {
		want := mustRun(t, dir, "", "--jobs", "1", "-q", "learn", "--format", format, "data.csv").stdout
		if got := mustRun(t, dir, "", "draw", "--format", format, "learned.json").stdout; got != want || got == "" {
			t.Errorf("draw --format %s wrote\n%s\nwant what learn --format %s wrote\n%s", format, got, format, want)
		}
	}
	r := run(t, dir, "", "draw", "--format", "png", "learned.json")
	if want := "odtx: unknown --format \"png\" (want text, json, dot or svg) (see odtx draw --help)\n"; r.code != 1 || r.stderr != want {
		t.Errorf("draw --format png: exit %d, stderr %q; want 1 and %q", r.code, r.stderr, want)
	}
}

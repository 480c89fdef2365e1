package main

import (
	"strings"
	"testing"
)

// TestThresholdShortest: a threshold is the shortest number that makes its
// split on the data, and every output gives that one number: the text,
// the JSON that predict reads, DOT and SVG. Before, the text said
// 0.18040001804000003, the lower of the two values it falls between.
func TestThresholdShortest(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"data.csv": "x,y\n0.18040001804000003,a\n0.18125,b\n-1e-300,a\n123456789.5,b\n"})
	for format, want := range map[string]string{
		"text": "if x <= 0.181:\n",
		"json": `"value": 0.181,`,
		"dot":  `label="x <= 0.181"`,
		"svg":  "x &lt;= 0.181<",
	} {
		if r := mustRun(t, dir, "", "-q", "learn", "--format", format, "data.csv"); !strings.Contains(r.stdout, want) {
			t.Errorf("--format %s lacks %q:\n%s", format, want, r.stdout)
		}
	}
	mustRun(t, dir, "", "-q", "learn", "--format", "json", "-o", "tree.json", "data.csv")
	if r := mustRun(t, dir, "", "predict", "--tree", "tree.json", "data.csv"); r.stdout != "a\nb\na\nb\n" || r.stderr != "accuracy: 100.0% (4/4)\n" {
		t.Errorf("predict: %q, %q", r.stdout, r.stderr)
	}
}

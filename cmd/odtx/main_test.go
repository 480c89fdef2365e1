package main

// End-to-end tests: TestMain builds the odtx binary once, and every test runs
// it as a user would, asserting on the exit code, stdout and stderr.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/odtx/odtx/internal/shareddata"
)

// odtx is the path of the binary built by TestMain.
var odtx string

func TestMain(m *testing.M) {
	os.Exit(buildAndRun(m))
}

func buildAndRun(m *testing.M) int {
	dir, err := os.MkdirTemp("", "odtx-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "make temp dir:", err)
		return 2
	}
	defer os.RemoveAll(dir)
	odtx = filepath.Join(dir, "odtx")
	if runtime.GOOS == "windows" {
		odtx += ".exe"
	}
	build := exec.Command("go", "build", "-o", odtx, ".")
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "go build: %v\n%s", err, out)
		return 2
	}
	return m.Run()
}

// summaryLine matches the line learn ends with on stderr unless -q.
var summaryLine = regexp.MustCompile(`(?m)^odtx: depth \d+, \d+ nodes?(, \d+ training errors?(, cost [0-9.e+-]+)?)?; [a-z ]+ optimal( within [^,]+)?, proven by [^;]+; engine \w+( on [^,]+(,[^,]+)*)?, [0-9.]+ s\n`)

// withoutSummary returns stderr without learn's summary line.
func withoutSummary(stderr string) string { return summaryLine.ReplaceAllString(stderr, "") }

// result is what one run of the binary did.
type result struct {
	code           int
	stdout, stderr string
}

// run runs odtx with args in dir, feeding it stdin.
func run(t *testing.T, dir, stdin string, args ...string) result {
	t.Helper()
	cmd := exec.Command(odtx, args...)
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Fatalf("odtx %q: %v", args, err)
		}
		code = ee.ExitCode()
	}
	return result{code, stdout.String(), stderr.String()}
}

// mustRun runs odtx and fails the test unless it exits 0.
func mustRun(t *testing.T, dir, stdin string, args ...string) result {
	t.Helper()
	r := run(t, dir, stdin, args...)
	if r.code != 0 {
		t.Fatalf("odtx %q: exit code %d, stderr:\n%s", args, r.code, r.stderr)
	}
	return r
}

// writeFiles writes name -> content into dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// listDir returns the sorted names in dir.
func listDir(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	slices.Sort(names)
	return names
}

// mixedCSV has a numeric column, a text column with three values and a label
// that no depth-1 tree fits and no tree on one column alone fits: every
// optimal tree has depth 2, 7 nodes, and uses both a "<=" and a "==" test.
const mixedCSV = `num,color,label
1,red,a
2,green,b
3,blue,a
4,red,b
5,green,a
`

var mixedLabels = []string{"a", "b", "a", "b", "a"}

// appendixCSV is the dataset of the paper's appendix, shipped in testdata.
var appendixCSV = filepath.Join("..", "..", "testdata", "appendix.csv")

func TestBadInput(t *testing.T) {
	good := "a,b\n1,x\n2,y\n"
	tests := []struct {
		name  string
		files map[string]string
		stdin string
		args  []string
		want  []string // substrings of the one stderr line
	}{
		{
			name:  "empty file",
			files: map[string]string{"empty.csv": ""},
			args:  []string{"learn", "empty.csv"},
			want:  []string{"empty.csv", "empty file"},
		},
		{
			name:  "blank file",
			files: map[string]string{"blank.csv": "\n  \n"},
			args:  []string{"learn", "blank.csv"},
			want:  []string{"blank.csv", "empty file"},
		},
		{
			name:  "header only",
			files: map[string]string{"header.csv": "a,b,c\n"},
			args:  []string{"learn", "header.csv"},
			want:  []string{"header.csv", "no data rows"},
		},
		{
			name:  "ragged row",
			files: map[string]string{"ragged.csv": "a,b,c\n1,2,3\n4,5\n"},
			args:  []string{"learn", "ragged.csv"},
			want:  []string{"ragged.csv:3:", "row has 2 fields, header has 3"},
		},
		{
			name:  "ragged row after blank line",
			files: map[string]string{"ragged.csv": "a,b,c\n1,2,3\n\n4,5,6,7\n"},
			args:  []string{"learn", "ragged.csv"},
			want:  []string{"ragged.csv:4:", "row has 4 fields, header has 3"},
		},
		{
			name:  "unknown label column",
			files: map[string]string{"data.csv": good},
			args:  []string{"learn", "--label", "nosuch", "data.csv"},
			want:  []string{`no label column "nosuch"`, "columns: a, b"},
		},
		{
			name:  "contradictory rows",
			files: map[string]string{"contra.csv": "a,b\n1,x\n2,y\n3,y\n1,z\n"},
			args:  []string{"learn", "contra.csv"},
			want:  []string{"contra.csv", "lines 2 and 5", `"x" and "z"`},
		},
		{
			name:  "Latin-1 category",
			files: map[string]string{"latin1.csv": "color,y\nrouge,a\nvert,b\nbleu,a\nmarron,b\n\xe9carlate,a\n"},
			args:  []string{"learn", "latin1.csv"},
			want:  []string{"latin1.csv:6:", `column "color"`, "not UTF-8"},
		},
		{
			name:  "empty label",
			files: map[string]string{"nolabel.csv": "a,b\n1,x\n2,\n"},
			args:  []string{"learn", "nolabel.csv"},
			want:  []string{"nolabel.csv:3:", `label column "b" is empty`},
		},
		{
			name:  "column without a name",
			files: map[string]string{"noname.csv": "a,,b\n1,2,x\n2,3,y\n"},
			args:  []string{"learn", "noname.csv"},
			want:  []string{"noname.csv:1:", "column 2 of the header has no name"},
		},
		{
			name:  "infinity among numbers and missing values",
			files: map[string]string{"nan.csv": "a,b\n1,x\n2,y\nNaN,x\ninf,y\n"},
			args:  []string{"learn", "nan.csv"},
			want:  []string{"nan.csv:5:", `column "a": "inf" is not a finite number`},
		},
		{
			name:  "infinity among numbers",
			files: map[string]string{"inf.csv": "a,b\n1,x\n-inf,y\n"},
			args:  []string{"learn", "inf.csv"},
			want:  []string{"inf.csv:3:", `column "a": "-inf" is not a finite number`},
		},
		{
			name:  "only the label column",
			files: map[string]string{"one.csv": "a\n1\n2\n"},
			args:  []string{"learn", "one.csv"},
			want:  []string{"no feature columns"},
		},
		{
			name:  "unknown solver",
			files: map[string]string{"data.csv": good},
			args:  []string{"--solver", "nosuch", "learn", "data.csv"},
			want:  []string{`unknown solver "nosuch"`, "gini"},
		},
		{
			name:  "unknown mode",
			files: map[string]string{"data.csv": good},
			args:  []string{"learn", "--mode", "nosuch", "data.csv"},
			want:  []string{`unknown mode "nosuch"`},
		},
		{
			name:  "unknown format",
			files: map[string]string{"data.csv": good},
			args:  []string{"learn", "--format", "nosuch", "data.csv"},
			want:  []string{`unknown --format "nosuch"`},
		},
		{
			name:  "unknown split",
			files: map[string]string{"data.csv": good},
			args:  []string{"learn", "--split", "nosuch", "data.csv"},
			want:  []string{`unknown split "nosuch"`},
		},
		{
			name: "missing data file",
			args: []string{"learn", "missing.csv"},
			want: []string{"missing.csv"},
		},
		{
			name: "no argument",
			args: []string{"learn"},
			want: []string{"wants one data file, got 0 arguments"},
		},
		{
			name:  "unknown flag",
			files: map[string]string{"data.csv": good},
			args:  []string{"learn", "--bogus", "data.csv"},
			want:  []string{"-bogus", "see odtx learn --help"},
		},
		{
			name:  "predict: no --tree",
			files: map[string]string{"data.csv": good},
			args:  []string{"predict", "data.csv"},
			want:  []string{`"tree" not set`},
		},
		{
			name:  "two arguments",
			files: map[string]string{"data.csv": good},
			args:  []string{"learn", "data.csv", "data.csv"},
			want:  []string{"wants one data file, got 2 arguments"},
		},
		{
			name: "empty stdin",
			args: []string{"learn", "-"},
			want: []string{"stdin", "empty file"},
		},
		{
			name:  "ragged stdin",
			stdin: "a,b\n1,x\n2\n",
			args:  []string{"learn", "-"},
			want:  []string{"stdin:3:", "row has 1 field, header has 2"},
		},
		{
			name:  "predict: missing tree file",
			files: map[string]string{"data.csv": good},
			args:  []string{"predict", "--tree", "missing.json", "data.csv"},
			want:  []string{"missing.json"},
		},
		{
			name:  "predict: no argument",
			files: map[string]string{"tree.json": `{"label":"b","classes":["x"],"root":{"class":"x"}}`},
			args:  []string{"predict", "--tree", "tree.json"},
			want:  []string{"wants one data file, got 0 arguments"},
		},
		{
			name:  "predict: tree is not JSON",
			files: map[string]string{"tree.json": "if a <= 1:\n", "data.csv": good},
			args:  []string{"predict", "--tree", "tree.json", "data.csv"},
			want:  []string{"tree.json", "decode tree"},
		},
		{
			name: "predict: column missing",
			files: map[string]string{
				"tree.json": `{"label":"b","classes":["x","y"],"root":{"column":"z","op":"<=","value":1,` +
					`"true":{"class":"x"},"false":{"class":"y"}}}`,
				"data.csv": good,
			},
			args: []string{"predict", "--tree", "tree.json", "data.csv"},
			want: []string{`no column "z"`},
		},
	}
	check := func(t *testing.T, r result) {
		t.Helper()
		if r.code != 1 {
			t.Errorf("exit code %d, want 1", r.code)
		}
		if r.stdout != "" {
			t.Errorf("stdout not empty:\n%s", r.stdout)
		}
		line, ok := strings.CutSuffix(r.stderr, "\n")
		if !ok || strings.Contains(line, "\n") || !strings.HasPrefix(line, "odtx: ") {
			t.Fatalf("stderr is not one line starting with \"odtx: \":\n%s", r.stderr)
		}
		t.Logf("stderr: %s", line)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, tc.files)
			before := listDir(t, dir)

			r := run(t, dir, tc.stdin, tc.args...)
			check(t, r)
			for _, w := range tc.want {
				if !strings.Contains(r.stderr, w) {
					t.Errorf("stderr %q does not contain %q", r.stderr, w)
				}
			}

			// The same run with -o FILE creates no file, not even a
			// temporary one.
			if !slices.Contains(tc.args, "learn") {
				return
			}
			i := slices.Index(tc.args, "learn") + 1
			args := slices.Concat(tc.args[:i], []string{"-o", "out.txt"}, tc.args[i:])
			r2 := run(t, dir, tc.stdin, args...)
			check(t, r2)
			if r2.stderr != r.stderr {
				t.Errorf("with -o, stderr is %q, without %q", r2.stderr, r.stderr)
			}
			if after := listDir(t, dir); !slices.Equal(after, before) {
				t.Errorf("with -o, files in dir went from %q to %q", before, after)
			}
		})
	}
}

func TestOutputFile(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"data.csv": mixedCSV})
	want := mustRun(t, dir, "", "--jobs", "1", "learn", "data.csv").stdout
	if want == "" {
		t.Fatal("learn printed no tree")
	}

	for _, flag := range []string{"-o", "--output"} {
		out := "tree" + flag + ".txt"
		r := mustRun(t, dir, "", "--jobs", "1", "learn", flag, out, "data.csv")
		if r.stdout != "" || withoutSummary(r.stderr) != "" {
			t.Errorf("learn %s: stdout %q, stderr %q, want both empty", flag, r.stdout, r.stderr)
		}
		got, err := os.ReadFile(filepath.Join(dir, out))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != want {
			t.Errorf("learn %s: file holds\n%s\nstdout without it was\n%s", flag, got, want)
		}
	}

	// An existing file is replaced whole.
	writeFiles(t, dir, map[string]string{"old.txt": strings.Repeat("stale\n", 1000)})
	mustRun(t, dir, "", "--jobs", "1", "learn", "-o", "old.txt", "data.csv")
	if got, _ := os.ReadFile(filepath.Join(dir, "old.txt")); string(got) != want {
		t.Errorf("overwritten file holds\n%s\nwant\n%s", got, want)
	}

	// A new file gets the usual 0644, and a replaced one keeps its mode.
	if fi, err := os.Stat(filepath.Join(dir, "tree-o.txt")); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("new file: %v, %v; want mode 0644", fi.Mode(), err)
	}
	if err := os.Chmod(filepath.Join(dir, "old.txt"), 0o600); err != nil {
		t.Fatal(err)
	}
	mustRun(t, dir, "", "learn", "-o", "old.txt", "data.csv")
	if fi, err := os.Stat(filepath.Join(dir, "old.txt")); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("replaced file: %v, %v; want mode 0600 kept", fi.Mode(), err)
	}

	// No temporary file is left behind.
	if got, want := listDir(t, dir), []string{"data.csv", "old.txt", "tree--output.txt", "tree-o.txt"}; !slices.Equal(got, want) {
		t.Errorf("files in dir: %q, want %q", got, want)
	}
}

// learnJSON runs learn --format json with args and decodes the output.
func learnJSON(t *testing.T, dir, stdin string, args ...string) map[string]any {
	t.Helper()
	r := mustRun(t, dir, stdin, slices.Concat([]string{"learn", "--format", "json"}, args)...)
	if withoutSummary(r.stderr) != "" {
		t.Errorf("stderr not empty: %q", r.stderr)
	}
	var doc map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, r.stdout)
	}
	return doc
}

// shape is what walkTree finds in a JSON tree.
type shape struct {
	depth, nodes, leaves int
	ops                  map[string]int // count of internal nodes by op
}

// walkTree checks every node of the JSON tree n: a leaf has exactly a string
// class and the counts of the training rows of each class that reach it,
// all of its own class, as the trees are consistent; an internal node has exactly column, op, value, true and false, with
// a column from columns, and a value that is a number for "<=" and a string
// for "==".
func walkTree(t *testing.T, n any, columns []string, classes []any) shape {
	t.Helper()
	node, ok := n.(map[string]any)
	if !ok {
		t.Fatalf("node is %T, want an object: %v", n, n)
	}
	if class, ok := node["class"]; ok {
		if got, want := keys(node), []string{"class", "counts"}; !slices.Equal(got, want) {
			t.Errorf("leaf has keys %q, want %q", got, want)
		}
		k := slices.Index(classes, class)
		if k < 0 {
			t.Errorf("leaf class %v is not one of %v", class, classes)
		}
		counts, _ := node["counts"].([]any)
		if len(counts) != len(classes) {
			t.Errorf("leaf counts %v, want one per class of %v", node["counts"], classes)
		}
		for c, n := range counts {
			if n != 0.0 && c != k {
				t.Errorf("leaf of class %v counts %v rows of class %v", class, n, classes[c])
			}
		}
		return shape{nodes: 1, leaves: 1, ops: map[string]int{}}
	}
	op, _ := node["op"].(string)
	want := []string{"column", "false", "op", "true", "value"}
	if op == "<=" {
		// Where a missing value would go; on data with none in training,
		// chosen by no search.
		want = []string{"column", "false", "missing", "op", "true", "value"}
	}
	if got := keys(node); !slices.Equal(got, want) {
		t.Fatalf("internal node has keys %q, want %q", got, want)
	}
	if col, _ := node["column"].(string); !slices.Contains(columns, col) {
		t.Errorf("column %v is not one of %q", node["column"], columns)
	}
	switch op {
	case "<=":
		if _, ok := node["value"].(float64); !ok {
			t.Errorf("<= node has value %#v, want a JSON number", node["value"])
		}
		if _, ok := node["missing"].(bool); !ok {
			t.Errorf("<= node has missing %#v, want a JSON bool", node["missing"])
		}
	case "==":
		if _, ok := node["value"].(string); !ok {
			t.Errorf("== node has value %#v, want a JSON string", node["value"])
		}
	default:
		t.Errorf("op %#v, want \"<=\" or \"==\"", node["op"])
	}
	onTrue := walkTree(t, node["true"], columns, classes)
	onFalse := walkTree(t, node["false"], columns, classes)
	s := shape{
		depth:  1 + max(onTrue.depth, onFalse.depth),
		nodes:  1 + onTrue.nodes + onFalse.nodes,
		leaves: onTrue.leaves + onFalse.leaves,
		ops:    map[string]int{op: 1},
	}
	for k, v := range onTrue.ops {
		s.ops[k] += v
	}
	for k, v := range onFalse.ops {
		s.ops[k] += v
	}
	return s
}

func keys(m map[string]any) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// checkDoc checks the top level of a learn --format json document and the
// consistency of its counts with its tree, and returns the tree's shape.
func checkDoc(t *testing.T, doc map[string]any, mode, label string, classes []any, columns []string) shape {
	t.Helper()
	want := []string{"branching_nodes", "classes", "depth", "engine", "label", "leaves", "mode", "nodes", "optimal", "proven_by", "root", "split", "stats"}
	if got := keys(doc); !slices.Equal(got, want) {
		t.Fatalf("keys %q, want %q", got, want)
	}
	if doc["mode"] != mode {
		t.Errorf("mode %#v, want %q", doc["mode"], mode)
	}
	if doc["optimal"] != true {
		t.Errorf("optimal %#v, want true", doc["optimal"])
	}
	if doc["label"] != label {
		t.Errorf("label %#v, want %q", doc["label"], label)
	}
	if got, _ := doc["classes"].([]any); !slices.Equal(got, classes) {
		t.Errorf("classes %#v, want %#v", doc["classes"], classes)
	}
	stats, ok := doc["stats"].(map[string]any)
	if !ok {
		t.Fatalf("stats is %#v, want an object", doc["stats"])
	}
	wantStats := map[any][]string{
		"sat": {"clauses", "examples_used", "seconds", "solver_calls", "variables"},
		"dp":  {"dp_rounds", "dp_subproblems", "examples_used", "seconds"},
	}[doc["engine"]]
	if wantStats == nil {
		t.Fatalf("engine %#v, want sat or dp", doc["engine"])
	}
	if p, _ := doc["proven_by"].(map[string]any); p["depth"] != doc["engine"] || (mode == "size") != (p["nodes"] == doc["engine"]) {
		t.Errorf("proven_by %#v, want the engine %v for the depth and, in size mode, the nodes", doc["proven_by"], doc["engine"])
	}
	if got := keys(stats); !slices.Equal(got, wantStats) {
		t.Errorf("stats keys %q, want %q", got, wantStats)
	}
	for _, k := range wantStats {
		v, ok := stats[k].(float64)
		switch {
		case !ok:
			t.Errorf("stats.%s is %#v, want a number", k, stats[k])
		case k == "seconds" && v < 0:
			t.Errorf("stats.seconds = %v, want >= 0", v)
		case k != "seconds" && (v < 1 || v != float64(int(v))):
			t.Errorf("stats.%s = %v, want a positive integer", k, v)
		}
	}

	s := walkTree(t, doc["root"], columns, classes)
	for k, v := range map[string]int{"depth": s.depth, "nodes": s.nodes, "leaves": s.leaves, "branching_nodes": s.nodes - s.leaves} {
		if doc[k] != float64(v) {
			t.Errorf("%s = %#v, but the tree has %d", k, doc[k], v)
		}
	}
	if s.nodes != 2*s.leaves-1 {
		t.Errorf("%d nodes, %d leaves: want nodes == 2*leaves-1", s.nodes, s.leaves)
	}
	return s
}

func TestLearnJSON(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"data.csv": mixedCSV})
	doc := learnJSON(t, dir, "", "data.csv")
	s := checkDoc(t, doc, "size", "label", []any{"a", "b"}, []string{"num", "color"})
	if s.depth != 2 || s.nodes != 7 || s.leaves != 4 {
		t.Errorf("depth %d, %d nodes, %d leaves; want 2, 7, 4", s.depth, s.nodes, s.leaves)
	}
	if s.ops["<="] == 0 || s.ops["=="] == 0 {
		t.Errorf("ops used %v, want both <= and ==", s.ops)
	}
	if ex := doc["stats"].(map[string]any)["examples_used"]; ex.(float64) > 5 {
		t.Errorf("stats.examples_used = %v, more than the 5 rows", ex)
	}
}

func TestRoundTrip(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"data.csv":    mixedCSV,
		"nolabel.csv": "color,num\nred,1\ngreen,2\nblue,3\nred,4\ngreen,5\n", // columns swapped too
	})
	r := mustRun(t, dir, "", "learn", "--format", "json", "-o", "tree.json", "data.csv")
	if r.stdout != "" {
		t.Errorf("learn -o: stdout %q, want empty", r.stdout)
	}
	want := strings.Join(mixedLabels, "\n") + "\n"

	r = mustRun(t, dir, "", "predict", "--tree", "tree.json", "data.csv")
	if r.stdout != want {
		t.Errorf("predict stdout:\n%s\nwant:\n%s", r.stdout, want)
	}
	if r.stderr != "accuracy: 100.0% (5/5)\n" {
		t.Errorf("predict stderr %q, want %q", r.stderr, "accuracy: 100.0% (5/5)\n")
	}

	r = mustRun(t, dir, "", "predict", "--tree", "tree.json", "nolabel.csv")
	if r.stdout != want {
		t.Errorf("predict without labels, stdout:\n%s\nwant:\n%s", r.stdout, want)
	}
	if r.stderr != "" {
		t.Errorf("predict without labels, stderr %q, want empty", r.stderr)
	}

	// Wrong labels count against the accuracy.
	wrong := strings.Replace(mixedCSV, "1,red,a", "1,red,b", 1)
	r = mustRun(t, dir, wrong, "predict", "--tree", "tree.json", "-")
	if r.stdout != want {
		t.Errorf("predict on stdin, stdout:\n%s\nwant:\n%s", r.stdout, want)
	}
	if r.stderr != "accuracy: 80.0% (4/5)\n" {
		t.Errorf("predict on stdin, stderr %q, want %q", r.stderr, "accuracy: 80.0% (4/5)\n")
	}
}

// TestTabs: a tab-separated file is read as the same table with commas.
func TestTabs(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"data.csv": mixedCSV, "data.tsv": strings.ReplaceAll(mixedCSV, ",", "\t")})
	commas := mustRun(t, dir, "", "--jobs", "1", "learn", "data.csv")
	tabs := mustRun(t, dir, "", "--jobs", "1", "learn", "data.tsv")
	if tabs.stdout != commas.stdout || withoutSummary(tabs.stderr) != "" {
		t.Errorf("learn data.tsv printed\n%s\nstderr %q; learn data.csv printed\n%s", tabs.stdout, tabs.stderr, commas.stdout)
	}
}

// TestPredictNumericLabels: a tree learnt on iris, whose labels are 0.0,
// 1.0 and 2.0, is right on every row of a split that writes them 0.000,
// 1.000 and 2.000, since the rows are iris's own.
func TestPredictNumericLabels(t *testing.T) {
	data := shareddata.Dir(t)
	tree := filepath.Join(t.TempDir(), "iris.json")
	mustRun(t, "", "", "learn", "--format", "json", "-o", tree, filepath.Join(data, "iris.csv"))
	r := mustRun(t, "", "", "predict", "--tree", tree, filepath.Join(data, "splits", "iris.csv.test0.csv"))
	if r.stderr != "accuracy: 100.0% (38/38)\n" {
		t.Errorf("predict stderr %q, want 100%% of the 38 rows", r.stderr)
	}
}

func TestStdin(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"data.csv": mixedCSV})
	// One job: with several, which of the optimal trees comes first
	// depends on timing.
	fromFile := mustRun(t, dir, "", "--jobs", "1", "learn", "data.csv")
	fromStdin := mustRun(t, dir, mixedCSV, "--jobs", "1", "learn", "-")
	if fromStdin.stdout != fromFile.stdout || withoutSummary(fromStdin.stderr) != "" {
		t.Errorf("learn - printed\n%s\nstderr %q; learn data.csv printed\n%s", fromStdin.stdout, fromStdin.stderr, fromFile.stdout)
	}
	doc := learnJSON(t, dir, mixedCSV, "-")
	checkDoc(t, doc, "size", "label", []any{"a", "b"}, []string{"num", "color"})
}

func TestAppendix(t *testing.T) {
	if _, err := os.Stat(appendixCSV); err != nil {
		t.Fatalf("appendix dataset: %v", err)
	}
	columns := []string{"f0", "f1", "f2", "f3"}
	classes := []any{"0", "1"}
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}

	t.Run("depth", func(t *testing.T) {
		s := checkDoc(t, learnJSON(t, dir, "", "--mode", "depth", appendixCSV), "depth", "class", classes, columns)
		if s.depth != 2 {
			t.Errorf("depth %d, want 2", s.depth)
		}
	})
	t.Run("size", func(t *testing.T) {
		s := checkDoc(t, learnJSON(t, dir, "", "--mode", "size", appendixCSV), "size", "class", classes, columns)
		if s.depth != 2 || s.nodes != 7 {
			t.Errorf("depth %d, %d nodes; want 2, 7", s.depth, s.nodes)
		}
	})
	t.Run("size eq", func(t *testing.T) {
		s := checkDoc(t, learnJSON(t, dir, "", "--mode", "size", "--split", "eq", appendixCSV), "size", "class", classes, columns)
		if s.depth != 2 || s.nodes != 7 {
			t.Errorf("depth %d, %d nodes; want 2, 7", s.depth, s.nodes)
		}
		if s.ops["<="] != 0 {
			t.Errorf("ops %v: --split eq gave a <= test", s.ops)
		}
	})
	t.Run("dot", func(t *testing.T) {
		r := mustRun(t, dir, "", "learn", "--format", "dot", appendixCSV)
		if !strings.HasPrefix(r.stdout, "digraph") || !strings.HasSuffix(r.stdout, "}\n") {
			t.Errorf("dot output:\n%s", r.stdout)
		}
		if n := strings.Count(r.stdout, "->"); n != 6 {
			t.Errorf("dot output has %d edges, want 6:\n%s", n, r.stdout)
		}
	})
	t.Run("text", func(t *testing.T) {
		r := mustRun(t, dir, "", "learn", "--format", "text", appendixCSV)
		tests, leaves := 0, 0
		for _, line := range strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n") {
			line = strings.TrimSpace(line)
			switch {
			case strings.HasPrefix(line, "if "):
				tests++
				if col, _, _ := strings.Cut(strings.TrimPrefix(line, "if "), " "); !slices.Contains(columns, col) {
					t.Errorf("test %q is not on a column of %q", line, columns)
				}
			case line == "class = 0  # 0: 2" || line == "class = 1  # 1: 2":
				leaves++
			case line != "else:":
				t.Errorf("unexpected line %q", line)
			}
		}
		if tests != 3 || leaves != 4 {
			t.Errorf("%d tests and %d leaves, want 3 and 4:\n%s", tests, leaves, r.stdout)
		}
	})
	t.Run("round trip", func(t *testing.T) {
		tmp := t.TempDir()
		tree := filepath.Join(tmp, "tree.json")
		mustRun(t, dir, "", "learn", "--format", "json", "-o", tree, appendixCSV)
		r := mustRun(t, dir, "", "predict", "--tree", tree, appendixCSV)
		if want := "0\n0\n0\n0\n1\n1\n1\n1\n"; r.stdout != want {
			t.Errorf("predict stdout %q, want %q", r.stdout, want)
		}
		if r.stderr != "accuracy: 100.0% (8/8)\n" {
			t.Errorf("predict stderr %q", r.stderr)
		}
	})
}

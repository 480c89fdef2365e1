package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// stepCSV: x <= 2 parts the targets into {1, 1, 3}, two rows of x = 1
// among them, and {10, 10}: the best stump, of SSE 8/3.
const stepCSV = "x,y\n1,1\n1,3\n2,1\n3,10\n4,10\n"

// TestRegressionLearn: learn --task regression gives the stump of least
// SSE, its leaves their mean, rows and SSE, in JSON and text; predict
// reads it back and writes the means, with RMSE and R² on stderr.
func TestRegressionLearn(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "tree.json")
	r := mustRun(t, dir, stepCSV, "learn", "--task", "regression", "--max-depth", "1", "--format", "json", "-o", out, "-")
	if !strings.Contains(r.stderr, "SSE 2.66667") {
		t.Errorf("summary %q", r.stderr)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	type leaf struct {
		Class string  `json:"class"`
		Count int     `json:"count"`
		SSE   float64 `json:"sse"`
	}
	var doc struct {
		Mode        string  `json:"mode"`
		Optimal     bool    `json:"optimal"`
		TrainingSSE float64 `json:"training_sse"`
		Root        struct {
			Value       float64 `json:"value"`
			True, False leaf
		} `json:"root"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	want := leaf{"1.6666666666666667", 3, 8.0 / 3}
	if doc.Mode != "regression" || !doc.Optimal || doc.TrainingSSE != 8.0/3 || doc.Root.Value != 2 || doc.Root.True != want || doc.Root.False != (leaf{"10", 2, 0}) {
		t.Errorf("%+v\n%s", doc, b)
	}
	text := mustRun(t, dir, stepCSV, "learn", "--task", "regression", "--max-depth", "1", "-")
	if !strings.Contains(text.stdout, "y = 1.6666666666666667  # 3 rows, SSE 2.66667") {
		t.Errorf("text:\n%s", text.stdout)
	}
	p := mustRun(t, dir, "x,y\n1,2\n5,12\n", "predict", "--tree", out, "-")
	if p.stdout != "1.6666666666666667\n10\n" || !strings.Contains(p.stderr, "RMSE: 1.43372, R²: 0.9178") {
		t.Errorf("predict: %q, %q", p.stdout, p.stderr)
	}
}

// TestRegressionRefuses: what a regression tree does not take is a
// one-line error before any search.
func TestRegressionRefuses(t *testing.T) {
	for _, tc := range []struct {
		stdin string
		args  []string
		want  string
	}{
		{stepCSV, []string{"learn", "--task", "regression", "-"}, "--task regression needs --max-depth"},
		{stepCSV, []string{"learn", "--task", "regression", "--max-depth", "1", "--max-branching-nodes", "0", "-"}, "--max-branching-nodes 0: want at least 1 branching node"},
		{stepCSV, []string{"learn", "--task", "numbers", "--max-depth", "1", "-"}, `--task "numbers": want classification or regression`},
		{stepCSV, []string{"cv", "--task", "regression", "-"}, "--task regression needs --max-depth"},
		{stepCSV, []string{"cv", "--task", "regression", "--max-depth", "1", "--conflicts", "majority", "-"}, "does not take --conflicts"},
		{stepCSV, []string{"learn", "--task", "regression", "--max-depth", "1", "--class-weight", "balanced", "-"}, "does not take --class-weight"},
		{stepCSV, []string{"learn", "--task", "regression", "--max-depth", "1", "--min-leaf", "-2", "-"}, "--min-leaf -2: want more than 0 rows"},
		{stepCSV, []string{"learn", "--task", "regression", "--max-depth", "1-2", "-"}, "learn takes one depth; a range is for cv"},
		{"x,y\n1,2\n2,high\n", []string{"learn", "--task", "regression", "--max-depth", "1", "-"}, `stdin:3: label "y" is "high", not a finite number`},
	} {
		r := run(t, ".", tc.stdin, tc.args...)
		if r.code != 1 || !strings.Contains(r.stderr, tc.want) || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("%q: exit %d, stderr %q; want one line with %q", tc.args, r.code, r.stderr, tc.want)
		}
	}
}

// TestRegressionMinLeaf: --min-leaf keeps N rows in every leaf of a
// regression tree, which the summary and the JSON's budget name, in
// learn and cv alike; without it the tree of depth two isolates rows.
func TestRegressionMinLeaf(t *testing.T) {
	const csv = "x,y\n1,1\n1,3\n2,1\n3,10\n4,10\n5,11\n"
	dir := t.TempDir()
	var doc struct {
		Budget struct {
			MinLeaf float64 `json:"min_leaf"`
		} `json:"budget"`
		Root struct{ True, False struct{ Count int } } `json:"root"`
	}
	b, stderr := regressionJSON(t, dir, csv, &doc, "--max-depth", "2", "--min-leaf", "3")
	if !strings.Contains(stderr, "SSE 3.33333") || !strings.Contains(stderr, "leaves of >= 3 rows") {
		t.Errorf("summary %q", stderr)
	}
	if doc.Budget.MinLeaf != 3 || doc.Root.True.Count != 3 || doc.Root.False.Count != 3 {
		t.Errorf("%s", b)
	}
	if plain := mustRun(t, dir, csv, "learn", "--task", "regression", "--max-depth", "2", "-"); !strings.Contains(plain.stderr, "7 nodes") || !strings.Contains(plain.stderr, ", nodes minimized;") {
		t.Errorf("without --min-leaf: %q", plain.stderr)
	}
	if any := mustRun(t, dir, csv, "learn", "--task", "regression", "--max-depth", "2", "--any-size", "-"); !strings.Contains(any.stderr, "nodes not minimized") {
		t.Errorf("--any-size: %q", any.stderr)
	}
	// Each fold trains on 3 rows: 2 a leaf leave no split.
	cv := mustRun(t, dir, csv, "cv", "--task", "regression", "--max-depth", "2", "--min-leaf", "2", "--folds", "2", "-").stdout
	plain := mustRun(t, dir, csv, "cv", "--task", "regression", "--max-depth", "2", "--folds", "2", "-").stdout
	if strings.Count(cv, "nodes 1,") != 2 || strings.Count(plain, "nodes 1,") == 2 {
		t.Errorf("cv with --min-leaf:\n%s\nwithout:\n%s", cv, plain)
	}
}

// TestRegressionWeight: --weight weighs the squared errors and the
// leaves' means, which the JSON's leaves give beside their weight and
// predict reads back; a column of ones gives the tree no weights give;
// --min-leaf is then a leaf's least weight.
func TestRegressionWeight(t *testing.T) {
	const csv = "x,w,y\n1,1,1\n1,2,3\n2,1,1\n3,0.5,10\n4,1,10\n5,3,11\n"
	dir := t.TempDir()
	type leaf struct {
		Class  string
		Count  int
		SSE    float64
		Weight float64
	}
	var doc struct {
		TrainingSSE float64 `json:"training_sse"`
		Root        struct{ True, False leaf }
	}
	b, stderr := regressionJSON(t, dir, csv, &doc, "--max-depth", "1", "--weight", "w")
	if !strings.Contains(stderr, "weighted SSE 5 ") {
		t.Errorf("summary %q", stderr)
	}
	// (1·1 + 2·3 + 1·1)/4 = 2, SSE 1+2+1; (0.5·10 + 10 + 3·11)/4.5, SSE 4/9·1.5 + 1/9·3.
	if doc.TrainingSSE != 5 || doc.Root.True != (leaf{"2", 3, 4, 4}) || doc.Root.False.Weight != 4.5 || doc.Root.False.SSE != 1 {
		t.Errorf("%s", b)
	}
	if p := mustRun(t, dir, "x,y\n1,2\n", "predict", "--tree", filepath.Join(dir, "tree.json"), "-"); p.stdout != "2\n" {
		t.Errorf("predict: %q", p.stdout)
	}
	const ones = "x,w,y\n1,1,1\n1,1,3\n2,1,1\n3,1,10\n4,1,10\n5,1,12\n"
	plain := mustRun(t, dir, "x,y\n1,1\n1,3\n2,1\n3,10\n4,10\n5,12\n", "learn", "--task", "regression", "--max-depth", "2", "-").stdout
	one := mustRun(t, dir, ones, "learn", "--task", "regression", "--max-depth", "2", "--weight", "w", "-").stdout
	if !strings.Contains(one, "of weight 1, SSE") || regexp.MustCompile(` of weight \d+`).ReplaceAllString(one, "") != plain {
		t.Errorf("weights of 1:\n%s\nnone:\n%s", one, plain)
	}
	// Leaves of weight 4 or more: x <= 2 (weight 4) and the rest (4.5).
	lw := mustRun(t, dir, csv, "learn", "--task", "regression", "--max-depth", "2", "--weight", "w", "--min-leaf", "4", "-")
	if !strings.Contains(lw.stderr, "leaves of weight >= 4") || !strings.Contains(lw.stderr, "3 nodes") {
		t.Errorf("--min-leaf 4 weighed: %q\n%s", lw.stderr, lw.stdout)
	}
}

// TestRegressionCost: --complexity-cost A charges each branching node A
// times the SSE of the single leaf (116 here): 0.01 makes the stump, of
// SSE 10/3 and cost 10/3 + 1.16, beat the tree of depth two, of SSE 2
// and cost 2 + 3.48, which the objective of the JSON and the summary
// give.
func TestRegressionCost(t *testing.T) {
	const csv = "x,y\n1,1\n1,3\n2,1\n3,10\n4,10\n5,11\n"
	dir := t.TempDir()
	var doc struct {
		Objective float64 `json:"objective"`
		Budget    struct {
			Cost float64 `json:"complexity_cost"`
		} `json:"budget"`
	}
	b, stderr := regressionJSON(t, dir, csv, &doc, "--max-depth", "2", "--complexity-cost", "0.01")
	if !strings.Contains(stderr, "3 nodes, SSE 3.33333 (RMSE 0.745356), cost 4.49333; cost optimal") {
		t.Errorf("summary %q", stderr)
	}
	if math.Abs(doc.Objective-(10.0/3+1.16)) > 1e-9 || doc.Budget.Cost != 0.01 {
		t.Errorf("%s", b)
	}
	if bad := run(t, dir, csv, "learn", "--task", "regression", "--max-depth", "2", "--complexity-cost", "0.01", "--any-size", "-"); bad.code != 1 || !strings.Contains(bad.stderr, "does not go with --any-size") {
		t.Errorf("--any-size with a cost: exit %d, %q", bad.code, bad.stderr)
	}
}

// regressionJSON runs learn --task regression with args on csv, the tree
// written in JSON to dir/tree.json, and decodes it into doc; it returns
// the JSON and stderr.
func regressionJSON(t *testing.T, dir, csv string, doc any, args ...string) ([]byte, string) {
	t.Helper()
	out := filepath.Join(dir, "tree.json")
	r := mustRun(t, dir, csv, slices.Concat([]string{"learn", "--task", "regression", "--format", "json", "-o", out}, args, []string{"-"})...)
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, doc); err != nil {
		t.Fatal(err)
	}
	return b, r.stderr
}

package regress

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/odtx/odtx/dataset"
)

// streedOptimum is a row of testdata/streed-regression.tsv: STreeD's
// least SSE of the file at the depth, with a leaf size or a cost per
// branching node (0 for none), and its tree's branching nodes; exact if
// STreeD's bounds that may err with a leaf size were off.
type streedOptimum struct {
	file          string
	depth         int
	minLeaf, cost float64
	exact         bool
	branches      int
	sse           float64
}

// streedOptima reads the rows of testdata/streed-regression.tsv that
// STreeD solved.
func streedOptima(t *testing.T) []streedOptimum {
	t.Helper()
	f, err := os.Open("testdata/streed-regression.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []streedOptimum
	lines := bufio.NewScanner(f)
	for lines.Scan() {
		fields := strings.Split(lines.Text(), "\t")
		if strings.HasPrefix(lines.Text(), "#") || fields[6] == "-" {
			continue
		}
		row := streedOptimum{file: fields[0], exact: fields[4] == "exact"}
		var errs [5]error
		row.depth, errs[0] = strconv.Atoi(fields[1])
		row.minLeaf, errs[1] = number(fields[2])
		row.cost, errs[2] = number(fields[3])
		row.branches, errs[3] = strconv.Atoi(fields[5])
		row.sse, errs[4] = strconv.ParseFloat(fields[6], 64)
		for _, err := range errs {
			if err != nil {
				t.Fatalf("%q: %v", lines.Text(), err)
			}
		}
		rows = append(rows, row)
	}
	if err := lines.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// regressionTables writes the tables of scripts/regression-data.py into a
// temporary directory and checks that they are those STreeD solved
// (testdata/streed-regression.sha256). It skips t where Python or
// scikit-learn is missing, unless $ODTX_REQUIRE_SKLEARN is set, as CI
// sets it.
func regressionTables(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	const python = "/usr/bin/python3"
	cmd := exec.Command(python, filepath.Join("..", "scripts", "regression-data.py"), dir)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && (!errors.As(err, &exit) || strings.Contains(stderr.String(), "No module named 'sklearn'")) {
		if os.Getenv("ODTX_REQUIRE_SKLEARN") != "" {
			t.Fatalf("%s with scikit-learn is required ($ODTX_REQUIRE_SKLEARN): %v %s", python, err, stderr.Bytes())
		}
		t.Skipf("no %s with scikit-learn: %v %s", python, err, stderr.Bytes())
	}
	if err != nil {
		t.Fatalf("scripts/regression-data.py: %v\n%s", err, stderr.Bytes())
	}
	sums, err := os.ReadFile("testdata/streed-regression.sha256")
	if err != nil {
		t.Fatal(err)
	}
	for line := range strings.Lines(string(sums)) {
		want, name, _ := strings.Cut(strings.TrimSpace(line), "  ")
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if got := sha256.Sum256(data); hex.EncodeToString(got[:]) != want {
			t.Fatalf("scripts/regression-data.py wrote another %s than STreeD solved: record it anew (see testdata/README.md)", name)
		}
	}
	return dir
}

// number parses a field that is a number or - for 0.
func number(field string) (float64, error) {
	if field == "-" {
		return 0, nil
	}
	return strconv.ParseFloat(field, 64)
}

// solved reports whether TestSTreeDAgrees solves row, so that it takes
// seconds: to depth 3, and 4 on tree-1000-5x2; with -short, to depth 2 on
// diabetes and 3 on the others. A leaf size switches most bounds off:
// with one, to depth 2, and 3 on tree-1000-5x2 without -short.
func solved(row streedOptimum) bool {
	if row.minLeaf > 0 {
		return row.depth <= 2 || !testing.Short() && row.depth == 3 && row.file == "tree-1000-5x2"
	}
	if testing.Short() {
		return row.depth <= 2 || row.depth == 3 && row.file != "diabetes"
	}
	return row.depth <= 3 || row.depth == 4 && row.file == "tree-1000-5x2"
}

// streedSlack is how far, relative to it, STreeD's SSE may lie from the
// exact SSE of its tree: it sums squares in float64 and prints the mean
// squared error to 16 digits, which the record multiplies back by the
// records.
const streedSlack = 1e-12

// TestSTreeDAgrees checks that the search finds the least SSE (plus the
// cost of its branching nodes, with a cost) that STreeD found on the same
// binarized features, within the search's tolerance and streedSlack, on
// each table of odtx bench regression at each depth STreeD finished that
// solved allows; with a leaf size, STreeD's default setting may miss the
// optimum, and the search need only match it or do better.
func TestSTreeDAgrees(t *testing.T) {
	rows := streedOptima(t)
	dir := regressionTables(t)
	type problem struct {
		ds *dataset.Dataset
		ys [][]float64
	}
	loaded := map[string]*problem{}
	compared := 0
	for _, row := range rows {
		if !solved(row) {
			continue
		}
		compared++
		x := loaded[row.file]
		if x == nil {
			ds, tbl, err := dataset.Load(context.Background(), filepath.Join(dir, row.file+".csv"), dataset.Options{Regression: true})
			if err != nil {
				t.Fatal(err)
			}
			ys, err := Targets(tbl, ds)
			if err != nil {
				t.Fatal(err)
			}
			x = &problem{ds, ys}
			loaded[row.file] = x
		}
		res, err := Solve(context.Background(), x.ds, x.ys, Options{MaxDepth: row.depth, MinLeaf: row.minLeaf, Cost: row.cost})
		if err != nil {
			t.Fatal(err)
		}
		// A branching node costs cost times the SSE of the single leaf.
		leaf := 0.0
		if row.cost > 0 {
			one, err := Solve(context.Background(), x.ds, x.ys, Options{})
			if err != nil {
				t.Fatal(err)
			}
			leaf = one.SSE
		}
		ours := res.SSE + row.cost*leaf*float64(res.Branches)
		theirs := row.sse + row.cost*leaf*float64(row.branches)
		d, tol := ours-theirs, res.Tolerance+streedSlack*theirs
		if row.minLeaf > 0 && !row.exact {
			d = max(d, 0)
		}
		if math.Abs(d) > tol {
			t.Errorf("%s at depth %d, leaf size %g, cost %g: objective %.16g, STreeD's %.16g: they differ by %.3g, more than the tolerance %.3g",
				row.file, row.depth, row.minLeaf, row.cost, ours, theirs, d, tol)
		}
	}
	if compared == 0 {
		t.Error("testdata/streed-regression.tsv holds no optimum to compare with")
	}
}

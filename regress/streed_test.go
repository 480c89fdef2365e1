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

// streedOptimum is a row of testdata/streed-regression.tsv without a leaf
// size or a cost: STreeD's least SSE of the file at the depth.
type streedOptimum struct {
	file  string
	depth int
	sse   float64
}

// streedOptima reads the rows of testdata/streed-regression.tsv that
// STreeD's -task regression solved with no other option.
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
		if strings.HasPrefix(lines.Text(), "#") || fields[2] != "-" || fields[3] != "-" || fields[6] == "-" {
			continue
		}
		depth, err := strconv.Atoi(fields[1])
		if err != nil {
			t.Fatalf("%q: %v", lines.Text(), err)
		}
		sse, err := strconv.ParseFloat(fields[6], 64)
		if err != nil {
			t.Fatalf("%q: %v", lines.Text(), err)
		}
		rows = append(rows, streedOptimum{fields[0], depth, sse})
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

// solved reports whether TestSTreeDAgrees solves row, so that it takes
// seconds: to depth 3, and 4 on tree-1000-5x2; with -short, to depth 2 on
// diabetes and 3 on the others.
func solved(row streedOptimum) bool {
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

// TestSTreeDAgrees checks that the search finds the least SSE that STreeD
// found on the same binarized features, within the search's tolerance and
// streedSlack, on each table of odtx bench regression at each depth
// STreeD finished that solved allows.
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
		res, err := Solve(context.Background(), x.ds, x.ys, Options{MaxDepth: row.depth})
		if err != nil {
			t.Fatal(err)
		}
		if d, tol := math.Abs(res.SSE-row.sse), res.Tolerance+streedSlack*row.sse; d > tol {
			t.Errorf("%s at depth %d: SSE %.16g, STreeD's %.16g: they differ by %.3g, more than the tolerance %.3g",
				row.file, row.depth, res.SSE, row.sse, d, tol)
		}
	}
	if compared == 0 {
		t.Error("testdata/streed-regression.tsv holds no optimum to compare with")
	}
}

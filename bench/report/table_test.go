package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/odtx/odtx/bench"
)

// mouseJSONL is a hand-written run of the mouse suite: two learning runs
// and two folds per mode, one of them out of time, and an error whose
// message would break a Markdown table.
const mouseJSONL = `
{"suite":"mouse","dataset":"mouse.csv","solver":"gini","mode":"size","run":0,"fold":-1,"seconds":0.1,"k":4,"nodes":15,"examples_used":30,"clauses":20000,"status":"ok"}
{"suite":"mouse","dataset":"mouse.csv","solver":"gini","mode":"size","run":1,"fold":-1,"seconds":0.2,"k":4,"nodes":15,"examples_used":40,"clauses":22000,"status":"ok"}
{"suite":"mouse","dataset":"mouse.csv","solver":"gini","mode":"size","run":0,"fold":0,"folds":10,"seconds":0.05,"k":3,"nodes":9,"accuracy":0.8,"status":"ok"}
{"suite":"mouse","dataset":"mouse.csv","solver":"gini","mode":"size","run":0,"fold":1,"folds":10,"seconds":0.05,"k":3,"nodes":9,"accuracy":0.9,"status":"ok"}
{"suite":"mouse","dataset":"mouse.csv","solver":"gini","mode":"depth","run":0,"fold":-1,"seconds":0.03,"k":4,"nodes":21,"examples_used":33,"clauses":38000,"status":"ok"}
{"suite":"mouse","dataset":"mouse.csv","solver":"gini","mode":"depth","run":1,"fold":-1,"seconds":9,"k":4,"nodes":31,"status":"timeout"}

{"suite":"mouse","dataset":"mouse.csv","solver":"gini","mode":"depth","run":0,"fold":0,"folds":10,"seconds":0.01,"status":"error: solver | crashed\nbadly"}
`

// markdownRow returns the cells of the Markdown table row whose first cells
// are keys.
func markdownRow(t *testing.T, md string, keys ...string) []string {
	t.Helper()
	prefix := "| " + strings.Join(keys, " | ") + " |"
	for line := range strings.Lines(md) {
		if strings.HasPrefix(line, prefix) {
			var cells []string
			for _, c := range strings.Split(strings.Trim(strings.TrimSpace(line), "|"), " | ") {
				cells = append(cells, strings.TrimSpace(c))
			}
			return cells
		}
	}
	t.Fatalf("no row %q in\n%s", prefix, md)
	return nil
}

// markdown renders the tables of the records in jsonl.
func markdown(t *testing.T, jsonl string) string {
	t.Helper()
	records, err := bench.ReadRecords(strings.NewReader(jsonl), "test.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var md bytes.Buffer
	if err := WriteTables(&md, "md", bench.Tables(records)); err != nil {
		t.Fatal(err)
	}
	t.Logf("\n%s", md.String())
	return md.String()
}

func TestMouseTable(t *testing.T) {
	md := markdown(t, mouseJSONL)
	size := markdownRow(t, md, "gini", "size")
	want := []string{"gini", "size",
		"0.15 (0.075, ×2.00)",  // time: mean of the learning runs
		"35 (37, ×0.95)",       // examples used
		"21000 (42000, ×0.50)", // clauses
		"4 (4, ×1.00)",         // k
		"15 (15, ×1.00)",       // nodes
		"85.0% (84.0%, ×1.01)", // accuracy: mean of the folds
		"0.042 (×3.57)",        // the paper's tool here: 0.15 / 0.042
		"0.027 (×5.56)",        // DP here
		"4 ok",
	}
	if strings.Join(size, "\n") != strings.Join(want, "\n") {
		t.Errorf("size row:\n got %q\nwant %q", size, want)
	}
	// The depth row counts only the finished learning run, has no
	// accuracy, and says why.
	depth := markdownRow(t, md, "gini", "depth")
	for i, want := range map[int]string{
		2:  "0.03 (0.015, ×2.00)",
		6:  "21 (31, ×0.68)",
		7:  "– (85.6%)",
		10: `1 ok, 1 error: solver \| crashed badly, 1 timeout`,
	} {
		if depth[i] != want {
			t.Errorf("depth row cell %d is %q, want %q", i, depth[i], want)
		}
	}
}

func TestTable3Average(t *testing.T) {
	jobs, err := bench.Jobs("table3", bench.Config{Solvers: []string{"gini"}, Runs: 1})
	if err != nil {
		t.Fatal(err)
	}
	// iris and wine only, every split at the paper's DT_size accuracy
	// plus one point, so the average row compares over those two alone.
	acc := map[string]float64{"iris.csv": 0.968, "wine.csv": 0.93}
	var jsonl strings.Builder
	for _, j := range jobs {
		if a, ok := acc[j.Dataset]; ok {
			rec := bench.Record{Job: j, Seconds: 1, K: 3, Nodes: 9, Accuracy: a, Status: "ok"}
			if err := bench.WriteRecord(&jsonl, rec); err != nil {
				t.Fatal(err)
			}
		}
	}
	md := markdown(t, jsonl.String())
	iris := markdownRow(t, md, "iris.csv", "gini")
	if iris[6] != "96.8% (95.8%, ×1.01)" || iris[8] != "98.4% (×0.98)" || iris[11] != "10 ok" {
		t.Errorf("iris row %q", iris)
	}
	// Paper: (95.8 + 92.0) / 2 = 93.9; this run (96.8 + 93.0) / 2 = 94.9.
	avg := markdownRow(t, md, "average", "gini")
	if avg[6] != "94.9% (93.9%, ×1.01)" || avg[2] != "–" {
		t.Errorf("average row %q", avg)
	}
}

func TestCSVAndJSON(t *testing.T) {
	records, err := bench.ReadRecords(strings.NewReader(mouseJSONL), "mouse.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	tables := bench.Tables(records)

	var c bytes.Buffer
	if err := WriteTables(&c, "csv", tables); err != nil {
		t.Fatal(err)
	}
	lines, err := csv.NewReader(&c).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	// A header and two rows, as wide as the header; the paper's tool's
	// column has its figure and the ratio, not this run's time again.
	if len(lines) != 3 {
		t.Fatalf("%d CSV lines, want 3: %q", len(lines), lines)
	}
	header, size := lines[0], lines[1]
	cell := func(name string) string {
		for i, h := range header {
			if h == name {
				return size[i]
			}
		}
		t.Fatalf("no column %q in %q", name, header)
		return ""
	}
	for name, want := range map[string]string{
		"suite": "mouse", "solver": "gini", "mode": "size",
		"time (s)": "0.15", "time (s) paper": "0.075", "time (s) ratio": "2",
		"paper's tool here (s)": "0.042", "10-fold acc.": "85", "status": "4 ok",
	} {
		if got := cell(name); got != want {
			t.Errorf("CSV %q is %q, want %q", name, got, want)
		}
	}

	var j bytes.Buffer
	if err := WriteTables(&j, "json", tables); err != nil {
		t.Fatal(err)
	}
	var doc []jsonTable
	if err := json.Unmarshal(j.Bytes(), &doc); err != nil {
		t.Fatalf("%v\n%s", err, j.String())
	}
	depth := doc[0].Rows[1]
	if acc := depth.Cells[5]; acc.Value != nil || acc.Ref == nil || *acc.Ref != 85.6 {
		t.Errorf("depth accuracy cell %+v, want no value (null) and the paper's 85.6", acc)
	}
}

// TestReferenceTable renders records of the reference suite: the optimum
// and the times beside REFERENCE.md's, peak memory (of the timed-out job
// too), and a timed-out job.
func TestReferenceTable(t *testing.T) {
	md := markdown(t, `
{"suite":"reference","dataset":"car.csv","solver":"cadical-ipasir","mode":"size","run":0,"fold":-1,"seconds":68.6,"k":8,"nodes":143,"peak_mb":400,"status":"ok"}
{"suite":"reference","dataset":"car.csv","solver":"cadical-ipasir","mode":"depth","run":0,"fold":-1,"seconds":14.12,"k":8,"nodes":253,"peak_mb":300,"status":"ok"}
{"suite":"reference","dataset":"mouse.csv","solver":"gini","mode":"size","run":0,"fold":-1,"seconds":0.1,"k":4,"nodes":15,"peak_mb":20,"status":"ok"}
{"suite":"reference","dataset":"mouse.csv","solver":"gini","mode":"size","run":1,"fold":-1,"seconds":9,"k":4,"nodes":17,"peak_mb":30,"status":"timeout"}
`)
	for _, tc := range []struct {
		keys []string
		want []string // cells after the keys
	}{
		{[]string{"mouse.csv", "size", "gini"}, []string{"4 (4, ×1.00)", "15 (15, ×1.00)", "0.1 (0.042, ×2.38)", "0.027 (×3.70)", "25", "1 ok, 1 timeout"}},
		{[]string{"car.csv", "size", "cadical-ipasir"}, []string{"8 (8, ×1.00)", "143 (143, ×1.00)", "68.6 (343, ×0.20)", "45.6 (×1.50)", "400", "1 ok"}},
		// Depth mode leaves the node count free: no reference for it.
		{[]string{"car.csv", "depth", "cadical-ipasir"}, []string{"8 (8, ×1.00)", "253", "14.1 (70.6, ×0.20)", "0.84 (×16.8)", "300", "1 ok"}},
	} {
		row := markdownRow(t, md, tc.keys...)[len(tc.keys):]
		if !slices.Equal(row, tc.want) {
			t.Errorf("row %q: %q, want %q", tc.keys, row, tc.want)
		}
	}
	if i, j := strings.Index(md, "| mouse.csv |"), strings.Index(md, "| car.csv |"); i < 0 || j < i {
		t.Error("rows not in REFERENCE.md's order")
	}
}

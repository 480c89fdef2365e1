package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/odtx/odtx/cart"
	"github.com/odtx/odtx/dataset"
)

// TestPrimalIntegral: Berthold's primal integral of a hand-made
// trajectory, against the optimum it reaches and against a better tree
// another tool found, with a time limit and without one; and the tree
// held at each moment.
func TestPrimalIntegral(t *testing.T) {
	a := &Anytime{Limit: 10, Trajectory: []Step{{0.5, 100, 0}, {2, 90, 50}, {5, 80, 80}}}
	for _, c := range []struct {
		ref  int
		want float64
	}{
		// 0.5 s without a tree, 1.5 s at 20/100, 3 s at 10/90, then 0.
		{80, 0.5 + 1.5*0.2 + 3*10.0/90},
		// The same, and 5 s to the limit at 10/80.
		{70, 0.5 + 1.5*30.0/100 + 3*20.0/90 + 5*10.0/80},
	} {
		if got := a.primalIntegral(c.ref); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("against %d: %v, want %v", c.ref, got, c.want)
		}
	}
	// A search stopped by its limit ends a little after it, with what a
	// user of that limit gets.
	late := &Anytime{Limit: 10, Trajectory: []Step{{0.5, 100, 0}, {10.3, 95, 60}}}
	if got, want := late.primalIntegral(95), 0.5+9.5*0.05; math.Abs(got-want) > 1e-12 {
		t.Errorf("stopped at its limit: %v, want %v", got, want)
	}
	noLimit := &Anytime{Trajectory: []Step{{1, 4, 0}, {3, 2, 2}}}
	if got, want := noLimit.primalIntegral(2), 1+2*0.5; math.Abs(got-want) > 1e-12 {
		t.Errorf("without a limit: %v, want %v", got, want)
	}
	if g := primalGap(0, 0); g != 0 {
		t.Errorf("gap of 0 errors against 0: %v", g)
	}

	for _, c := range []struct {
		a    *Anytime
		at   float64
		want Step
		ok   bool
	}{
		{a, 0.4, Step{}, false},
		{a, 1, Step{0.5, 100, 0}, true},
		{a, 2, Step{2, 90, 50}, true},
		{a, 60, Step{5, 80, 80}, true}, // proven: it holds after the limit
		{late, 9.9, Step{0.5, 100, 0}, true},
		{late, 10, Step{10.3, 95, 60}, true},
		{late, 60, Step{10.3, 95, 60}, false}, // past its limit, unproven
		{noLimit, 60, Step{3, 2, 2}, true},
	} {
		if s, ok := c.a.at(c.at); s != c.want || ok != c.ok {
			t.Errorf("%v at %v s: %v, %v; want %v, %v", c.a.Trajectory, c.at, s, ok, c.want, c.ok)
		}
	}
}

// anytimeRecords are the records of a run of the suite on one file at
// depths 3 and 4, with a limit of 60 s: odtx proves depth 3 at 2 s and
// stops at its limit at depth 4, where ConTree proves 70 errors; STreeD
// runs out of time at both.
func anytimeRecords() []Record {
	odtx := func(depth, run int, cart int, steps ...Step) Record {
		last := steps[len(steps)-1]
		status := "ok"
		if !last.proven() {
			status = "timeout"
		}
		return Record{Job: Job{Suite: "anytime", Dataset: "f.csv", Solver: "auto", Mode: "errors", MaxDepth: depth, Run: run, Fold: -1},
			Engine: "ordered", Errors: &last.Errors, Status: status, Seconds: last.Seconds + 0.5,
			Anytime: &Anytime{CART: cart, Limit: 60, Trajectory: steps}}
	}
	peer := func(name string, depth int, errs int, secs float64, status string) Record {
		r := Record{Job: Job{Suite: "anytime", Dataset: "f.csv", Solver: name, Program: name, Mode: "errors", MaxDepth: depth, Fold: -1},
			Seconds: secs, Status: status}
		if status == "ok" {
			r.Errors = &errs
		}
		return r
	}
	return []Record{
		odtx(3, 0, 95, Step{0.2, 95, 0}, Step{2, 90, 90}),
		odtx(4, 0, 90, Step{0.5, 90, 0}, Step{5, 80, 40}, Step{60.4, 80, 60}),
		odtx(4, 1, 90, Step{0.5, 90, 0}, Step{20, 75, 50}, Step{60.2, 75, 65}),
		peer("streed", 3, 0, 60, "timeout"),
		peer("contree", 4, 70, 30, "ok"),
		peer("streed", 4, 0, 60, "timeout"),
	}
}

// TestAnytimeTable: the table of synthetic records shows per file and
// depth CART's errors, the optimum one level up, the errors held at 1, 10
// and 60 s, the bound and gap at 60 s, the primal integral against the
// best tree any tool found, and the times to proof beside the peers'.
func TestAnytimeTable(t *testing.T) {
	tables := Tables(anytimeRecords())
	if len(tables) != 1 || len(tables[0].Rows) != 2 {
		t.Fatalf("tables %+v", tables)
	}
	tb := tables[0]
	var names []string
	for _, c := range tb.Columns {
		names = append(names, c.Name)
	}
	want := []string{"CART", "optimum at depth - 1", "errors at 1 s", "errors at 10 s", "errors at 60 s",
		"bound at 60 s", "gap at 60 s", "primal integral (s)", "proof (s) (contree)", "proof (s) (streed)"}
	if !slices.Equal(names, want) {
		t.Fatalf("columns %q, want %q", names, want)
	}
	values := func(r Row) []Figure { return r.Figures }
	nan := math.NaN()
	// Depth 3: proven at 2 s, 90 errors, against itself; nothing below.
	d3 := []Figure{{95, nan}, {nan, nan}, {95, nan}, {90, nan}, {90, nan}, {90, nan}, {0, nan}, {0.2 + 1.8*5.0/95, nan}, {2, nan}, {2, nan}}
	// Depth 4, against ConTree's 70: run 0 0.5 s without a tree, 4.5 s
	// at 20/90, 55 s at 10/80; run 1 0.5 s, 19.5 s at 20/90, 40 s at
	// 5/75. Neither proved; ConTree did, in 30 s, and STreeD did not.
	i0 := 0.5 + 4.5*20.0/90 + 55*10.0/80
	i1 := 0.5 + 19.5*20.0/90 + 40*5.0/75
	d4 := []Figure{{90, nan}, {90, nan}, {90, nan}, {(80 + 90) / 2.0, nan}, {(80 + 75) / 2.0, nan}, {(60 + 65) / 2.0, nan},
		{(100*20.0/80 + 100*10.0/75) / 2, nan}, {(i0 + i1) / 2, nan}, {nan, 30}, {nan, nan}}
	for i, wantRow := range [][]Figure{d3, d4} {
		row := tb.Rows[i]
		if row.Keys[1] != []string{"3", "4"}[i] || row.Keys[2] != "ordered" {
			t.Errorf("row %d keys %q", i, row.Keys)
		}
		for c, f := range values(row) {
			if !sameFigure(f, wantRow[c]) {
				t.Errorf("depth %s, %s: %v, want %v", row.Keys[1], names[c], f, wantRow[c])
			}
		}
	}
	if tb.Rows[1].Status != "1 ok, 3 timeout" {
		t.Errorf("depth 4 status %q", tb.Rows[1].Status)
	}
}

// sameFigure compares figures, NaN equal to NaN.
func sameFigure(a, b Figure) bool {
	same := func(x, y float64) bool { return x == y || math.IsNaN(x) && math.IsNaN(y) || math.Abs(x-y) < 1e-9 }
	return same(a.Value, b.Value) && same(a.Ref, b.Ref)
}

// TestAnytimeFiles: a chart for each file and depth, odtx's best tree and
// bound as steps of its first run, CART level across, ConTree's proof as
// a mark and STreeD's timeout in the legend; and anytime.csv, a line a
// record.
func TestAnytimeFiles(t *testing.T) {
	files, err := Files(anytimeRecords())
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		names = append(names, f.Name)
	}
	if want := []string{"anytime-f-d3.svg", "anytime-f-d4.svg", "anytime.csv"}; !slices.Equal(names, want) {
		t.Fatalf("files %q, want %q", names, want)
	}
	svg := string(files[1].Data)
	for _, name := range []string{"odtx: best tree", "odtx: bound proven", "CART", "contree: proof", "streed: no proof (timeout)"} {
		if !strings.Contains(svg, ">"+name+"</text>") {
			t.Errorf("the chart at depth 4 names no %q", name)
		}
	}
	// Steps of run 0, the first: its first point, two at each change, and
	// the level to the limit; its best tree changes once, its bound twice.
	lines := polylines(svg)
	if len(lines) != 4 || len(lines[0]) != 4 || len(lines[1]) != 6 || len(lines[2]) != 2 || len(lines[3]) != 1 {
		t.Errorf("polylines of %v points, want best tree of 4, bound of 6, CART of 2, ConTree's mark of 1", lens(lines))
	}
	if lines[0][1][1] != lines[0][0][1] || lines[0][2][1] == lines[0][1][1] || lines[0][1][0] != lines[0][2][0] {
		t.Errorf("best tree %v: not a step down at its second step", lines[0])
	}
	csv := strings.Split(strings.TrimSpace(string(files[2].Data)), "\n")
	if len(csv) != 7 || !strings.HasPrefix(csv[0], "dataset,depth,tool,run,status,seconds,errors,cart_errors,ref_errors,errors_1s,bound_1s,gap_percent_1s,") {
		t.Fatalf("anytime.csv:\n%s", files[2].Data)
	}
	// Run 1 at depth 4: 90 at 1 s, 90 at 10 s, 75 bound 65 at 60 s.
	if want := "f.csv,4,auto,1,timeout,60.7,75,90,70,90,0,100,90,0,100,75,65,13.333333333333334,"; !strings.HasPrefix(csv[4], want) {
		t.Errorf("run 1 at depth 4:\n%s\nwant it to start\n%s", csv[4], want)
	}
	if !strings.HasSuffix(csv[5], ",contree,0,ok,30,70,,70,,,,,,,,,,,30") {
		t.Errorf("ConTree's line: %s", csv[5])
	}
}

// polylines returns the points of each polyline of svg, in order.
func polylines(svg string) [][][2]string {
	var lines [][][2]string
	for _, part := range strings.Split(svg, `<polyline points="`)[1:] {
		var pts [][2]string
		for _, p := range strings.Fields(part[:strings.IndexByte(part, '"')]) {
			x, y, _ := strings.Cut(p, ",")
			pts = append(pts, [2]string{x, y})
		}
		lines = append(lines, pts)
	}
	return lines
}

func lens(lines [][][2]string) []int {
	var n []int
	for _, l := range lines {
		n = append(n, len(l))
	}
	return n
}

// TestAnytimeJobs: the suite runs odtx and each peer on every file and
// depth given, by default on a generated table at depths 4 and 5.
func TestAnytimeJobs(t *testing.T) {
	jobs, err := Jobs("anytime", Config{Solvers: []string{"gini"}, Runs: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(jobs) != 2 || jobs[0].Dataset != anytimeData || jobs[0].MaxDepth != 4 || jobs[1].MaxDepth != 5 || jobs[0].Mode != "errors" || !jobs[0].Generated() {
		t.Errorf("default jobs %+v", jobs)
	}
	jobs, err = Jobs("anytime", Config{Solvers: []string{"gini"}, Runs: 2, Files: []string{"a.csv"}, Depths: []int{3},
		Peers: []Peer{{Name: "contree", Program: "/bin/contree"}}})
	if err != nil {
		t.Fatal(err)
	}
	if len(jobs) != 4 || jobs[0].Solver != "auto" || jobs[2].Solver != "contree" || jobs[3].Run != 1 || jobs[0].Generated() {
		t.Errorf("jobs %+v", jobs)
	}
}

// smallTable is a generated table that odtx proves at depth 3 in a blink.
const smallTable = "gen --numeric --depth 3 --features 3 --rows 400 --noise 0.1 --decimals 2 --seed 3"

// TestAnytimeTrajectory: a real job records a trajectory whose tree
// never gets worse and whose bound never falls, that starts no worse than
// CART's tree (grown again here) and ends at the job's result; and a job
// that runs out of time ends at what it held then. Served as a job
// process serves it, the record carries the trajectory across.
func TestAnytimeTrajectory(t *testing.T) {
	r := newRunner(t.TempDir())
	job := Job{Suite: "anytime", Dataset: smallTable, Solver: "auto", Mode: "errors", MaxDepth: 3, Fold: -1}
	rec := r.Run(context.Background(), job)
	if rec.Status != "ok" || rec.Anytime == nil || rec.Errors == nil {
		t.Fatalf("record %+v", rec)
	}
	checkTrajectory(t, rec)
	last := rec.Anytime.last()
	if !last.proven() {
		t.Errorf("proven job ends at %v, not proven", last)
	}
	tbl, err := numericTable(smallTable)
	if err != nil {
		t.Fatal(err)
	}
	ds, err := tbl.Binarize(dataset.Options{Conflicts: dataset.Count})
	if err != nil {
		t.Fatal(err)
	}
	_, cartErrs, err := cart.Tree(context.Background(), ds, 3, 0)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Anytime.CART != cartErrs || rec.Anytime.Trajectory[0].Errors > cartErrs || *rec.Errors > cartErrs {
		t.Errorf("CART %d errors, recorded %d; the first tree %d errors, the last %d", cartErrs, rec.Anytime.CART, rec.Anytime.Trajectory[0].Errors, *rec.Errors)
	}

	// Served as a job process does, through JSON.
	req, err := json.Marshal(jobRequest{Job: job})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := ServeJob(context.Background(), bytes.NewReader(req), &out, nil); err != nil {
		t.Fatal(err)
	}
	records, err := ReadRecords(&out, "job")
	if err != nil {
		t.Fatal(err)
	}
	served := records[0]
	if served.Anytime == nil || served.Anytime.CART != cartErrs || *served.Errors != *rec.Errors {
		t.Fatalf("served record %+v", served)
	}
	checkTrajectory(t, served)

	// Too large to prove at depth 5 within its limit.
	r.Timeout = 300 * time.Millisecond
	big := r.Run(context.Background(), Job{Suite: "anytime", Dataset: "gen --numeric --depth 5 --features 6 --rows 20000 --noise 0.1 --decimals 3", Solver: "auto", Mode: "errors", MaxDepth: 5, Fold: -1})
	if big.Status != "timeout" || big.Anytime == nil || big.Anytime.Limit != 0.3 {
		t.Fatalf("record %+v", big)
	}
	checkTrajectory(t, big)
	// Its last step is its result, which came once the limit had passed.
	last = big.Anytime.last()
	if s, ok := big.Anytime.at(0.3); !ok || s != last || last.Seconds < 0.29 {
		t.Errorf("at its limit: %v, %v; want its last step, %v, at the limit", s, ok, last)
	}
}

// checkTrajectory fails unless rec's trajectory goes forward in time,
// its errors never up and its bound never down nor above them, and ends
// at rec's errors.
func checkTrajectory(t *testing.T, rec Record) {
	t.Helper()
	steps := rec.Anytime.Trajectory
	if len(steps) == 0 {
		t.Fatal("no trajectory")
	}
	for i, s := range steps {
		if s.Bound > s.Errors || s.Seconds < 0 {
			t.Errorf("step %d: %v", i, s)
		}
		if i > 0 && (s.Seconds < steps[i-1].Seconds || s.Errors > steps[i-1].Errors || s.Bound < steps[i-1].Bound) {
			t.Errorf("step %d, %v, after %v", i, s, steps[i-1])
		}
	}
	if last := steps[len(steps)-1]; last.Errors != *rec.Errors {
		t.Errorf("ends at %v, the job at %d errors", last, *rec.Errors)
	}
}

// TestStepJSON: a step is written as [seconds, errors, bound], and read
// back; anything else is an error.
func TestStepJSON(t *testing.T) {
	data, err := json.Marshal(Anytime{CART: 9, Trajectory: []Step{{0.25, 9, 0}, {1.5, 7, 7}}})
	if err != nil || string(data) != `{"cart_errors":9,"trajectory":[[0.25,9,0],[1.5,7,7]]}` {
		t.Fatalf("%s, %v", data, err)
	}
	var a Anytime
	if err := json.Unmarshal(data, &a); err != nil || len(a.Trajectory) != 2 || a.Trajectory[1] != (Step{1.5, 7, 7}) {
		t.Errorf("%+v, %v", a, err)
	}
	if err := json.Unmarshal([]byte(`{"trajectory":[[1,2]]}`), &a); err == nil || !strings.Contains(err.Error(), "[seconds, errors, bound]") {
		t.Errorf("a step of two numbers: %v", err)
	}
}

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

var itoa = strconv.Itoa

// noisyCSV is a table of 6 binary features whose label is a depth-3 tree's
// with a fifth of it flipped, and whose last rows repeat earlier ones with
// other labels.
func noisyCSV(t *testing.T, dir string) string {
	t.Helper()
	r := mustRun(t, dir, "", "gen", "--depth", "3", "--features", "6", "--rows", "50", "--noise", "0.2", "--seed", "5")
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	for _, l := range lines[1:6] {
		flipped := strings.TrimSuffix(l, "0") + "1"
		if strings.HasSuffix(l, "1") {
			flipped = strings.TrimSuffix(l, "1") + "0"
		}
		lines = append(lines, flipped, flipped)
	}
	path := filepath.Join(dir, "noisy.csv")
	writeFiles(t, dir, map[string]string{"noisy.csv": strings.Join(lines, "\n") + "\n"})
	return path
}

// leastErrors is the fewest errors any function of the features makes on
// the rows of a CSV file whose label is last: in each group of rows with
// equal features, all but the most frequent label.
func leastErrors(csv string) int {
	groups := map[string]map[string]int{}
	for _, l := range strings.Split(strings.TrimSpace(csv), "\n")[1:] {
		i := strings.LastIndex(l, ",")
		if groups[l[:i]] == nil {
			groups[l[:i]] = map[string]int{}
		}
		groups[l[:i]][l[i+1:]]++
	}
	wrong := 0
	for _, g := range groups {
		n, most := 0, 0
		for _, k := range g {
			n += k
			most = max(most, k)
		}
		wrong += n - most
	}
	return wrong
}

// TestMaxDepth: learn --max-depth D writes a tree of depth D or less that
// odtx predict finds wrong on exactly the training errors it claims, with
// the class counts of every leaf; the errors fall as D grows, to the
// contradictions no tree can avoid; --max-branching-nodes bounds the branching nodes.
func TestMaxDepth(t *testing.T) {
	dir := t.TempDir()
	data := noisyCSV(t, dir)
	csv := readFile(t, data)
	rows := strings.Count(csv, "\n") - 1
	prev := rows + 1
	for d := 0; d <= 6; d++ {
		tree := filepath.Join(dir, "tree.json")
		mustRun(t, dir, "", "learn", "--max-depth", itoa(d), "--format", "json", "-o", tree, data)
		var doc struct {
			Depth, Nodes, Leaves int
			Branching            int            `json:"branching_nodes"`
			Mode                 string         `json:"mode"`
			Budget               map[string]any `json:"budget"`
			Optimal              bool
			Errors               *int            `json:"training_errors"`
			Bound                *map[string]any `json:"lower_bound"`
			Root                 map[string]any
		}
		if err := json.Unmarshal([]byte(readFile(t, tree)), &doc); err != nil {
			t.Fatal(err)
		}
		if doc.Mode != "errors" || doc.Budget["max_depth"] != float64(d) || !doc.Optimal || doc.Bound != nil || doc.Errors == nil {
			t.Fatalf("depth %d: mode %q, budget %v, optimal %v, lower bound %v, errors %v", d, doc.Mode, doc.Budget, doc.Optimal, doc.Bound, doc.Errors)
		}
		if doc.Depth > d || doc.Nodes != 2*doc.Branching+1 || doc.Leaves != doc.Branching+1 {
			t.Errorf("depth %d: a tree of depth %d, %d nodes, %d branching, %d leaves", d, doc.Depth, doc.Nodes, doc.Branching, doc.Leaves)
		}
		// odtx predict reads the tree back and counts its accuracy.
		r := mustRun(t, dir, "", "predict", "--tree", tree, data)
		if want := "(" + itoa(rows-*doc.Errors) + "/" + itoa(rows) + ")"; !strings.Contains(r.stderr, want) {
			t.Errorf("depth %d: %d training errors claimed, predict says %q", d, *doc.Errors, r.stderr)
		}
		if n := leafRows(doc.Root); n != rows {
			t.Errorf("depth %d: the leaves count %d rows, want %d", d, n, rows)
		}
		if *doc.Errors > prev {
			t.Errorf("depth %d: %d errors, more than %d at depth %d", d, *doc.Errors, prev, d-1)
		}
		prev = *doc.Errors
	}
	if least := leastErrors(csv); prev != least {
		t.Errorf("at depth 6 over 6 features: %d errors, want the %d no function avoids", prev, least)
	}
	one := learnJSON(t, dir, "", "--max-depth", "3", "--max-branching-nodes", "1", data)
	if one["branching_nodes"] != 1.0 || one["budget"].(map[string]any)["max_branching_nodes"] != 1.0 {
		t.Errorf("--max-branching-nodes 1: %v branching nodes, budget %v", one["branching_nodes"], one["budget"])
	}
}

// TestAnySize: learn --max-depth D --any-size writes a tree with as few
// errors as the default, proven, with any_size in its budget, no fewer
// nodes, and a summary line that says its nodes are not minimized.
func TestAnySize(t *testing.T) {
	dir := t.TempDir()
	data := noisyCSV(t, dir)
	for d := 1; d <= 4; d++ {
		fewest := learnJSON(t, dir, "", "--max-depth", itoa(d), data)
		r := mustRun(t, dir, "", "learn", "--max-depth", itoa(d), "--any-size", "--format", "json", data)
		var got map[string]any
		if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
			t.Fatal(err)
		}
		budget := got["budget"].(map[string]any)
		if got["training_errors"] != fewest["training_errors"] || got["optimal"] != true || budget["any_size"] != true || got["nodes"].(float64) < fewest["nodes"].(float64) {
			t.Errorf("depth %d: %v errors, optimal %v, budget %v, %v nodes; by default %v errors, %v nodes",
				d, got["training_errors"], got["optimal"], budget, got["nodes"], fewest["training_errors"], fewest["nodes"])
		}
		if !strings.Contains(r.stderr, "errors optimal within depth <= "+itoa(d)+", proven by minerr, nodes not minimized") {
			t.Errorf("depth %d: summary %q", d, r.stderr)
		}
	}
}

// leafRows sums the counts of the leaves of a JSON tree.
func leafRows(n map[string]any) int {
	if counts, ok := n["counts"].([]any); ok {
		sum := 0
		for _, k := range counts {
			sum += int(k.(float64))
		}
		return sum
	}
	return leafRows(n["true"].(map[string]any)) + leafRows(n["false"].(map[string]any))
}

// TestMaxDepthAnytime: a search stopped by its time limit still writes its
// best tree, not optimal, with the proven bound on errors below its own.
func TestMaxDepthAnytime(t *testing.T) {
	dir := t.TempDir()
	data := noisyCSV(t, dir)
	// The limit has passed before the search starts, which then gives
	// the tree it starts from.
	r := run(t, dir, "", "--timeout", "1ns", "learn", "--max-depth", "4", "--format", "json", data)
	if r.code != 2 || !strings.Contains(r.stderr, "training errors, proven >=") {
		t.Fatalf("exit %d, stderr %q; want 2 and the gap", r.code, r.stderr)
	}
	var doc struct {
		Optimal bool
		Errors  int                   `json:"training_errors"`
		Bound   struct{ Errors *int } `json:"lower_bound"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Optimal || doc.Bound.Errors == nil || *doc.Bound.Errors > doc.Errors {
		t.Errorf("optimal %v, %d errors, lower bound %v", doc.Optimal, doc.Errors, doc.Bound.Errors)
	}
}

// TestMinLeaf: learn --max-depth D --min-leaf N writes a tree every leaf
// of which holds N training rows or more, by its counts, that makes the
// errors it claims, no fewer than without the leaf size, which the summary
// names; a size above half the rows leaves a single leaf. cv takes it too.
func TestMinLeaf(t *testing.T) {
	dir := t.TempDir()
	data := noisyCSV(t, dir)
	rows := strings.Count(readFile(t, data), "\n") - 1
	free := learnJSON(t, dir, "", "--max-depth", "3", data)
	for _, n := range []int{4, 12, rows/2 + 1} {
		r := mustRun(t, dir, "", "learn", "--max-depth", "3", "--min-leaf", itoa(n), "--format", "json", data)
		var doc struct {
			Optimal bool
			Errors  int `json:"training_errors"`
			Leaves  int
			Root    map[string]any
		}
		if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
			t.Fatal(err)
		}
		least := rows
		var walk func(n map[string]any)
		walk = func(n map[string]any) {
			if _, ok := n["counts"]; ok {
				least = min(least, leafRows(n))
				return
			}
			walk(n["true"].(map[string]any))
			walk(n["false"].(map[string]any))
		}
		walk(doc.Root)
		switch {
		case !doc.Optimal || doc.Errors < int(free["training_errors"].(float64)):
			t.Errorf("--min-leaf %d: %d errors, optimal %v; %v without it", n, doc.Errors, doc.Optimal, free["training_errors"])
		case doc.Leaves > 1 && least < n:
			t.Errorf("--min-leaf %d: a leaf of %d rows", n, least)
		case n > rows/2 && doc.Leaves != 1:
			t.Errorf("--min-leaf %d of %d rows: %d leaves", n, rows, doc.Leaves)
		case !strings.Contains(r.stderr, "leaves of >= "+itoa(n)+" rows"):
			t.Errorf("--min-leaf %d: summary %q", n, r.stderr)
		}
		tree := filepath.Join(dir, "tree.json")
		writeFiles(t, dir, map[string]string{"tree.json": r.stdout})
		if p := mustRun(t, dir, "", "predict", "--tree", tree, data); !strings.Contains(p.stderr, "("+itoa(rows-doc.Errors)+"/"+itoa(rows)+")") {
			t.Errorf("--min-leaf %d: %d training errors claimed, predict says %q", n, doc.Errors, p.stderr)
		}
	}
	if r := mustRun(t, dir, "", "cv", "--folds", "3", "--max-depth", "2", "--min-leaf", "6", data); !strings.Contains(r.stdout, "mean test accuracy") {
		t.Errorf("cv --min-leaf:\n%s", r.stdout)
	}
}

// TestMaxDepthFlags: the objective's flags that contradict each other or
// the engine are usage errors.
func TestMaxDepthFlags(t *testing.T) {
	dir := t.TempDir()
	data := noisyCSV(t, dir)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"learn", "--max-branching-nodes", "3", data}, "--max-branching-nodes goes with --max-depth"},
		{[]string{"learn", "--complexity-cost", "0.01", data}, "--complexity-cost goes with --max-depth"},
		{[]string{"learn", "--any-size", data}, "--any-size goes with --max-depth"},
		{[]string{"learn", "--max-depth", "2", "--any-size", "--complexity-cost", "0.01", data}, "does not go with a tree of any size"},
		{[]string{"learn", "--mode", "errors", data}, "--mode errors needs --max-depth"},
		{[]string{"learn", "--max-depth", "2", "--mode", "size", data}, "give one"},
		{[]string{"learn", "--max-depth", "2", "--conflicts", "majority", data}, "--conflicts is for trees without training errors"},
		{[]string{"learn", "--max-depth", "-1", data}, "want a depth"},
		{[]string{"learn", "--max-depth", "x", data}, "want a depth"},
		{[]string{"learn", "--max-depth", "3-2", data}, "ends below its start"},
		{[]string{"learn", "--max-depth", "1-3", data}, "a range is for cv"},
		{[]string{"learn", "--max-depth", "41", data}, "at most 40"},
		{[]string{"learn", "--max-depth", "2", "--max-branching-nodes", "0", data}, "at least 1"},
		{[]string{"learn", "--max-depth", "2", "--complexity-cost", "-1", data}, "finite cost"},
		{[]string{"--engine", "sat", "learn", "--max-depth", "2", data}, "searched by minerr or ordered"},
		{[]string{"learn", "--min-leaf", "5", data}, "--min-leaf goes with --max-depth"},
		{[]string{"cv", "--min-leaf", "5", data}, "--min-leaf goes with --max-depth"},
		{[]string{"learn", "--max-depth", "2", "--min-leaf", "0", data}, "want more than 0 rows"},
		{[]string{"learn", "--max-depth", "2", "--min-leaf", "5", "--certify", filepath.Join(dir, "cert"), data}, "does not take --min-leaf"},
	} {
		r := run(t, dir, "", c.args...)
		if r.code != 1 || r.stdout != "" || !strings.Contains(r.stderr, c.want) || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("odtx %q: exit %d, stdout %q, stderr %q; want exit 1 and one line with %q", c.args, r.code, r.stdout, r.stderr, c.want)
		}
	}
}

// TestCVMaxDepth: cv --max-depth D gives each fold's training accuracy
// beside its test accuracy; a range of depths gives a line of means for
// each and for the tree without training errors, and marks the row of the
// best mean test accuracy, the first on a tie: the tree without training
// errors too where it beats every depth bound, as on data a tree of depth
// 3 labels, against bounds 1 and 2 (before, only a depth was marked).
func TestCVMaxDepth(t *testing.T) {
	dir := t.TempDir()
	data := noisyCSV(t, dir)
	r := mustRun(t, dir, "", "cv", "--folds", "3", "--max-depth", "2", data)
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	fold := regexp.MustCompile(`^fold \d: depth [0-2], nodes \d+, train accuracy \d+\.\d%, test accuracy \d+\.\d%, \d+\.\d\d s$`)
	if len(lines) != 4 || !fold.MatchString(lines[0]) || !strings.HasPrefix(lines[3], "mean test accuracy: ") || !strings.Contains(lines[3], "(train ") {
		t.Errorf("cv --max-depth 2:\n%s", r.stdout)
	}

	r = mustRun(t, dir, "", "cv", "--folds", "3", "--max-depth", "0-3", data)
	picked := checkPick(t, r.stdout, []string{"0", "1", "2", "3", "none"}, 3)
	if picked == "none" {
		t.Errorf("noisy data: the tree without training errors picked:\n%s", r.stdout)
	}
	mustRun(t, dir, "", "gen", "--depth", "3", "--features", "5", "--rows", "32", "--seed", "1", "-o", "deep.csv")
	r = mustRun(t, dir, "", "cv", "--folds", "4", "--max-depth", "1-2", "deep.csv")
	if picked := checkPick(t, r.stdout, []string{"1", "2", "none"}, 4); picked != "none" {
		t.Errorf("data of a depth-3 tree: %s picked, want none:\n%s", picked, r.stdout)
	}
}

// checkPick checks the output of cv --max-depth A-B over folds: a header,
// a row for each of names, marked on the first of the best test accuracy,
// with a training accuracy that grows from row to row, and the line that
// names the pick; it returns the row marked.
func checkPick(t *testing.T, stdout string, names []string, folds int) string {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	if len(lines) != len(names)+2 {
		t.Fatalf("want a header, %d rows and the pick:\n%s", len(names), stdout)
	}
	row := regexp.MustCompile(`^(\d|none) +(\d+\.\d)% +(\d+\.\d)% +\d+\.\d +\d+\.\d +\d+\.\d\d(  <- pick)?$`)
	best, bestAcc, marked, lastTrain := "", -1.0, "", 0.0
	for i, line := range lines[1 : len(names)+1] {
		m := row.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("row %q", line)
		}
		if m[1] != names[i] {
			t.Errorf("row %d is for %s, want %s", i, m[1], names[i])
		}
		acc, _ := strconv.ParseFloat(m[3], 64)
		if acc > bestAcc {
			best, bestAcc = m[1], acc
		}
		if m[4] != "" {
			marked = m[1]
		}
		// Each fold's trees make the fewest training errors within
		// their depth, and the tree without any the fewest of all.
		train, _ := strconv.ParseFloat(m[2], 64)
		if train < lastTrain {
			t.Errorf("row %s: train accuracy %.1f%%, below the %.1f%% of a smaller bound", m[1], train, lastTrain)
		}
		lastTrain = train
	}
	want := "pick --max-depth " + best + ": the best mean test accuracy over " + strconv.Itoa(folds) + " folds (none: the least-depth tree without training errors)"
	if best == "none" {
		want = "pick no --max-depth: the tree without training errors (learn --conflicts majority) has the best mean test accuracy over " + strconv.Itoa(folds) + " folds"
	}
	if marked != best || lines[len(lines)-1] != want {
		t.Errorf("marked %q, want %q:\n%s", marked, best, stdout)
	}
	return marked
}

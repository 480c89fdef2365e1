package bench

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/odtx/odtx/dataset"
)

// PeerNames are the tools a suite can run beside odtx: STreeD and ConTree,
// which find the fewest training errors within a depth too, and
// streed-nodes, STreeD led to odtx's answer, which among the trees of
// fewest errors has the fewest nodes: after STreeD's tree of fewest
// errors, a bisection on its -max-num-nodes for the fewest branching
// nodes with as few errors, its time the sum of all its runs'.
var PeerNames = []string{"streed", "streed-nodes", "contree"}

// peerAnswer is what a peer found: the training errors of its tree, or
// in the regression mode its SSE, its branching nodes where it says them
// (-1 where not), and the wall time of its processes.
type peerAnswer struct {
	errors, branches int
	sse, seconds     float64
}

// runPeer runs j's peer tool, j.Program, on tbl (binarized as ds) at
// j.MaxDepth.
func runPeer(ctx context.Context, j Job, tbl *dataset.Table, ds *dataset.Dataset) (peerAnswer, error) {
	var data bytes.Buffer
	var args func(branches int) []string
	var score func(out []byte) (peerAnswer, error)
	switch {
	case j.Mode == regressionMode && j.Solver != "streed":
		return peerAnswer{}, fmt.Errorf("%s finds no regression tree (want streed)", j.Solver)
	case j.Mode == regressionMode:
		if err := writeTargets(&data, tbl, ds); err != nil {
			return peerAnswer{}, err
		}
		args = func(branches int) []string {
			return []string{"-task", "regression", "-max-depth", strconv.Itoa(j.MaxDepth), "-max-num-nodes", strconv.Itoa(branches)}
		}
		score = streedSSE(tbl.Len())
	case j.Solver == "streed", j.Solver == "streed-nodes":
		writeBinary(&data, ds)
		args = func(branches int) []string {
			return []string{"-task", "accuracy", "-max-depth", strconv.Itoa(j.MaxDepth), "-max-num-nodes", strconv.Itoa(branches)}
		}
		score = streedAnswer(recordCount(ds))
	case j.Solver == "contree":
		if err := writeNumeric(&data, tbl, ds); err != nil {
			return peerAnswer{}, err
		}
		args = func(int) []string { return []string{"-max-depth", strconv.Itoa(j.MaxDepth)} }
		score = contreeAnswer
	default:
		return peerAnswer{}, fmt.Errorf("unknown peer %q (want %v)", j.Solver, PeerNames)
	}
	f, err := os.CreateTemp("", "odtx-peer-*.txt")
	if err != nil {
		return peerAnswer{}, err
	}
	defer os.Remove(f.Name())
	_, err = f.Write(data.Bytes())
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return peerAnswer{}, err
	}
	spent := 0.0
	run := func(branches int) (peerAnswer, error) {
		cmd := exec.CommandContext(ctx, j.Program, append(args(branches), "-file", f.Name())...)
		cmd.WaitDelay = time.Second
		start := time.Now()
		out, err := cmd.CombinedOutput()
		spent += time.Since(start).Seconds()
		if ctx.Err() != nil {
			return peerAnswer{}, ctx.Err()
		}
		if err != nil {
			return peerAnswer{}, fmt.Errorf("%s: %v: %s", j.Program, err, lastLine(out))
		}
		a, err := score(out)
		if err != nil {
			return peerAnswer{}, fmt.Errorf("%s: %w", j.Program, err)
		}
		return a, nil
	}
	best, err := run(1<<j.MaxDepth - 1)
	if err != nil {
		return peerAnswer{}, err
	}
	if j.Solver == "streed-nodes" {
		// The fewest branches with best's errors are more than lo and at
		// most best's.
		lo := -1
		for best.branches-lo > 1 {
			mid := (lo + best.branches) / 2
			a, err := run(mid)
			switch {
			case err != nil:
				return peerAnswer{}, err
			case a.errors == best.errors:
				best = a
			default:
				lo = mid
			}
		}
	}
	best.seconds = spent
	return best, nil
}

// peerRecord runs j's peer tool on tbl (binarized as ds) and writes what
// it found into rec: its errors, or in the regression mode its SSE, its
// nodes where it says them, and its time.
func peerRecord(ctx context.Context, j Job, tbl *dataset.Table, ds *dataset.Dataset, rec *Record) error {
	a, err := runPeer(ctx, j, tbl, ds)
	if err != nil {
		return err
	}
	rec.Seconds = a.seconds
	if j.Mode == regressionMode {
		rec.SSE = &a.sse
	} else {
		rec.Errors = &a.errors
	}
	if a.branches >= 0 {
		rec.Nodes = 2*a.branches + 1
	}
	return nil
}

// writeBinary writes ds as STreeD reads it: a line per record, its class
// index and then a 0 or 1 for each of ds's tests.
func writeBinary(w *bytes.Buffer, ds *dataset.Dataset) {
	for _, ex := range ds.Examples {
		var line []byte
		for _, v := range ds.Row(&ex) {
			line = append(line, ' ', '0')
			if v {
				line[len(line)-1] = '1'
			}
		}
		for c, n := range classCounts(ex, len(ds.Classes)) {
			for range n {
				w.WriteString(strconv.Itoa(c))
				w.Write(line)
				w.WriteByte('\n')
			}
		}
	}
}

// writeTargets writes tbl, binarized as ds with the regression option, as
// STreeD's regression task reads it: a line per record, its target as the
// table writes it and then a 0 or 1 for each of ds's tests.
func writeTargets(w *bytes.Buffer, tbl *dataset.Table, ds *dataset.Dataset) error {
	label, err := tbl.Column(ds.Label)
	if err != nil {
		return err
	}
	for r := range tbl.Len() {
		w.WriteString(strings.TrimSpace(tbl.Value(r, label)))
		for _, v := range ds.Row(&ds.Examples[ds.ExampleOf[r]]) {
			w.WriteString(" 0")
			if v {
				w.Bytes()[w.Len()-1] = '1'
			}
		}
		w.WriteByte('\n')
	}
	return nil
}

// writeNumeric writes tbl as ConTree reads it: a line per record, its
// class index and then its values, every column but the label a number.
func writeNumeric(w *bytes.Buffer, tbl *dataset.Table, ds *dataset.Dataset) error {
	label, err := tbl.Column(ds.Label)
	if err != nil {
		return err
	}
	for r := range tbl.Len() {
		rec := tbl.Record(r)
		w.WriteString(strconv.Itoa(slices.Index(ds.Classes, rec[label])))
		for c, v := range rec {
			if c == label {
				continue
			}
			if _, err := strconv.ParseFloat(v, 64); err != nil {
				return fmt.Errorf("%s:%d: column %q holds %q: contree takes numbers only", tbl.Name, tbl.Lines[r], tbl.Header[c], v)
			}
			w.WriteByte(' ')
			w.WriteString(v)
		}
		w.WriteByte('\n')
	}
	return nil
}

// classCounts returns the records of each of k classes that ex stands for.
func classCounts(ex dataset.Example, k int) []int {
	if ex.Counts != nil {
		return ex.Counts
	}
	counts := make([]int, k)
	counts[ex.Class] = 1
	return counts
}

// recordCount counts the records that ds's examples stand for.
func recordCount(ds *dataset.Dataset) int {
	n := 0
	for _, ex := range ds.Examples {
		for _, k := range classCounts(ex, len(ds.Classes)) {
			n += k
		}
	}
	return n
}

// streedAnswer reads STreeD's tree: its branching nodes, and its errors
// from its training accuracy on n records.
func streedAnswer(n int) func([]byte) (peerAnswer, error) {
	return func(out []byte) (peerAnswer, error) {
		branches, acc, err := streedSolution(out, "training accuracy")
		if err != nil {
			return peerAnswer{}, err
		}
		return peerAnswer{errors: int(math.Round((1 - acc) * float64(n))), branches: branches}, nil
	}
}

// streedSSE reads STreeD's regression tree: its branching nodes, and its
// SSE from its training mean squared error on n records.
func streedSSE(n int) func([]byte) (peerAnswer, error) {
	return func(out []byte) (peerAnswer, error) {
		branches, mse, err := streedSolution(out, "training mean squared error")
		if err != nil {
			return peerAnswer{}, err
		}
		return peerAnswer{sse: mse * float64(n), branches: branches}, nil
	}
}

// streedSolution reads the branching nodes and the training score, called
// what in errors, of STreeD's tree from the line "Solution 0: DEPTH
// BRANCHES TRAIN TEST ...".
func streedSolution(out []byte, what string) (branches int, train float64, err error) {
	rest, ok := lineAfter(out, "Solution 0:")
	f := strings.Fields(rest)
	if !ok || len(f) < 3 {
		return 0, 0, fmt.Errorf("no solution line in its output: %s", lastLine(out))
	}
	if branches, err = strconv.Atoi(f[1]); err != nil {
		return 0, 0, fmt.Errorf("branching nodes %q: %w", f[1], err)
	}
	if train, err = strconv.ParseFloat(f[2], 64); err != nil {
		return 0, 0, fmt.Errorf("%s %q: %w", what, f[2], err)
	}
	return branches, train, nil
}

// contreeAnswer reads the errors of ConTree's tree, from the line
// "Misclassification score: ERRORS".
func contreeAnswer(out []byte) (peerAnswer, error) {
	rest, ok := lineAfter(out, "Misclassification score:")
	if !ok {
		return peerAnswer{}, fmt.Errorf("no misclassification score in its output: %s", lastLine(out))
	}
	errs, err := strconv.Atoi(strings.TrimSpace(rest))
	if err != nil {
		return peerAnswer{}, fmt.Errorf("misclassification score %q: %w", rest, err)
	}
	return peerAnswer{errors: errs, branches: -1}, nil
}

// lineAfter returns the rest of the first line of out that starts with
// prefix. Parsing a tool's few lines so needs no regular expression, which
// would be compiled as every odtx command starts.
func lineAfter(out []byte, prefix string) (string, bool) {
	for line := range strings.Lines(string(out)) {
		if rest, ok := strings.CutPrefix(line, prefix); ok {
			return strings.TrimRight(rest, "\r\n"), true
		}
	}
	return "", false
}

// lastLine is the last non-empty line of a tool's output, which says why
// it failed, if anything does.
func lastLine(out []byte) string {
	var last string
	s := bufio.NewScanner(bytes.NewReader(out))
	for s.Scan() {
		if line := bytes.TrimSpace(s.Bytes()); len(line) > 0 {
			last = string(line)
		}
	}
	return last
}

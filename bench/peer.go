package bench

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"time"

	"github.com/odtx/odtx/dataset"
)

// PeerNames are the tools a suite can run beside odtx: STreeD and ConTree,
// which find the fewest training errors within a depth too.
var PeerNames = []string{"streed", "contree"}

// runPeer runs j's peer tool, j.Program, on tbl (binarized as ds) at
// j.MaxDepth, and returns the training errors of the tree it found and the
// wall time of its process.
func runPeer(ctx context.Context, j Job, tbl *dataset.Table, ds *dataset.Dataset) (int, float64, error) {
	var data bytes.Buffer
	var args []string
	var score func(out []byte) (int, error)
	switch j.Solver {
	case "streed":
		writeBinary(&data, ds)
		args = []string{"-task", "accuracy", "-max-depth", strconv.Itoa(j.MaxDepth), "-max-num-nodes", strconv.Itoa(1<<j.MaxDepth - 1)}
		score = streedErrors(recordCount(ds))
	case "contree":
		if err := writeNumeric(&data, tbl, ds); err != nil {
			return 0, 0, err
		}
		args = []string{"-max-depth", strconv.Itoa(j.MaxDepth)}
		score = contreeErrors
	default:
		return 0, 0, fmt.Errorf("unknown peer %q (want %v)", j.Solver, PeerNames)
	}
	f, err := os.CreateTemp("", "odtx-peer-*.txt")
	if err != nil {
		return 0, 0, err
	}
	defer os.Remove(f.Name())
	_, err = f.Write(data.Bytes())
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return 0, 0, err
	}
	cmd := exec.CommandContext(ctx, j.Program, append(args, "-file", f.Name())...)
	cmd.WaitDelay = time.Second
	start := time.Now()
	out, err := cmd.CombinedOutput()
	secs := time.Since(start).Seconds()
	if ctx.Err() != nil {
		return 0, 0, ctx.Err()
	}
	if err != nil {
		return 0, 0, fmt.Errorf("%s: %v: %s", j.Program, err, lastLine(out))
	}
	errs, err := score(out)
	if err != nil {
		return 0, 0, fmt.Errorf("%s: %w", j.Program, err)
	}
	return errs, secs, nil
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

// writeNumeric writes tbl as ConTree reads it: a line per record, its
// class index and then its values, every column but the label a number.
func writeNumeric(w *bytes.Buffer, tbl *dataset.Table, ds *dataset.Dataset) error {
	label, err := tbl.Column(ds.Label)
	if err != nil {
		return err
	}
	for r, rec := range tbl.Records {
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

var (
	streedSolution = regexp.MustCompile(`(?m)^Solution 0:\s+\d+\s+\d+\s+(\S+)`)
	contreeScore   = regexp.MustCompile(`(?m)^Misclassification score: (\d+)`)
)

// streedErrors reads the errors of STreeD's tree from its training
// accuracy on n records.
func streedErrors(n int) func([]byte) (int, error) {
	return func(out []byte) (int, error) {
		m := streedSolution.FindSubmatch(out)
		if m == nil {
			return 0, fmt.Errorf("no solution line in its output: %s", lastLine(out))
		}
		acc, err := strconv.ParseFloat(string(m[1]), 64)
		if err != nil {
			return 0, fmt.Errorf("training accuracy %q: %w", m[1], err)
		}
		return int(math.Round((1 - acc) * float64(n))), nil
	}
}

// contreeErrors reads the errors of ConTree's tree.
func contreeErrors(out []byte) (int, error) {
	m := contreeScore.FindSubmatch(out)
	if m == nil {
		return 0, fmt.Errorf("no misclassification score in its output: %s", lastLine(out))
	}
	return strconv.Atoi(string(m[1]))
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

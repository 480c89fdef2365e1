package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/plural"
	"github.com/odtx/odtx/regress"
	"github.com/odtx/odtx/tree"
	"github.com/urfave/cli/v3"
)

// flagTask chooses between a classification and a regression tree.
const flagTask = "task"

// regression reports whether cmd asks for a regression tree, or what is
// wrong with its --task. Only learn grows one yet.
func regression(cmd *cli.Command) (bool, error) {
	switch t := cmd.String(flagTask); t {
	case "classification":
		return false, nil
	case "regression":
		return true, nil
	default:
		return false, fmt.Errorf("--task %q: want classification or regression", t)
	}
}

// regressionRefuses are the flags a regression tree does not take yet, or
// at all (conflicts, weights, other modes).
var regressionRefuses = []string{"mode", flagMaxBranches, flagCost, flagConflicts, "weight", "class-weight", "certify", flagTrace, flagEngine, flagSolver, flagPortfolio}

// learnRegression learns the regression tree of least SSE within
// --max-depth on the data, checks it on the raw rows and writes it.
func learnRegression(ctx context.Context, cmd *cli.Command) error {
	start := time.Now()
	if !cmd.IsSet(flagMaxDepth) {
		return usage(cmd, errors.New("--task regression needs --max-depth"))
	}
	for _, f := range regressionRefuses {
		if cmd.IsSet(f) {
			return usage(cmd, fmt.Errorf("--task regression does not take --%s", f))
		}
	}
	depths, err := depthRange(cmd.String(flagMaxDepth))
	if err != nil {
		return usage(cmd, err)
	}
	if len(depths) > 1 {
		return usage(cmd, fmt.Errorf("--max-depth %s: learn takes one depth", cmd.String(flagMaxDepth)))
	}
	write, err := writer(cmd.String("format"))
	if err != nil {
		return usage(cmd, err)
	}
	if err := notOverInput(cmd, cmd.Args().First()); err != nil {
		return err
	}
	opt := dataset.Options{Label: cmd.String("label"), Regression: true}
	if opt.Split, err = dataset.ParseSplit(cmd.String("split")); err != nil {
		return usage(cmd, err)
	}
	limited, cancel := withTimeout(ctx, cmd)
	defer cancel()
	deadline, _ := limited.Deadline()
	ds, tbl, err := loadData(ctx, cmd, opt, deadline)
	if err != nil {
		return interrupted(ctx, err)
	}
	targets, err := regress.Targets(tbl, ds)
	if err != nil {
		return err
	}
	res, err := regress.Solve(limited, ds, targets, regress.Options{MaxDepth: depths[0]})
	if res == nil {
		return interrupted(ctx, err)
	}
	var halted error
	if err != nil {
		gap := fmt.Sprintf("SSE >= %.6g", res.Bound)
		if errors.Is(err, context.Canceled) {
			halted = stopped(ctx, "with the best tree found, not proven optimal ("+gap+")")
		} else {
			halted = exitError{code: 2, err: fmt.Errorf("time limit %v reached: best tree found, not proven optimal (%s)", cmd.Duration(flagTimeout), gap)}
		}
	}
	t := &tree.Tree{Root: res.Root, Features: ds.Features, Label: ds.Label, Split: ds.Split}
	// Checked on the raw rows: the SSE recomputed exactly from the targets
	// must be the one the search claims, within its tolerance.
	exact, err := t.FitLeaves(tbl)
	if err != nil {
		return fmt.Errorf("the regression tree fails on the training rows: %w", err)
	}
	sse, _ := exact.Float64()
	if err := res.Check(sse); err != nil {
		return err
	}
	meta := tree.Meta{
		Mode:        "regression",
		Engine:      "regress",
		Optimal:     res.Optimal,
		Budget:      &tree.Budget{MaxDepth: depths[0], AnySize: true},
		TrainingSSE: &sse,
		Bound:       tree.Bound{SSE: &res.Bound},
		Stats:       tree.Stats{ExamplesUsed: res.Stats.Items, Subproblems: res.Stats.Subproblems, Seconds: time.Since(start).Seconds()},
	}
	var out bytes.Buffer
	if err := write(t, &out, meta); err != nil {
		return err
	}
	if err := emit(cmd.String(flagOutput), out.Bytes()); err != nil {
		return err
	}
	if halted == nil && !cmd.Bool(flagQuiet) {
		fmt.Fprintf(os.Stderr, "odtx: depth %d, %s, SSE %.6g (RMSE %.6g); SSE optimal within depth <= %d, nodes not minimized; engine regress, %.2f s\n",
			res.Root.Depth(), plural.Count(res.Root.Nodes(), "node"), sse, math.Sqrt(sse/float64(tbl.Len())), depths[0], time.Since(start).Seconds())
	}
	return halted
}

// regressionScore writes on stderr the root mean squared error and R² of
// the predictions got of a regression tree, of label column label of tbl,
// if tbl has it, numbers throughout; else nothing.
func regressionScore(tbl *dataset.Table, label string, got []string) {
	c, err := tbl.Column(label)
	if err != nil {
		return
	}
	var ys, ps []float64
	for r, s := range got {
		y, err1 := strconv.ParseFloat(strings.TrimSpace(tbl.Value(r, c)), 64)
		p, err2 := strconv.ParseFloat(s, 64)
		if err1 != nil || err2 != nil {
			return
		}
		ys, ps = append(ys, y), append(ps, p)
	}
	mean := 0.0
	for _, y := range ys {
		mean += y / float64(len(ys))
	}
	var sse, sst float64
	for i, y := range ys {
		sse += (y - ps[i]) * (y - ps[i])
		sst += (y - mean) * (y - mean)
	}
	r2 := "undefined (constant targets)"
	if sst > 0 {
		r2 = strconv.FormatFloat(1-sse/sst, 'f', 4, 64)
	}
	fmt.Fprintf(os.Stderr, "RMSE: %.6g, R²: %s (%d rows)\n", math.Sqrt(sse/float64(len(ys))), r2, len(ys))
}

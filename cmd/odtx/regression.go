package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"strconv"
	"time"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/plural"
	"github.com/odtx/odtx/orchestrate"
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

// regressionDepths returns the depths --max-depth gives a regression
// tree, which needs it, or what is wrong with the flags.
func regressionDepths(cmd *cli.Command) ([]int, error) {
	if !cmd.IsSet(flagMaxDepth) {
		return nil, usage(cmd, errors.New("--task regression needs --max-depth"))
	}
	for _, f := range regressionRefuses {
		if cmd.IsSet(f) {
			return nil, usage(cmd, fmt.Errorf("--task regression does not take --%s", f))
		}
	}
	depths, err := depthRange(cmd.String(flagMaxDepth))
	return depths, usage(cmd, err)
}

// regressionData returns how the data flags of cmd read a table with a
// numeric target.
func regressionData(cmd *cli.Command) (dataset.Options, error) {
	opt := dataset.Options{Label: cmd.String("label"), Regression: true}
	var err error
	opt.Split, err = dataset.ParseSplit(cmd.String("split"))
	return opt, usage(cmd, err)
}

// learnRegression learns the regression tree of least SSE within
// --max-depth on the data, checks it on the raw rows and writes it.
func learnRegression(ctx context.Context, cmd *cli.Command) error {
	start := time.Now()
	depths, err := regressionDepths(cmd)
	if err != nil {
		return err
	}
	if len(depths) > 1 {
		return usage(cmd, fmt.Errorf("--max-depth %s: learn takes one depth; a range is for cv", cmd.String(flagMaxDepth)))
	}
	write, err := writer(cmd.String("format"))
	if err != nil {
		return usage(cmd, err)
	}
	if err := notOverInput(cmd, cmd.Args().First()); err != nil {
		return err
	}
	opt, err := regressionData(cmd)
	if err != nil {
		return err
	}
	limited, cancel := withTimeout(ctx, cmd)
	defer cancel()
	deadline, _ := limited.Deadline()
	ds, tbl, err := loadData(ctx, cmd, opt, deadline)
	if err != nil {
		return interrupted(ctx, err)
	}
	t, sse, res, err := orchestrate.Regression(limited, ds, tbl, regress.Options{MaxDepth: depths[0]})
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
// the regression tree t's predictions for tbl, if tbl has its label
// column, numbers throughout; else nothing.
func regressionScore(t *tree.Tree, tbl *dataset.Table) {
	sse, sst, err := t.Residuals(tbl)
	if err != nil {
		return
	}
	fmt.Fprintf(os.Stderr, "RMSE: %.6g, R²: %s (%d rows)\n", math.Sqrt(sse/float64(tbl.Len())), r2(sse, sst), tbl.Len())
}

// r2 writes R², 1 - sse/sst, to four decimals, or says why it is undefined.
func r2(sse, sst float64) string {
	if sst == 0 {
		return "undefined (constant targets)"
	}
	return strconv.FormatFloat(1-sse/sst, 'f', 4, 64)
}

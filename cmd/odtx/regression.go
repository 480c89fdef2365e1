package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"slices"
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

// regressionTakes are the flags of learn and cv (and the global ones)
// that a regression tree reads; it refuses every other, so that none is
// ignored: those it does not take yet, and those it has no use for
// (--mode, --conflicts, --class-weight, --certify, the engines').
// --jobs runs cv's folds at once, and is learn's to ignore, as it is in
// the errors mode.
var regressionTakes = []string{
	flagTask, flagMaxDepth, flagMaxBranches, flagMinLeaf, flagAnySize, "weight", flagCost,
	"format", flagOutput, "label", "split", "folds", "seed", "folds-dir", "splits",
	flagTimeout, flagJobs, flagQuiet, flagParent, flagMaxMemory,
}

// regressionDepths returns the depths --max-depth gives a regression
// tree, which needs it, and the options of its search but the depth, or
// what is wrong with the flags.
func regressionDepths(cmd *cli.Command) ([]int, regress.Options, error) {
	var opt regress.Options
	if !cmd.IsSet(flagMaxDepth) {
		return nil, opt, usage(cmd, errors.New("--task regression needs --max-depth"))
	}
	for _, c := range cmd.Lineage() {
		for _, f := range c.Flags {
			if name := f.Names()[0]; f.IsSet() && !slices.Contains(regressionTakes, name) {
				return nil, opt, usage(cmd, fmt.Errorf("--task regression does not take --%s", name))
			}
		}
	}
	opt.MinLeaf = cmd.Float(flagMinLeaf)
	if cmd.IsSet(flagMinLeaf) && !(opt.MinLeaf > 0 && opt.MinLeaf <= math.MaxInt32) {
		return nil, opt, usage(cmd, fmt.Errorf("--min-leaf %v: want more than 0 rows (or weight) a leaf", opt.MinLeaf))
	}
	opt.Cost, opt.AnySize = cmd.Float(flagCost), cmd.Bool(flagAnySize)
	opt.CacheBytes = cacheBytes(cmd, 1)
	opt.MaxBranches = cmd.Int(flagMaxBranches)
	switch {
	case cmd.IsSet(flagMaxBranches) && opt.MaxBranches < 1:
		return nil, opt, usage(cmd, fmt.Errorf("--max-branching-nodes %d: want at least 1 branching node", opt.MaxBranches))
	case !(opt.Cost >= 0 && opt.Cost <= math.MaxFloat64):
		return nil, opt, usage(cmd, fmt.Errorf("--complexity-cost %v: want a finite cost of 0 or more", opt.Cost))
	case opt.Cost > 0 && cmd.Bool(flagAnySize):
		return nil, opt, usage(cmd, errors.New("a complexity cost charges every branching node: it does not go with --any-size"))
	}
	depths, err := depthRange(cmd.String(flagMaxDepth))
	return depths, opt, usage(cmd, err)
}

// regressionData returns how the data flags of cmd read a table with a
// numeric target.
func regressionData(cmd *cli.Command) (dataset.Options, error) {
	opt := dataset.Options{Label: cmd.String("label"), Regression: true, Weight: cmd.String("weight")}
	var err error
	opt.Split, err = dataset.ParseSplit(cmd.String("split"))
	return opt, usage(cmd, err)
}

// learnRegression learns the regression tree of least SSE within
// --max-depth on the data, checks it on the raw rows and writes it.
func learnRegression(ctx context.Context, cmd *cli.Command) error {
	start := time.Now()
	depths, ropt, err := regressionDepths(cmd)
	if err != nil {
		return err
	}
	ropt.MaxDepth = depths[0]
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
	t, sse, res, err := orchestrate.Regression(limited, ds, tbl, ropt)
	if res == nil {
		return interrupted(ctx, err)
	}
	what := "SSE"
	if ds.Weights != nil {
		what = "weighted SSE"
	}
	objective := sse + res.Objective - res.SSE // the cost of the branching nodes
	bound := tree.Bound{SSE: &res.Bound}
	if ropt.Cost > 0 {
		what, bound = "cost", tree.Bound{Objective: &res.Bound}
	}
	var halted error
	if err != nil {
		gap := fmt.Sprintf("%s >= %.6g", what, res.Bound)
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
		Budget:      &tree.Budget{MaxDepth: depths[0], MaxBranches: ropt.MaxBranches, ComplexityCost: ropt.Cost, AnySize: ropt.AnySize, MinLeaf: ropt.MinLeaf},
		TrainingSSE: &sse,
		Bound:       bound,
		Stats:       tree.Stats{ExamplesUsed: res.Stats.Items, Subproblems: res.Stats.Subproblems, Seconds: time.Since(start).Seconds()},
	}
	if ropt.Cost > 0 {
		meta.Objective = &objective
	}
	var out bytes.Buffer
	if err := write(t, &out, meta); err != nil {
		return err
	}
	if err := emit(cmd.String(flagOutput), out.Bytes()); err != nil {
		return err
	}
	if halted == nil && !cmd.Bool(flagQuiet) {
		found := regressionFound(ds, tbl.Len(), sse)
		if ropt.Cost > 0 {
			found += fmt.Sprintf(", cost %.6g", objective)
		}
		nodes := "nodes minimized"
		if ropt.AnySize {
			nodes = "nodes not minimized"
		}
		fmt.Fprintf(os.Stderr, "odtx: depth %d, %s, %s; %s optimal within %s, %s; engine regress, %.2f s\n",
			res.Root.Depth(), plural.Count(res.Root.Nodes(), "node"), found, what, within(ropt.MaxDepth, ropt.MaxBranches, ropt.MinLeaf, ds), nodes, time.Since(start).Seconds())
	}
	return halted
}

// regressionFound says what a regression tree of the given SSE makes of
// the training rows of ds, rows of them: its SSE, weighed if they are,
// and the root of its mean square, over the rows or their weight.
func regressionFound(ds *dataset.Dataset, rows int, sse float64) string {
	if ds.Weights == nil {
		return fmt.Sprintf("SSE %.6g (RMSE %.6g)", sse, math.Sqrt(sse/float64(rows)))
	}
	weight := 0.0
	for _, w := range ds.Weights {
		weight += float64(w)
	}
	return fmt.Sprintf("weighted SSE %.6g (RMSE %.6g)", sse, math.Sqrt(sse/(weight/ds.WeightScale)))
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

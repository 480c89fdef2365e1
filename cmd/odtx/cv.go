package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"

	"github.com/odtx/odtx/cv"
	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/plural"
	"github.com/odtx/odtx/orchestrate"
	"github.com/urfave/cli/v3"
)

func cvCommand() *cli.Command {
	return &cli.Command{
		Name:      "cv",
		Usage:     "estimate the test accuracy of optimal trees by k-fold cross-validation, or on given train/test splits",
		ArgsUsage: "DATA.csv (- for stdin)",
		Flags: append([]cli.Flag{
			&cli.IntFlag{Name: "folds", Value: 10, Usage: "number of folds, from 2 to the number of rows"},
			&cli.Uint64Flag{Name: "seed", Usage: "seed of the shuffle that deals the rows into folds"},
			&cli.StringFlag{Name: "mode", Value: "size", Usage: "depth: minimum depth; size: minimum depth, then fewest nodes (both without training errors); errors: what --max-depth asks for"},
			outputFlag("the accuracies"),
			&cli.StringFlag{Name: "folds-dir", Usage: "train and test on DIR/NAME.train<i>.csv and DIR/NAME.test<i>.csv (NAME: DATA's file name; i = 0, 1, ...) instead of folds"},
			formerName("splits", "folds-dir"),
		}, append(append(objectiveFlags(), dataFlags()...), weightFlags()...)...),
		Action: crossValidate,
	}
}

func crossValidate(ctx context.Context, cmd *cli.Command) error {
	if r, err := regression(cmd); err != nil || r {
		if err != nil {
			return usage(cmd, err)
		}
		return crossValidateRegression(ctx, cmd)
	}
	req, err := parseRequest(cmd)
	if err != nil {
		return err
	}
	folds, err := cvFolds(ctx, cmd)
	if err != nil {
		return interrupted(ctx, err)
	}
	inputs := []string{cmd.Args().First()}
	if renamedString(cmd, "folds-dir", "splits") != "" {
		for _, f := range folds {
			inputs = append(inputs, f.Train.Name, f.Test.Name)
		}
	}
	if err := notOverInput(cmd, inputs...); err != nil {
		return err
	}
	ctx, cancel := withTimeout(ctx, cmd)
	defer cancel()
	if len(req.depths) > 1 {
		return compareDepths(ctx, cmd, folds, req)
	}
	data, mode := req.data, req.mode
	opt, err := cvOptions(cmd, folds, data, req.engine, mode)
	if err != nil {
		return err
	}
	opt.Budget = req.budget
	// The global --jobs runs folds at once, each probing one depth at a
	// time: folds are independent, so they keep every job busy to the end.
	results, err := cv.CrossValidate(ctx, folds, data, opt, cmd.Int(flagJobs))
	// The output is written whole, once every fold is done, so that an
	// error leaves stdout empty; but at the time limit the folds that
	// finished are results worth their lines, though not their mean.
	var out bytes.Buffer
	train := mode == orchestrate.Errors
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		writeFolds(&out, results, train)
		if err := emit(cmd.String(flagOutput), out.Bytes()); err != nil {
			return err
		}
		return exitError{code: 2, err: fmt.Errorf("time limit %v reached with %d of %s done: the others' trees were not proven optimal",
			cmd.Duration(flagTimeout), len(results), plural.Count(len(folds), "fold"))}
	case err != nil:
		return interrupted(ctx, err)
	}
	writeCV(&out, results, train)
	return emit(cmd.String(flagOutput), out.Bytes())
}

// cvOptions returns the options of the folds' searches in mode. The folds
// share the back end the data's shape asks for, as the first fold's
// training rows have it.
func cvOptions(cmd *cli.Command, folds []cv.Fold, data dataset.Options, e orchestrate.Engine, mode orchestrate.Mode) (orchestrate.Options, error) {
	opt, _, err := searchOptions(cmd, e, mode, func() (*dataset.Dataset, error) {
		return folds[0].Train.Binarize(data) // its errors name the file
	})
	// cv has no --trace, so no file to close. Its folds run --jobs at once.
	opt.CacheBytes = cacheBytes(cmd, min(cmd.Int(flagJobs), len(folds)))
	return opt, err
}

// compareDepths cross-validates the fewest-errors tree of each depth bound
// of depths, and the tree without training errors beside them, and writes
// a line of mean accuracies for each, marking the depth bound of the best
// mean test accuracy: the one to pick. At the time limit it writes the
// lines of the bounds done.
func compareDepths(ctx context.Context, cmd *cli.Command, folds []cv.Fold, req request) error {
	var rows []depthRow
	run := func(name string, data dataset.Options, mode orchestrate.Mode, b orchestrate.Budget) error {
		opt, err := cvOptions(cmd, folds, data, req.engine, mode)
		if err != nil {
			return err
		}
		opt.Budget = b
		results, err := cv.CrossValidate(ctx, folds, data, opt, cmd.Int(flagJobs))
		if err != nil {
			return err
		}
		rows = append(rows, depthRow{name, results})
		return nil
	}
	data := req.data
	var err error
	for _, d := range req.depths {
		b := req.budget
		b.MaxDepth = d
		if err = run(strconv.Itoa(d), data, orchestrate.Errors, b); err != nil {
			break
		}
	}
	if err == nil {
		// Contradictory rows take their majority's label, so that the
		// tree without training errors exists whatever the data.
		data.Conflicts = dataset.Majority
		err = run(noBound, data, orchestrate.Size, orchestrate.Budget{})
	}
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		if werr := writeDepths(rows, len(folds), cmd.String(flagOutput)); werr != nil {
			return werr
		}
		return exitError{code: 2, err: fmt.Errorf("time limit %v reached with %d of %s cross-validated", cmd.Duration(flagTimeout), len(rows), plural.Count(len(req.depths)+1, "depth bound"))}
	case err != nil:
		return interrupted(ctx, err)
	}
	return writeDepths(rows, len(folds), cmd.String(flagOutput))
}

// depthRow is the cross-validation of one depth bound, named by it, or
// of the tree without training errors, named noBound.
type depthRow struct {
	name    string
	results []cv.FoldResult
}

// writeDepths writes to stdout a line of mean accuracies for each row and
// marks the row of the best mean test accuracy, the first on a tie: the
// tree without training errors, last, is marked only where it beats every
// depth bound.
func writeDepths(rows []depthRow, folds int, output string) error {
	best := -1
	for i, r := range rows {
		if best < 0 || mean(r.results, testAccuracy) > mean(rows[best].results, testAccuracy) {
			best = i
		}
	}
	var out bytes.Buffer
	fmt.Fprintf(&out, "%-10s %-9s %-9s %-6s %-6s %s\n", "max depth", "train", "test", "depth", "nodes", "s a fold")
	for i, r := range rows {
		mark := ""
		if i == best {
			mark = "  <- pick"
		}
		fmt.Fprintf(&out, "%-10s %-9s %-9s %-6.1f %-6.1f %.2f%s\n", r.name,
			fmt.Sprintf("%.1f%%", 100*mean(r.results, trainAccuracy)), fmt.Sprintf("%.1f%%", 100*mean(r.results, testAccuracy)),
			mean(r.results, foldDepth), mean(r.results, foldNodes), mean(r.results, foldSeconds), mark)
	}
	switch {
	case best < 0:
	case rows[best].name == noBound:
		fmt.Fprintf(&out, "pick no --max-depth: the tree without training errors (learn --conflicts majority) has the best mean test accuracy over %d folds\n", folds)
	default:
		fmt.Fprintf(&out, "pick --max-depth %s: the best mean test accuracy over %d folds (%s: the least-depth tree without training errors)\n", rows[best].name, folds, noBound)
	}
	return emit(output, out.Bytes())
}

// noBound names the row of the tree without training errors.
const noBound = "none"

// The figures of a fold that cv averages.
func testAccuracy(r cv.FoldResult) float64  { return r.Accuracy }
func trainAccuracy(r cv.FoldResult) float64 { return r.TrainAccuracy }
func foldDepth(r cv.FoldResult) float64     { return float64(r.Depth) }
func foldNodes(r cv.FoldResult) float64     { return float64(r.Nodes) }
func foldSeconds(r cv.FoldResult) float64   { return r.Seconds }

// mean is the mean of figure over results.
func mean(results []cv.FoldResult, figure func(cv.FoldResult) float64) float64 {
	sum := 0.0
	for _, r := range results {
		sum += figure(r)
	}
	return sum / float64(len(results))
}

// cvFolds returns the folds that --folds and --seed make of the data file,
// or with --folds-dir the train/test pairs given for it, read until ctx ends.
func cvFolds(ctx context.Context, cmd *cli.Command) ([]cv.Fold, error) {
	path, err := oneArg(cmd)
	if err != nil {
		return nil, err
	}
	dir := renamedString(cmd, "folds-dir", "splits")
	if dir == "" {
		tbl, err := dataset.ReadTableFileContext(ctx, path)
		if err != nil {
			return nil, err
		}
		return cv.KFold(tbl, cmd.Int("folds"), cmd.Uint64("seed"))
	}
	if cmd.IsSet("folds") || cmd.IsSet("seed") {
		return nil, errors.New("--folds-dir gives the folds, so --folds and --seed do not apply")
	}
	if path == "-" {
		return nil, errors.New("--folds-dir needs the data file's name, not - (stdin)")
	}
	return cv.ReadSplits(ctx, filepath.Join(dir, filepath.Base(path)))
}

// writeCV writes a line for each fold, then the means over the folds, which
// are the figures the paper reports, with the training accuracy if train.
// Only the seconds vary between runs.
func writeCV(w io.Writer, results []cv.FoldResult, train bool) {
	writeFolds(w, results, train)
	trained := ""
	if train {
		trained = fmt.Sprintf("train %.1f%%, ", 100*mean(results, trainAccuracy))
	}
	fmt.Fprintf(w, "mean test accuracy: %.1f%% (%sdepth %.1f, nodes %.1f, %.2f s a fold)\n",
		100*mean(results, testAccuracy), trained, mean(results, foldDepth), mean(results, foldNodes), mean(results, foldSeconds))
}

// writeFolds writes a line for each fold's result.
func writeFolds(w io.Writer, results []cv.FoldResult, train bool) {
	for _, r := range results {
		fmt.Fprintf(w, "fold %d: depth %d, nodes %d, %stest accuracy %.1f%%, %.2f s\n",
			r.Fold, r.Depth, r.Nodes, trainFigure(train, r.TrainAccuracy), 100*r.Accuracy, r.Seconds)
	}
}

// trainFigure is the training accuracy a line of cv gives if train.
func trainFigure(train bool, accuracy float64) string {
	if !train {
		return ""
	}
	return fmt.Sprintf("train accuracy %.1f%%, ", 100*accuracy)
}

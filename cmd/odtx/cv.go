package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/odtx/odtx/cv"
	"github.com/odtx/odtx/dataset"
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
			&cli.StringFlag{Name: "mode", Value: "size", Usage: "depth: minimum depth; size: minimum depth, then fewest nodes"},
			&cli.StringFlag{Name: "splits", Usage: "train and test on DIR/NAME.train<i>.csv and DIR/NAME.test<i>.csv (NAME: DATA's file name; i = 0, 1, ...) instead of folds"},
		}, dataFlags()...),
		Action: crossValidate,
	}
}

func crossValidate(ctx context.Context, cmd *cli.Command) error {
	mode, err := orchestrate.ParseMode(cmd.String("mode"))
	if err != nil {
		return err
	}
	data, err := dataOptions(cmd)
	if err != nil {
		return err
	}
	folds, err := cvFolds(ctx, cmd)
	if err != nil {
		return interrupted(ctx, err)
	}
	e, err := engine(cmd)
	if err != nil {
		return err
	}
	// The folds share the back end the data's shape asks for, as the first
	// fold's training rows have it.
	opt, _, err := searchOptions(cmd, e, mode, func() (*dataset.Dataset, error) {
		first, err := folds[0].Train.Binarize(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", folds[0].Train.Name, err)
		}
		return first, nil
	})
	if err != nil { // cv has no --trace, so no file to close
		return err
	}
	ctx, cancel := withTimeout(ctx, cmd)
	defer cancel()
	// The global --jobs runs folds at once, each probing one depth at a
	// time: folds are independent, so they keep every job busy to the end.
	jobs := cmd.Int(flagJobs)
	results, err := cv.CrossValidate(ctx, folds, data, opt, jobs)
	// The output is written whole, once every fold is done, so that an
	// error leaves stdout empty; but at the time limit the folds that
	// finished are results worth their lines, though not their mean.
	var out bytes.Buffer
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		writeFolds(&out, results)
		if _, err := os.Stdout.Write(out.Bytes()); err != nil {
			return err
		}
		return exitError{code: 2, err: fmt.Errorf("time limit %v reached with %d of %d folds done: the others' trees were not proven optimal",
			cmd.Duration(flagTimeout), len(results), len(folds))}
	case err != nil:
		return interrupted(ctx, err)
	}
	writeCV(&out, results)
	_, err = os.Stdout.Write(out.Bytes())
	return err
}

// cvFolds returns the folds that --folds and --seed make of the data file,
// or with --splits the train/test pairs given for it, read until ctx ends.
func cvFolds(ctx context.Context, cmd *cli.Command) ([]cv.Fold, error) {
	path, err := oneArg(cmd)
	if err != nil {
		return nil, err
	}
	dir := cmd.String("splits")
	if dir == "" {
		tbl, err := dataset.ReadTableFileContext(ctx, path)
		if err != nil {
			return nil, err
		}
		return cv.KFold(tbl, cmd.Int("folds"), cmd.Uint64("seed"))
	}
	if cmd.IsSet("folds") || cmd.IsSet("seed") {
		return nil, errors.New("--splits gives the folds, so --folds and --seed do not apply")
	}
	if path == "-" {
		return nil, errors.New("--splits needs the data file's name, not - (stdin)")
	}
	return cv.ReadSplits(ctx, filepath.Join(dir, filepath.Base(path)))
}

// writeCV writes a line for each fold, then the means over the folds, which
// are the figures the paper reports. Only the seconds vary between runs.
func writeCV(w io.Writer, results []cv.FoldResult) {
	writeFolds(w, results)
	var accuracy, depth, nodes, seconds float64
	for _, r := range results {
		accuracy += r.Accuracy
		depth += float64(r.Depth)
		nodes += float64(r.Nodes)
		seconds += r.Seconds
	}
	n := float64(len(results))
	fmt.Fprintf(w, "mean test accuracy: %.1f%% (depth %.1f, nodes %.1f, %.2f s a fold)\n",
		100*accuracy/n, depth/n, nodes/n, seconds/n)
}

// writeFolds writes a line for each fold's result.
func writeFolds(w io.Writer, results []cv.FoldResult) {
	for _, r := range results {
		fmt.Fprintf(w, "fold %d: depth %d, nodes %d, test accuracy %.1f%%, %.2f s\n",
			r.Fold, r.Depth, r.Nodes, 100*r.Accuracy, r.Seconds)
	}
}

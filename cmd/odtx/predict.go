package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/plural"
	"github.com/odtx/odtx/tree"
	"github.com/urfave/cli/v3"
)

func predictCommand() *cli.Command {
	return &cli.Command{
		Name:      "predict",
		Usage:     "print the class a tree gives each row; accuracy on stderr when the rows carry labels",
		ArgsUsage: "DATA.csv (- for stdin)",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "tree", Usage: "tree written by learn --format json (- for stdin)", Required: true},
			outputFlag("the classes"),
			&cli.StringFlag{Name: flagConflicts, Value: "error", Usage: "majority: also say how many rows contradict identical ones, which every tree gets wrong"},
		},
		Action: predict,
	}
}

// readTree reads the tree at path, "-" for stdin, unless the data file
// (data) is read from stdin too.
func readTree(path, data string) (*tree.Tree, error) {
	in := os.Stdin
	if path == "-" {
		if data == "-" {
			return nil, errors.New("--tree - and the data file - both name stdin: give one of them as a file")
		}
		path = "stdin"
	} else {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		in = f
	}
	t, err := tree.ReadJSON(in)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

func predict(ctx context.Context, cmd *cli.Command) error {
	path, err := oneArg(cmd)
	if err != nil {
		return err
	}
	treePath := cmd.String("tree")
	if err := notDir(treePath); err != nil {
		return err
	}
	if err := notOverInput(cmd, path, treePath); err != nil {
		return err
	}
	c, err := conflicts(cmd)
	if err != nil {
		return err
	}
	majority := c == dataset.Majority
	t, err := readTree(treePath, path)
	if err != nil {
		return err
	}
	tbl, err := dataset.ReadTableFileContext(ctx, path)
	if err != nil {
		return interrupted(ctx, err)
	}
	got, err := t.Predict(tbl)
	if err != nil {
		return err
	}
	var out bytes.Buffer
	for _, class := range got {
		fmt.Fprintln(&out, class)
	}
	if err := emit(cmd.String(flagOutput), out.Bytes()); err != nil {
		return err
	}
	if len(got) == 0 {
		return errors.New("no rows")
	}
	if t.IsRegression() {
		regressionScore(t, tbl)
		return nil
	}
	right, err := t.Correct(tbl, got)
	if err != nil {
		return nil // unlabelled rows: predictions only
	}
	fmt.Fprintf(os.Stderr, "accuracy: %.1f%% (%d/%d)\n", 100*float64(right)/float64(len(got)), right, len(got))
	if majority {
		ds, err := tbl.Binarize(dataset.Options{Label: t.Label, Split: t.Split, Conflicts: dataset.Majority})
		if err != nil {
			return err
		}
		best := len(got) - len(ds.Relabelled)
		n := len(ds.Relabelled)
		fmt.Fprintf(os.Stderr, "%s %s identical ones: no tree does better than %.1f%% (%d/%d)\n",
			plural.Count(n, "row"), plural.Pick(n, "contradicts", "contradict"), 100*float64(best)/float64(len(got)), best, len(got))
	}
	return nil
}

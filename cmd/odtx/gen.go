package main

import (
	"context"
	"errors"

	"github.com/odtx/odtx/gen"
	"github.com/urfave/cli/v3"
)

func genCommand() *cli.Command {
	return &cli.Command{
		Name:  "gen",
		Usage: "write an artificial dataset: distinct random binary rows labelled by a random tree, as in the paper, or with --numeric a table of numbers",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "depth", Usage: "depth of the random tree that labels the rows", Required: true},
			&cli.IntFlag{Name: "features", Usage: "number of binary features (at least the depth, at most 62), or with --numeric of columns of numbers", Required: true},
			&cli.IntFlag{Name: "classes", Value: 2, Usage: "number of classes"},
			&cli.IntFlag{Name: "rows", Usage: "number of rows: distinct binary rows, at most the 2^features there are (more is an error), or with --numeric any number, written as drawn", Required: true},
			&cli.FloatFlag{Name: "noise", Usage: "fraction of the rows, 0 to 1, given another class at random than the tree's (data for --max-depth)"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "seed of the random generator; the same flags give the same file"},
			&cli.BoolFlag{Name: "numeric", Usage: "columns of numbers of [0, 1) drawn at random, labelled by a random tree of tests x <= t"},
			&cli.IntFlag{Name: "decimals", Value: 4, Usage: "with --numeric, the decimal places of the numbers, 1 to 9: a column has at most 10^decimals values"},
			outputFlag("the data"),
		},
		Action: generate,
	}
}

func generate(_ context.Context, cmd *cli.Command) error {
	if cmd.NArg() != 0 {
		return errors.New("gen takes no arguments, only flags")
	}
	if cmd.Bool("numeric") {
		p := gen.Numeric{
			Depth:    cmd.Int("depth"),
			Columns:  cmd.Int("features"),
			Classes:  cmd.Int("classes"),
			Rows:     cmd.Int("rows"),
			Decimals: cmd.Int("decimals"),
			Noise:    cmd.Float("noise"),
			Seed:     cmd.Uint64("seed"),
		}
		if err := p.Check(); err != nil {
			return err // already says "gen: ..."
		}
		return emitWith(cmd.String(flagOutput), p.Write)
	}
	if cmd.IsSet("decimals") {
		return errors.New("gen: --decimals is for --numeric tables")
	}
	data, err := gen.CSV(gen.Params{
		Depth:    cmd.Int("depth"),
		Features: cmd.Int("features"),
		Classes:  cmd.Int("classes"),
		Rows:     cmd.Int("rows"),
		Noise:    cmd.Float("noise"),
		Seed:     cmd.Uint64("seed"),
	})
	if err != nil {
		return err // already says "gen: ..."
	}
	return emit(cmd.String(flagOutput), data)
}

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
		Usage: "write an artificial dataset as in the paper: distinct random rows labelled by a random tree",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "depth", Usage: "depth of the random tree that labels the rows", Required: true},
			&cli.IntFlag{Name: "features", Usage: "number of binary features (at least the depth, at most 62)", Required: true},
			&cli.IntFlag{Name: "classes", Value: 2, Usage: "number of classes"},
			&cli.IntFlag{Name: "rows", Usage: "number of distinct rows (all 2^features if fewer)", Required: true},
			&cli.FloatFlag{Name: "noise", Usage: "fraction of the rows, 0 to 1, given another class at random than the tree's (data for --max-depth)"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "seed of the random generator; the same flags give the same file"},
			outputFlag("the data"),
		},
		Action: generate,
	}
}

func generate(_ context.Context, cmd *cli.Command) error {
	if cmd.NArg() != 0 {
		return errors.New("gen takes no arguments, only flags")
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

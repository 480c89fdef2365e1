package main

import (
	"bytes"
	"context"
	"fmt"
	"os"

	"github.com/odtx/odtx/tree"
	"github.com/urfave/cli/v3"
)

func drawCommand() *cli.Command {
	return &cli.Command{
		Name:      "draw",
		Usage:     "draw a tree written by learn --format json as an SVG picture (no Graphviz needed)",
		ArgsUsage: "TREE.json (- for stdin)",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the picture to this file instead of stdout"},
		},
		Action: draw,
	}
}

func draw(_ context.Context, cmd *cli.Command) error {
	if cmd.NArg() != 1 {
		return usage(cmd, fmt.Errorf("draw wants one tree file, got %d arguments", cmd.NArg()))
	}
	path := cmd.Args().First()
	if err := notOverInput(cmd, path); err != nil {
		return err
	}
	f := os.Stdin
	if path != "-" {
		if err := notDir(path); err != nil {
			return err
		}
		var err error
		if f, err = os.Open(path); err != nil {
			return err
		}
		defer f.Close()
	}
	t, err := tree.ReadJSON(f)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	var out bytes.Buffer
	if err := t.WriteSVG(&out); err != nil {
		return err
	}
	return emit(cmd.String("output"), out.Bytes())
}

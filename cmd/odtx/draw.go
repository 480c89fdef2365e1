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
		Usage:     "draw a tree written by learn --format json as an SVG picture (no Graphviz needed), a Graphviz digraph or text",
		ArgsUsage: "TREE.json (- for stdin)",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "format", Value: "svg", Usage: "svg, dot or text, as learn --format writes them"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the picture to this file instead of stdout"},
		},
		Action: draw,
	}
}

func draw(_ context.Context, cmd *cli.Command) error {
	if cmd.NArg() != 1 {
		return usage(cmd, fmt.Errorf("draw wants one tree file, got %d arguments", cmd.NArg()))
	}
	write, err := writer(cmd.String("format"))
	if err != nil {
		return usage(cmd, err)
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
	if err := write(t, &out, tree.Meta{}); err != nil {
		return err
	}
	return emit(cmd.String("output"), out.Bytes())
}

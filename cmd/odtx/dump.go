package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/odtx/odtx/certify"
	"github.com/odtx/odtx/orchestrate"
	"github.com/urfave/cli/v3"
)

func dumpCommand() *cli.Command {
	return &cli.Command{
		Name:      "dump",
		Usage:     "write the CNF of one query (trees of depth K, at most N nodes) in DIMACS, with comments naming the variables",
		ArgsUsage: "DATA.csv (- for stdin)",
		Flags: append([]cli.Flag{
			&cli.IntFlag{Name: "depth", Usage: "depth K of the trees encoded", Required: true},
			&cli.IntFlag{Name: "nodes", Usage: "allow at most N nodes (0: no bound)"},
			&cli.StringFlag{Name: "examples", Value: "all", Usage: "all: every row; used: the rows a learn run encodes"},
			outputFlag("the formula"),
		}, dataFlags()...),
		Action: dump,
	}
}

func dump(ctx context.Context, cmd *cli.Command) error {
	k, nodes := int(cmd.Int("depth")), int(cmd.Int("nodes"))
	if k < 0 || nodes < 0 {
		return errors.New("--depth and --nodes must not be negative")
	}
	if err := notOverInput(cmd, cmd.Args().First()); err != nil {
		return err
	}
	opt, err := dataOptions(cmd)
	if err != nil {
		return err
	}
	ds, _, err := loadData(ctx, cmd, opt, time.Time{})
	if err != nil {
		return interrupted(ctx, err)
	}
	var examples []int
	switch cmd.String("examples") {
	case "all":
		for i := range ds.Examples {
			examples = append(examples, i)
		}
	case "used":
		mode := orchestrate.Depth
		if nodes > 0 {
			mode = orchestrate.Size
		}
		// The rows a SAT run encoded make a formula that proves its bound.
		ctx, cancel := withTimeout(ctx, cmd)
		defer cancel()
		res, err := runLearn(ctx, cmd, ds, orchestrate.SAT, mode, orchestrate.Budget{})
		if err != nil {
			return err
		}
		examples = res.Used
	default:
		return fmt.Errorf("unknown --examples %q (want all or used)", cmd.String("examples"))
	}

	var out bytes.Buffer
	if err := certify.WriteCNF(&out, ds, certify.Claim{Depth: k, MaxNodes: nodes, Examples: examples}); err != nil {
		return err
	}
	return emit(cmd.String(flagOutput), out.Bytes())
}

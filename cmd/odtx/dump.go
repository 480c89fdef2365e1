package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/dimacs"
	"github.com/odtx/odtx/encode"
	"github.com/odtx/odtx/orchestrate"
	"github.com/odtx/odtx/solver"
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
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to this file instead of stdout"},
		}, dataFlags()...),
		Action: dump,
	}
}

func dump(ctx context.Context, cmd *cli.Command) error {
	k, nodes := int(cmd.Int("depth")), int(cmd.Int("nodes"))
	if k < 0 || nodes < 0 {
		return errors.New("--depth and --nodes must not be negative")
	}
	ds, _, err := loadData(cmd)
	if err != nil {
		return err
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
		res, err := runLearn(ctx, cmd, ds, orchestrate.SAT, mode)
		if err != nil {
			return err
		}
		examples = res.Used
	default:
		return fmt.Errorf("unknown --examples %q (want all or used)", cmd.String("examples"))
	}

	var f solver.Formula
	enc := encode.New(&f, k, len(ds.Features), len(ds.Classes))
	for _, i := range examples {
		enc.AddExample(ds.Examples[i].Values, ds.Examples[i].Class)
	}
	if nodes > 0 {
		bound, err := enc.LeafBound((nodes + 1) / 2)
		if err != nil {
			return err
		}
		f.AddClause([]int{bound})
	}

	var out bytes.Buffer
	w := dimacs.NewWriter(&out)
	w.Comment(fmt.Sprintf("odtx dump of %s: trees of depth %d, %s, %d of %d examples", ds.Name, k, nodeBound(nodes), len(examples), len(ds.Examples)))
	for v := 1; v <= enc.Vars(); v++ {
		w.Comment(describe(ds, examples, v, enc.Describe(v)))
	}
	if err := w.Header(enc.Vars(), f.Len()); err != nil {
		return err
	}
	f.Write(w)
	if err := w.Flush(); err != nil { // the Writer's first error sticks
		return err
	}
	return emit(cmd.String("output"), out.Bytes())
}

func nodeBound(nodes int) string {
	if nodes == 0 {
		return "any number of nodes"
	}
	return "at most " + strconv.Itoa(nodes) + " nodes"
}

// describe names variable v for a comment line, in the data's own terms.
func describe(ds *dataset.Dataset, examples []int, v int, d encode.Var) string {
	s := fmt.Sprintf("var %d %s", v, d.Kind)
	switch d.Kind {
	case encode.KindF:
		return s + fmt.Sprintf(" node=%d feature=%q", d.Node, ds.Features[d.Feature].String())
	case encode.KindC:
		return s + fmt.Sprintf(" leaf=%d class=%q", d.Leaf, ds.Classes[d.Class])
	case encode.KindX:
		return s + fmt.Sprintf(" line=%d depth=%d", ds.Examples[examples[d.Example]].Line, d.Level)
	case encode.KindU:
		return s + fmt.Sprintf(" leaf=%d", d.Leaf)
	case encode.KindH:
		return s + fmt.Sprintf(" node=%d count>=%d", d.Node, d.Count)
	}
	return s
}

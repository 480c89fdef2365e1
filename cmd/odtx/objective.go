package main

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/plural"
	"github.com/odtx/odtx/orchestrate"
	"github.com/odtx/odtx/tree"
	"github.com/urfave/cli/v3"
)

// The flags of the min-error objective, which learn and cv declare.
const (
	flagMaxDepth    = "max-depth"
	flagMaxBranches = "max-branching-nodes"
	flagCost        = "complexity-cost"
	flagAnySize     = "any-size"
	flagMinLeaf     = "min-leaf"
)

// objectiveFlags are the flags that ask for the fewest training errors
// within a budget rather than for a tree without any.
func objectiveFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: flagMaxDepth, Usage: "learn the tree of depth at most `D` with the fewest training errors, then the fewest nodes (rows with equal features and different labels are fine); without it, the tree of least depth with no training error"},
		&cli.IntFlag{Name: flagMaxBranches, Usage: "with --max-depth, at most `N` branching nodes (as STreeD and MurTree count them: the tree then has at most 2N+1 nodes in all)"},
		&cli.FloatFlag{Name: flagCost, Usage: "with --max-depth, each branching node costs `A` × rows training errors (as ConTree and STreeD define it): the least errors plus cost"},
		&cli.StringFlag{Name: flagTask, Value: "classification", Usage: "classification, or regression: with --max-depth, the tree of least sum of squared errors on a numeric label, each leaf predicting the mean of its rows"},
		&cli.BoolFlag{Name: flagAnySize, Usage: "with --max-depth, a tree of the fewest errors of any size, as STreeD, MurTree and ConTree give by default: the fewest nodes among those trees, which can take longer to prove than the errors, are not searched"},
		&cli.FloatFlag{Name: flagMinLeaf, Usage: "with --max-depth, every leaf holds at least `N` training rows (with --weight or --class-weight, that much weight), as scikit-learn's min_samples_leaf and STreeD's -min-leaf-node-size (a tree that is a single leaf needs none)"},
	}
}

// parseObjective returns the mode and budget the --mode and objective flags ask
// for: --max-depth means the errors mode. Its value is a depth, or for cv
// a range of them, A-B, returned in depths; the budget then has the first.
func parseObjective(cmd *cli.Command) (mode orchestrate.Mode, b orchestrate.Budget, depths []int, err error) {
	defer func() { err = usage(cmd, err) }()
	if !cmd.IsSet(flagMaxDepth) {
		for _, f := range []string{flagMaxBranches, flagCost, flagAnySize, flagMinLeaf} {
			if cmd.IsSet(f) {
				return 0, b, nil, fmt.Errorf("--%s goes with --max-depth: give --max-depth too", f)
			}
		}
		mode, err := orchestrate.ParseMode(cmd.String("mode"))
		if err == nil && mode == orchestrate.Errors {
			err = errors.New("--mode errors needs --max-depth")
		}
		return mode, b, nil, err
	}
	if cmd.IsSet("mode") && cmd.String("mode") != orchestrate.Errors.String() {
		return 0, b, nil, fmt.Errorf("--mode %s asks for a tree without training errors, --max-depth for the fewest within a depth: give one", cmd.String("mode"))
	}
	if cmd.String("certify") != "" && cmd.IsSet(flagCost) {
		return 0, b, nil, errors.New("--certify proves the fewest errors, not errors plus a cost: it does not take --complexity-cost")
	}
	if cmd.String("certify") != "" && cmd.Float(flagMinLeaf) > 1 {
		return 0, b, nil, errors.New("--certify proves the fewest errors of any tree, which knows no leaf size: it does not take --min-leaf")
	}
	if cmd.IsSet(flagConflicts) {
		return 0, b, nil, errors.New("--conflicts is for trees without training errors: with --max-depth every row counts as it is")
	}
	if depths, err = depthRange(cmd.String(flagMaxDepth)); err != nil {
		return 0, b, nil, err
	}
	b = orchestrate.Budget{MaxDepth: depths[0], MaxBranches: cmd.Int(flagMaxBranches), Cost: cmd.Float(flagCost), AnySize: cmd.Bool(flagAnySize), MinLeaf: cmd.Float(flagMinLeaf)}
	if cmd.IsSet(flagMaxBranches) && b.MaxBranches < 1 {
		return 0, b, nil, fmt.Errorf("--max-branching-nodes %d: want at least 1 branching node", b.MaxBranches)
	}
	if cmd.IsSet(flagMinLeaf) && !(b.MinLeaf > 0 && b.MinLeaf <= math.MaxInt32) {
		return 0, b, nil, fmt.Errorf("--min-leaf %v: want more than 0 rows (or weight) a leaf", b.MinLeaf)
	}
	return orchestrate.Errors, b, depths, b.Validate()
}

// depthRange reads a --max-depth: a depth D, or a range A-B of them.
func depthRange(s string) ([]int, error) {
	lo, hi, isRange := strings.Cut(s, "-")
	a, err := strconv.Atoi(lo)
	b := a
	if err == nil && isRange {
		b, err = strconv.Atoi(hi)
	}
	switch {
	case err != nil || lo == "":
		return nil, fmt.Errorf("--max-depth %q: want a depth (0 is a single leaf) or a range such as 1-6", s)
	case b < a:
		return nil, fmt.Errorf("--max-depth %q: the range ends below its start", s)
	case b > maxDepth:
		return nil, fmt.Errorf("--max-depth %q: want depths of at most %d", s, maxDepth)
	}
	var depths []int
	for d := a; d <= b; d++ {
		depths = append(depths, d)
	}
	return depths, nil
}

// maxDepth is the deepest --max-depth: a perfect tree of that depth already
// has more leaves than any table odtx reads has rows.
const maxDepth = 40

// errorsMeta adds to meta what a search in the errors mode found and
// proved on ds.
func errorsMeta(meta *tree.Meta, res *orchestrate.Result, b orchestrate.Budget, ds *dataset.Dataset) {
	meta.Budget = &tree.Budget{MaxDepth: b.MaxDepth, MaxBranches: b.MaxBranches, ComplexityCost: b.Cost, AnySize: b.AnySize, MinLeaf: b.MinLeaf}
	meta.TrainingErrors = &res.WrongRows
	meta.Bound = tree.Bound{Errors: &res.MinErrors}
	if ds.Weights != nil {
		loss, bound := weighed(ds, float64(res.Errors)), weighed(ds, float64(res.MinErrors))
		meta.TrainingLoss = &loss
		meta.Bound = tree.Bound{Loss: &bound}
	}
	if b.Cost > 0 {
		objective, bound := weighed(ds, res.Objective), weighed(ds, res.MinObjective)
		meta.Objective = &objective
		meta.Bound = tree.Bound{Objective: &bound}
	}
}

// weighed returns errors, or a cost in errors, in the units of ds's
// weights as given: unchanged without weights.
func weighed(ds *dataset.Dataset, errs float64) float64 {
	if ds.Weights == nil {
		return errs
	}
	return errs / ds.WeightScale
}

// within says what a tree of ds is optimal within: a depth, a budget of
// branching nodes and a least leaf, in rows or weight (0 for none).
func within(depth, branches int, minLeaf float64, ds *dataset.Dataset) string {
	w := fmt.Sprintf("depth <= %d", depth)
	if branches > 0 {
		w += " and " + plural.Count(branches, "branching node")
	}
	switch {
	case minLeaf > 0 && ds.Weights != nil:
		w += fmt.Sprintf(", leaves of weight >= %g", minLeaf)
	case minLeaf > 1:
		w += fmt.Sprintf(", leaves of >= %g rows", minLeaf)
	}
	return w
}

// errorsSummary is the summary line of a search in the errors mode on ds,
// which took as long as took.
func errorsSummary(res *orchestrate.Result, b orchestrate.Budget, ds *dataset.Dataset, certified bool, took time.Duration) string {
	found, what := plural.Count(res.WrongRows, "training error"), "errors"
	if ds.Weights != nil {
		found += fmt.Sprintf(" of weight %.6g", weighed(ds, float64(res.Errors)))
		what = "weight of errors"
	}
	if b.Cost > 0 {
		found += fmt.Sprintf(", cost %.6g", weighed(ds, res.Objective))
		what = "cost"
	}
	proof := "proven by " + res.ProvenBy.Errors
	if b.AnySize {
		proof += ", nodes not minimized"
	}
	if certified {
		proof += ", certified"
	}
	return fmt.Sprintf("odtx: depth %d, %s, %s; %s optimal within %s, %s; engine %s, %.2f s",
		res.Root.Depth(), plural.Count(res.Root.Nodes(), "node"), found, what, within(b.MaxDepth, b.MaxBranches, b.MinLeaf, ds), proof, res.Engine, took.Seconds())
}

// errorsGap says how far a search in the errors mode on ds stopped from a
// proof: its tree's errors (or their weight, or its cost) and the proven
// bound.
func errorsGap(res *orchestrate.Result, b orchestrate.Budget, ds *dataset.Dataset) string {
	switch {
	case b.Cost > 0:
		return fmt.Sprintf("cost %.6g, proven >= %.6g", weighed(ds, res.Objective), weighed(ds, res.MinObjective))
	case ds.Weights != nil:
		loss, bound := weighed(ds, float64(res.Errors)), weighed(ds, float64(res.MinErrors))
		return fmt.Sprintf("training errors of weight %.6g, proven >= %.6g: gap %.6g", loss, bound, loss-bound)
	case res.Errors == res.MinErrors && !b.AnySize:
		// The errors are settled; what is left is the fewest nodes.
		return plural.Count(res.Errors, "training error") + ", proven least; the fewest nodes with them not proven"
	}
	return fmt.Sprintf("%s, proven >= %d: gap %d", plural.Count(res.Errors, "training error"), res.MinErrors, res.Errors-res.MinErrors)
}

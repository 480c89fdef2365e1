package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/orchestrate"
	"github.com/urfave/cli/v3"
)

// dataFlags are the flags that say how to read a dataset.
func dataFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "label", Usage: "label column (default: the last column)"},
		&cli.StringFlag{Name: "split", Value: "threshold", Usage: "numeric columns as threshold (col <= v) or eq (col == v) tests"},
		&cli.StringFlag{Name: flagConflicts, Value: "error", Usage: "identical rows with different labels: error, or majority (each group takes its most frequent label; the tree then errs on the others, the fewest errors any tree makes)"},
	}
}

// weightFlags are the flags that weigh rows, for the commands that learn.
func weightFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "weight", Usage: "a column of row weights (finite numbers >= 0, not a feature): --max-depth then minimizes the weight of the errors, and majority weighs the labels"},
		&cli.StringFlag{Name: "class-weight", Usage: "weigh each row by its class too: balanced (n / (classes * rows of the class)) or class=weight pairs, such as yes=3,no=1"},
	}
}

// request is what the flags of a command that learns (learn, cv) ask
// for, parsed and checked once, before any data is read.
type request struct {
	mode   orchestrate.Mode
	budget orchestrate.Budget
	depths []int           // --max-depth's range; the budget has the first
	data   dataset.Options // how to read and binarize the data
	engine orchestrate.Engine
}

// parseRequest returns what the objective, data and engine flags of cmd
// ask for.
func parseRequest(cmd *cli.Command) (r request, err error) {
	if r.mode, r.budget, r.depths, err = parseObjective(cmd); err != nil {
		return r, err
	}
	if r.data, err = dataOptions(cmd); err != nil {
		return r, err
	}
	r.engine, err = engine(cmd)
	return r, err
}

// dataOptions returns the binarization the data flags ask for.
func dataOptions(cmd *cli.Command) (dataset.Options, error) {
	opt := dataset.Options{Label: cmd.String("label")}
	var err error
	if opt.Split, err = dataset.ParseSplit(cmd.String("split")); err != nil {
		return dataset.Options{}, usage(cmd, err)
	}
	if opt.Conflicts, err = conflicts(cmd); err != nil {
		return dataset.Options{}, err
	}
	opt.Weight = cmd.String("weight")
	if cmd.IsSet("class-weight") {
		if opt.ClassWeight, err = dataset.ParseClassWeight(cmd.String("class-weight")); err != nil {
			return dataset.Options{}, usage(cmd, fmt.Errorf("--class-weight: %w", err))
		}
	}
	return opt, nil
}

// conflicts returns the treatment of contradictory rows --conflicts names:
// error or majority, as the exact engines' trees classify every example.
func conflicts(cmd *cli.Command) (_ dataset.Conflicts, err error) {
	defer func() { err = usage(cmd, err) }()
	if cmd.IsSet(flagMaxDepth) {
		// The errors mode counts every record as it is.
		return dataset.Count, nil
	}
	c, err := dataset.ParseConflicts(cmd.String(flagConflicts))
	if err == nil && c == dataset.Count {
		err = errors.New("--conflicts count keeps contradictory rows, which no consistent tree classifies: want error or majority")
	}
	return c, err
}

// engine returns the engine --engine names. Naming a SAT back end with
// --solver or --portfolio, or asking for a --trace of its calls, means the
// SAT engine unless --engine is given too.
func engine(cmd *cli.Command) (_ orchestrate.Engine, err error) {
	defer func() { err = usage(cmd, err) }()
	e, err := orchestrate.ParseEngine(cmd.String(flagEngine))
	if err != nil {
		return 0, err
	}
	sat := cmd.IsSet(flagSolver) || cmd.IsSet(flagPortfolio) || cmd.String(flagTrace) != ""
	switch {
	case !cmd.IsSet(flagEngine) && sat:
		return orchestrate.SAT, nil
	case e != orchestrate.Auto && e != orchestrate.SAT && cmd.String(flagTrace) != "":
		return 0, fmt.Errorf("--trace records SAT solver calls, and the %v engine makes none", e)
	}
	return e, nil
}

// interrupted turns an error that says the command's context was
// cancelled, which Ctrl-C and SIGTERM do, into the exit the signal asks for
// (130 or 143), whatever the command was doing; other errors pass
// unchanged.
func interrupted(ctx context.Context, err error) error {
	if errors.Is(err, context.Canceled) {
		return stopped(ctx, "")
	}
	return err
}

// withTimeout returns ctx limited to the --timeout, if one is set.
func withTimeout(ctx context.Context, cmd *cli.Command) (context.Context, context.CancelFunc) {
	if d := cmd.Duration(flagTimeout); d > 0 {
		return context.WithTimeout(ctx, d)
	}
	return ctx, func() {}
}

// formerName is a flag's name before it was renamed to name: hidden from
// the help, it keeps command lines written before the rename working, with
// a note on stderr saying the name to use. renamedString reads the two.
func formerName(former, name string) *cli.StringFlag {
	return &cli.StringFlag{Name: former, Hidden: true, Local: true, Deprecated: "use --" + name}
}

// renamedString returns the value of the string flag name, or of its
// former name if that is the one given.
func renamedString(cmd *cli.Command, name, former string) string {
	if !cmd.IsSet(name) && cmd.IsSet(former) {
		return cmd.String(former)
	}
	return cmd.String(name)
}

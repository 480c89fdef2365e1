// Command odtx learns provably optimal decision trees with SAT solvers.
//
// Usage:
//
//	odtx [--solver NAME] [--timeout D] learn [--mode depth|size] DATA.csv
//	odtx predict --tree TREE.json DATA.csv
//
// Run odtx --help for every command and flag.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"syscall"

	"github.com/odtx/odtx/backend"
	"github.com/urfave/cli/v3"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := app().Run(ctx, os.Args)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "odtx:", err)
		var e exitError
		if errors.As(err, &e) {
			os.Exit(e.code)
		}
		os.Exit(1)
	}
}

// exitError is an error that asks for an exit code other than 1.
type exitError struct {
	code int
	err  error
}

func (e exitError) Error() string { return e.err.Error() }
func (e exitError) Unwrap() error { return e.err }

func app() *cli.Command {
	root := &cli.Command{
		Name:  "odtx",
		Usage: "learn provably optimal decision trees with SAT solvers and dynamic programming",
		Flags: []cli.Flag{
			&cli.StringFlag{
				Name:  "engine",
				Value: "auto",
				Usage: "exact method: sat (the paper's SAT encoding), dp (dynamic programming over example sets) or auto (per dataset, the one measured faster for its kind); --solver alone means sat",
			},
			&cli.StringFlag{
				Name:  "solver",
				Value: backend.Default,
				Usage: "SAT back end: " + strings.Join(backend.Names(), ", "),
			},
			&cli.StringFlag{
				Name:  "portfolio",
				Usage: "race these back ends (comma-separated) on every call and take the first answer",
			},
			&cli.DurationFlag{
				Name:  "timeout",
				Usage: "stop after this long (e.g. 30s, 5m) with the best tree found, exit code 2; 0 means no limit",
			},
			&cli.IntFlag{
				Name:  "jobs",
				Value: runtime.NumCPU(),
				Usage: "depths probed (or folds run) at once",
			},
			&cli.BoolFlag{
				Name:    "quiet",
				Aliases: []string{"q"},
				Usage:   "no progress on stderr",
			},
		},
		Commands: []*cli.Command{learnCommand(), predictCommand(), verifyCommand(), dumpCommand(), cvCommand(), genCommand(), benchCommand()},
		// Errors are printed once, by main, as one line.
		ExitErrHandler: func(context.Context, *cli.Command, error) {},
	}
	for _, c := range append(root.Commands, root) {
		c.OnUsageError = usageError
	}
	return root
}

// oneArg returns the one argument a command takes: the data file.
func oneArg(cmd *cli.Command) (string, error) {
	if cmd.NArg() != 1 {
		return "", fmt.Errorf("%s wants one data file, got %d arguments", cmd.Name, cmd.NArg())
	}
	return cmd.Args().First(), nil
}

// usageError keeps a usage error to one line; --help shows the usage.
func usageError(_ context.Context, cmd *cli.Command, err error, _ bool) error {
	return fmt.Errorf("%w (see odtx %s --help)", err, cmd.Name)
}

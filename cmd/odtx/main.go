// Command odtx learns provably optimal decision trees with SAT solvers and
// dynamic programming.
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
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"github.com/odtx/odtx/backend"
	"github.com/odtx/odtx/orchestrate"
	"github.com/urfave/cli/v3"
)

func main() {
	// A command's own "unknown command" error, rather than cli's "No help
	// topic", for odtx help NAME and odtx NAME alike.
	cli.ShowCommandHelp = func(ctx context.Context, cmd *cli.Command, name string) error {
		if cmd.Command(name) == nil {
			return fmt.Errorf("unknown command %q (see %s --help)", name, cmd.FullName())
		}
		return cli.DefaultShowCommandHelp(ctx, cmd, name)
	}
	if err := app().Run(signalContext(), os.Args); err != nil {
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

// signalError is why the context of a command ended: a signal to stop.
type signalError struct{ sig syscall.Signal }

func (e signalError) Error() string {
	switch e.sig {
	case syscall.SIGTERM:
		return "terminated"
	case syscall.SIGHUP:
		return "hung up"
	}
	return "interrupted"
}

// signalContext returns a context that SIGINT, SIGTERM or SIGHUP (the
// terminal or ssh session closed) ends, with a signalError as its cause.
// A second signal changes nothing: the first one's cleanup goes on. It
// listens until odtx exits: to stop listening would cost the runtime a
// round trip per signal to the thread that keeps signal masks, at every
// exit, for nothing.
func signalContext() context.Context {
	ctx, cancel := context.WithCancelCause(context.Background())
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	go func() {
		sig := <-signals
		cancel(signalError{sig.(syscall.Signal)})
	}()
	return ctx
}

// stopped returns the error of a command that a signal stopped, ending
// ctx: what the signal did, then detail if any, with the exit code a shell
// gives a process the signal killed, 128 plus the signal's number.
func stopped(ctx context.Context, detail string) error {
	s := signalError{syscall.SIGINT}
	errors.As(context.Cause(ctx), &s)
	msg := s.Error()
	if detail != "" {
		msg += " " + detail
	}
	return exitError{code: 128 + int(s.sig), err: errors.New(msg)}
}

// exitCodes ends odtx --help: what a script can tell from the exit code.
const exitCodes = `
EXIT CODES:
   0    success
   1    error, said in one line on stderr
   2    --timeout reached: learn still writes the best tree it found
   129  hung up (SIGHUP: the terminal closed)
   130  interrupted (SIGINT, Ctrl-C)
   143  terminated (SIGTERM)
`

// version is the version of the odtx module this binary was built from:
// its tag for a go install of a release, a pseudo-version for a build from
// a git checkout, else "(devel)".
func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}

// Flag names that more than one file reads: the global flags, which app
// declares for every command; --trace, which learn declares and the shared
// helpers read; and --conflicts, which dataFlags and predict declare and
// learn reads too. A command's other flags are read only beside their
// declaration, by their names.
const (
	flagEngine    = "engine"
	flagSolver    = "solver"
	flagPortfolio = "portfolio"
	flagTimeout   = "timeout"
	// flagJobs is checked once, by its Validator, so that every command
	// reads cmd.Int(flagJobs) as it is: at least 1.
	flagJobs      = "jobs"
	flagQuiet     = "quiet"
	flagTrace     = "trace"
	flagConflicts = "conflicts"
)

// app returns odtx's command line.
func app() *cli.Command {
	root := &cli.Command{
		Name:  "odtx",
		Usage: "learn provably optimal decision trees with SAT solvers and dynamic programming",
		Flags: []cli.Flag{
			&cli.StringFlag{
				Name:  flagEngine,
				Value: "auto",
				Usage: engineUsage(),
			},
			&cli.StringFlag{
				Name:  flagSolver,
				Usage: "SAT back end: " + strings.Join(backend.Names(), ", ") + " (default: " + backend.PreferredRule() + ")",
			},
			&cli.StringFlag{
				Name:  flagPortfolio,
				Usage: "race these back ends (comma-separated) on every call and take the first answer",
			},
			&cli.DurationFlag{
				Name:  flagTimeout,
				Usage: "stop after this long (e.g. 30s, 5m) with the best tree found, exit code 2; 0 means no limit",
				Validator: func(d time.Duration) error {
					if d < 0 {
						return errors.New("want a duration of 0 (no limit) or more")
					}
					return nil
				},
			},
			&cli.IntFlag{
				Name:  flagJobs,
				Value: runtime.NumCPU(),
				Usage: "solvers run at once: the depths a search probes together (learn, bench), or the folds (cv)",
				Validator: func(n int) error {
					if n < 1 {
						return errors.New("want at least 1")
					}
					return nil
				},
			},
			&cli.BoolFlag{
				Name:    flagQuiet,
				Aliases: []string{"q"},
				Usage:   "no progress on stderr",
			},
			memoryFlag(),
			parentFlag(),
		},
		Commands: []*cli.Command{learnCommand(), predictCommand(), drawCommand(), verifyCommand(), dumpCommand(), cvCommand(), genCommand(), benchCommand()},
		Version:  version(),
		// Global flags that exclude each other, checked once for every
		// command, and the watch that --parent asks for.
		Before: func(ctx context.Context, cmd *cli.Command) (context.Context, error) {
			if cmd.IsSet(flagSolver) && cmd.IsSet(flagPortfolio) {
				return ctx, errors.New("--solver and --portfolio both name the back end: give one (a portfolio may include the solver)")
			}
			limitMemory(cmd)
			if cmd.IsSet(flagParent) {
				return watchParent(ctx, cmd.Int(flagParent))
			}
			return ctx, nil
		},
		CustomRootCommandHelpTemplate: cli.RootCommandHelpTemplate + exitCodes,
		// Errors are printed once, by main, as one line.
		ExitErrHandler: func(context.Context, *cli.Command, error) {},
	}
	for _, c := range append(root.Commands, root) {
		c.OnUsageError = usageError
	}
	return root
}

// engineUsage is the help of --engine, from the engines' own lines.
func engineUsage() string {
	var b strings.Builder
	b.WriteString("exact method:")
	for i, e := range orchestrate.Engines() {
		if i > 0 {
			b.WriteString(";")
		}
		fmt.Fprintf(&b, " %v (%s)", e, e.About())
	}
	b.WriteString("; --solver alone means sat")
	return b.String()
}

// oneArg returns the one argument a command takes: the data file.
func oneArg(cmd *cli.Command) (string, error) {
	if cmd.NArg() != 1 {
		return "", usage(cmd, fmt.Errorf("%s wants one data file, got %d arguments", cmd.Name, cmd.NArg()))
	}
	path := cmd.Args().First()
	if path == "-" {
		return path, nil // stdin
	}
	return path, notDir(path)
}

// notDir fails for a path that names a directory where a file is wanted,
// saying so once: reading it would fail deeper, naming the path twice.
func notDir(path string) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("%s is a directory", path)
	}
	return nil
}

// usageError keeps a usage error of cli's to one line; --help shows the
// usage.
func usageError(_ context.Context, cmd *cli.Command, err error, _ bool) error {
	return usage(cmd, err)
}

// usage returns err, an error in the command line of cmd, naming the help
// to read, or nil if err is nil.
func usage(cmd *cli.Command, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%w (see %s --help)", err, cmd.FullName())
}

package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/odtx/odtx/backend"
	"github.com/odtx/odtx/bench"
	"github.com/odtx/odtx/bench/report"
	"github.com/odtx/odtx/internal/plural"
	"github.com/odtx/odtx/objective"
	"github.com/odtx/odtx/orchestrate"
	"github.com/urfave/cli/v3"
)

func benchCommand() *cli.Command {
	merge := &cli.Command{
		Name:         "merge",
		Usage:        "render the tables (and charts) of JSONL records, such as those of the shards of a sweep",
		ArgsUsage:    "FILES.jsonl...",
		Flags:        reportFlags(),
		Action:       mergeBench,
		OnUsageError: usageError,
	}
	job := &cli.Command{
		Name:   "job",
		Usage:  "run the job given as JSON on stdin and write its record to stdout (how a sweep runs each job)",
		Hidden: true,
		Action: benchJob,
	}
	return &cli.Command{
		Name:  "bench",
		Usage: "run the paper's benchmarks and show each figure beside the paper's",
		Description: "Suites: " + suiteHelp() + " or all. The global --timeout limits each job, " +
			"and a job that fails or runs out of time is a row that says so. " +
			"The records go to DIR/results.jsonl (results-IofN.jsonl for a shard), the tables to stdout and DIR/results.FORMAT.",
		ArgsUsage: "SUITE",
		// Local: merge has flags of its own and takes none of these.
		Flags: append([]cli.Flag{
			&cli.StringFlag{
				Name:    "data",
				Value:   filepath.Join("..", "shared", "data"),
				Usage:   "directory of the datasets, with the train/test splits in DIR/splits",
				Sources: cli.EnvVars("ODTX_DATA"),
				Local:   true,
			},
			&cli.StringFlag{Name: "compare", Local: true, Usage: "back ends to compare, comma-separated, on the SAT engine (a+b races a and b), or the engines dp and auto (default: the --engine if dp or auto, else --solver or the --portfolio race)"},
			formerName("solvers", "compare"),
			&cli.IntFlag{Name: "runs", Value: 1, Local: true, Usage: "repetitions of every job, averaged"},
			&cli.StringFlag{Name: "files", Local: true, Usage: "datasets to run, comma-separated, relative to --data or absolute, or generated as a gen --numeric command line says, for the suites that take files (minerror: default the DL8 files; anytime: a generated table of 200,000 rows; regression: default the tables scripts/regression-data.py writes)"},
			&cli.StringFlag{Name: flagMaxDepth, Local: true, Usage: "depth bounds to run, a depth or a range such as 2-5, for the suites that take them (minerror, anytime, regression)"},
			&cli.StringFlag{Name: "streed", Local: true, Usage: "STreeD's binary, to run beside odtx where a suite can (minerror, anytime, regression)"},
			&cli.StringFlag{Name: "streed-nodes", Local: true, Usage: "STreeD's binary, to run led to odtx's answer of fewest errors then fewest nodes (bisecting its -max-num-nodes) where a suite can (minerror)"},
			&cli.StringFlag{Name: "contree", Local: true, Usage: "ConTree's binary, to run beside odtx where a suite can (minerror, anytime)"},
			&cli.BoolFlag{Name: flagAnySize, Local: true, Usage: "odtx's trees of the fewest errors of any size (learn --any-size), the question STreeD and ConTree answer by default, where a suite can (minerror, anytime)"},
			&cli.StringFlag{Name: "off", Local: true, Usage: "switch these techniques of odtx's engines off (comma-separated: " + strings.Join(objective.TechniqueNames(), ", ") + "), for an ablation, where a suite can (minerror, anytime)"},
			&cli.StringFlag{Name: "shard", Local: true, Usage: "run only every n-th job from the i-th on (i/n, from 1/n to n/n), for a job array; join the records with bench merge"},
		}, reportFlags()...),
		Commands: []*cli.Command{merge, job},
		Action:   runBench,
	}
}

// suiteHelp lists the suites, each with what it measures.
func suiteHelp() string {
	var parts []string
	for _, s := range bench.Suites {
		parts = append(parts, fmt.Sprintf("%s (%s)", s.Name, s.About))
	}
	return strings.Join(parts, ", ")
}

// reportFlags are the flags that say where tables go, for bench and for
// merge.
func reportFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "format", Value: "md", Local: true, Usage: "format of the tables: " + strings.Join(report.Formats, ", ")},
		// Not bench/results, whose dated runs are committed: a run in the
		// repository root must leave them alone.
		&cli.StringFlag{Name: "out", Value: "odtx-bench", Local: true, Usage: "directory for the records, tables and charts"},
	}
}

func runBench(ctx context.Context, cmd *cli.Command) error {
	if cmd.NArg() != 1 {
		return fmt.Errorf("bench wants one suite (%s or all), got %d arguments", strings.Join(bench.SuiteNames(), ", "), cmd.NArg())
	}
	format := cmd.String("format")
	if err := report.CheckFormat(format); err != nil {
		return err
	}
	// The paper's suites run on gini unless a back end is named: the
	// records say which, and a run on one machine compares with another.
	solvers := []string{backend.Default}
	if names := solverNames(cmd); names != nil {
		solvers = []string{strings.Join(names, "+")}
	}
	// The paper's suites are the SAT engine's unless --engine says otherwise.
	if cmd.IsSet(flagEngine) {
		e, err := engine(cmd)
		if err != nil {
			return err
		}
		if e != orchestrate.SAT {
			solvers = []string{e.String()}
		}
	}
	if s := renamedString(cmd, "compare", "solvers"); s != "" {
		solvers = strings.Split(s, ",")
	}
	cfg, err := suiteConfig(cmd, solvers)
	if err != nil {
		return err
	}
	jobs, err := bench.Jobs(cmd.Args().First(), cfg)
	if err != nil {
		return err
	}
	stem := "results"
	if s := cmd.String("shard"); s != "" {
		i, n, err := bench.ParseShard(s)
		if err != nil {
			return err
		}
		jobs = bench.Shard(jobs, i, n)
		stem = fmt.Sprintf("results-%dof%d", i, n)
	}
	// Every solver must run here before any job starts.
	for _, s := range solvers {
		if _, err := bench.SearchOptions(s, orchestrate.Size, nil); err != nil {
			return err
		}
	}
	data := cmd.String("data")
	if err := checkData(data, jobs); err != nil {
		return err
	}
	runner := &bench.Runner{Data: data, Timeout: cmd.Duration(flagTimeout), Probes: cmd.Int(flagJobs), CacheBytes: cacheBytes(cmd, 1), Report: memberWarnings(), Machine: bench.ThisMachine()}
	self, err := os.Executable()
	if err != nil {
		return fmt.Errorf("find odtx to run each job in: %w", err)
	}
	// Each job runs alone, in a process of its own, under the same limit.
	job := []string{self, "-q"}
	if cmd.IsSet(flagMaxMemory) {
		job = append(job, "--"+flagMaxMemory, cmd.String(flagMaxMemory))
	}
	job = append(job, "bench", "job")
	child := &bench.ChildRunner{Runner: runner, Command: job, Stop: stopSignal,
		WarningPrefix: warningPrefix, Warnings: os.Stderr}
	dir := cmd.String("out")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	records, err := sweep(ctx, jobs, child.Run, filepath.Join(dir, stem+".jsonl"), cmd.Bool(flagQuiet))
	if err != nil {
		return err
	}
	if stem != "results" {
		// A shard's tables cover only its share of the jobs: show them,
		// but leave the files to bench merge.
		var out bytes.Buffer
		if err := report.WriteTables(&out, format, bench.Tables(records)); err != nil {
			return err
		}
		_, err := os.Stdout.Write(out.Bytes())
		return err
	}
	return writeReport(dir, format, records)
}

// sweep runs the jobs with runJob, writing each record to the JSONL file at
// path as it comes, with a bar over the jobs on a terminal unless quiet.
func sweep(ctx context.Context, jobs []bench.Job, runJob func(context.Context, bench.Job) bench.Record, path string, quiet bool) ([]bench.Record, error) {
	jsonl, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	defer jsonl.Close() // after the Close below, a harmless second one
	bar := jobProgress(len(jobs), quiet)
	run := func(ctx context.Context, j bench.Job) bench.Record {
		if bar != nil {
			bar.begin(j)
		}
		return runJob(ctx, j)
	}
	done := func(r bench.Record) error {
		if bar != nil {
			bar.end()
		}
		if err := bench.WriteRecord(jsonl, r); err != nil {
			return fmt.Errorf("write %s: %w", path, err)
		}
		return nil
	}
	records, err := bench.Execute(ctx, jobs, run, done)
	if bar != nil {
		bar.line.finish()
	}
	if cerr := jsonl.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("write %s: %w", path, cerr)
	}
	if errors.Is(err, context.Canceled) {
		return nil, stopped(ctx, fmt.Sprintf("after %d of %s, recorded in %s", len(records), plural.Count(len(jobs), "job"), path))
	}
	return records, err
}

// benchJob runs the job on stdin in this process, a bench sweep's child,
// and writes its record to stdout.
func benchJob(ctx context.Context, _ *cli.Command) error {
	return bench.ServeJob(ctx, os.Stdin, os.Stdout, memberWarnings())
}

// stopSignal is the signal that stops a bench job's process once ctx has
// ended: the one that stopped odtx, else SIGTERM, for the job's time limit.
func stopSignal(ctx context.Context) os.Signal {
	s := signalError{syscall.SIGTERM}
	errors.As(context.Cause(ctx), &s)
	return s.sig
}

func mergeBench(_ context.Context, cmd *cli.Command) error {
	if cmd.NArg() == 0 {
		return errors.New("bench merge wants the JSONL files to merge")
	}
	format := cmd.String("format")
	if err := report.CheckFormat(format); err != nil {
		return err
	}
	for _, path := range cmd.Args().Slice() {
		if err := notDir(path); err != nil {
			return err
		}
	}
	records, err := bench.ReadRecordFiles(cmd.Args().Slice()...)
	if err != nil {
		return err
	}
	dir := cmd.String("out")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return writeReport(dir, format, records)
}

// writeReport writes the tables of records to stdout and, with any charts,
// into dir: the rendering a run and a merge share.
func writeReport(dir, format string, records []bench.Record) error {
	files, err := report.Render(records, format)
	if err != nil {
		return err
	}
	for _, f := range files {
		if err := emit(filepath.Join(dir, f.Name), f.Data); err != nil {
			return err
		}
	}
	_, err = os.Stdout.Write(files[0].Data) // the tables
	return err
}

// checkData fails at once, rather than in every job, when jobs read
// datasets from a directory that is not there.
// suiteConfig returns what the suites run with: the back ends or engines
// of solvers, and the files, depth bounds and peers the flags give.
func suiteConfig(cmd *cli.Command, solvers []string) (bench.Config, error) {
	cfg := bench.Config{Solvers: solvers, Runs: cmd.Int("runs"), AnySize: cmd.Bool(flagAnySize)}
	if s := cmd.String("files"); s != "" {
		cfg.Files = strings.Split(s, ",")
	}
	if s := cmd.String(flagMaxDepth); s != "" {
		depths, err := depthRange(s)
		if err != nil {
			return cfg, err
		}
		cfg.Depths = depths
	}
	for _, name := range bench.PeerNames {
		if path := cmd.String(name); path != "" {
			program, err := exec.LookPath(path)
			if err != nil {
				return cfg, fmt.Errorf("--%s: %w", name, err)
			}
			cfg.Peers = append(cfg.Peers, bench.Peer{Name: name, Program: program})
		}
	}
	if s := cmd.String("off"); s != "" {
		cfg.Off = strings.Split(s, ",")
		if err := new(objective.Techniques).SwitchOff(cfg.Off...); err != nil {
			return cfg, fmt.Errorf("--off: %w", err)
		}
	}
	if cfg.AnySize && cmd.String("streed-nodes") != "" {
		return cfg, errors.New("--streed-nodes leads STreeD to the fewest nodes, which --any-size does not ask odtx for: give one")
	}
	return cfg, nil
}

func checkData(dir string, jobs []bench.Job) error {
	for _, j := range jobs {
		if !j.Generated() {
			if _, err := os.Stat(dir); err != nil {
				return fmt.Errorf("datasets: %w (set --data or ODTX_DATA)", err)
			}
			return nil
		}
	}
	return nil
}

// jobBar shows on a status line the bench job running, how many of the
// jobs are done and the time left at the pace so far. Its methods are
// called from one goroutine, as bench.Execute calls back.
type jobBar struct {
	line        *status
	job         string
	done, total int
}

// jobProgress returns a bar over the jobs on stderr when it is a terminal
// and --quiet is not set, as progressReporter does for one search; nil
// otherwise.
func jobProgress(jobs int, quiet bool) *jobBar {
	if quiet {
		return nil
	}
	line := newStatus()
	if line == nil {
		return nil
	}
	return &jobBar{line: line, total: jobs}
}

// begin shows j as the job running.
func (b *jobBar) begin(j bench.Job) {
	b.job = j.String()
	b.show()
}

// end counts the job running as done.
func (b *jobBar) end() {
	b.done++
	b.show()
}

// show puts the state of the sweep on the line.
func (b *jobBar) show() {
	left := ""
	if b.done > 0 {
		pace := time.Since(b.line.start) / time.Duration(b.done)
		left = fmt.Sprintf(", %v left", (pace * time.Duration(b.total-b.done)).Round(time.Second))
	}
	b.line.update(fmt.Sprintf("%s  (%d/%s%s)", b.job, b.done, plural.Count(b.total, "job"), left))
}

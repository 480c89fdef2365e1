package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"time"

	"github.com/odtx/odtx/certify"
	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/plural"
	"github.com/odtx/odtx/orchestrate"
	"github.com/odtx/odtx/tree"
	"github.com/urfave/cli/v3"
)

func learnCommand() *cli.Command {
	return &cli.Command{
		Name:      "learn",
		Usage:     "learn a decision tree of minimum depth (and fewest nodes) consistent with every row",
		ArgsUsage: "DATA.csv (- for stdin)",
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "mode", Value: "size", Usage: "depth: minimum depth; size: minimum depth, then fewest nodes (both without training errors); errors: what --max-depth asks for"},
			&cli.StringFlag{Name: "format", Value: "text", Usage: "output format: text, json, dot or svg (a picture, no Graphviz needed)"},
			outputFlag("the tree"),
			&cli.StringFlag{Name: flagTrace, Usage: "write the incremental run to this file as an iCNF trace"},
			&cli.StringFlag{Name: "certify", Usage: "write into this folder a DRAT-checked certificate of each optimality claim (needs the cadical binary)"},
		}, append(append(objectiveFlags(), dataFlags()...), weightFlags()...)...),
		Action: learn,
	}
}

func learn(ctx context.Context, cmd *cli.Command) error {
	start := time.Now() // the summary's time is the whole run's
	if r, err := regression(cmd); err != nil || r {
		if err != nil {
			return usage(cmd, err)
		}
		return learnRegression(ctx, cmd)
	}
	req, err := parseRequest(cmd)
	if err != nil {
		return err
	}
	mode, budget := req.mode, req.budget
	if len(req.depths) > 1 {
		return fmt.Errorf("--max-depth %s: learn takes one depth; a range is for cv", cmd.String(flagMaxDepth))
	}
	write, err := writer(cmd.String("format"))
	if err != nil {
		return usage(cmd, err)
	}
	if out, trace := cmd.String(flagOutput), cmd.String(flagTrace); out != "" && trace != "" && sameFile(out, trace) {
		return fmt.Errorf("--trace and -o both name %s: the tree would overwrite the trace", out)
	}
	if err := notOverInput(cmd, cmd.Args().First()); err != nil {
		return err
	}
	// What certifying needs is checked before the search it would follow.
	if dir := cmd.String("certify"); dir != "" {
		if cmd.Args().First() == "-" {
			return errors.New("--certify needs a data file that odtx verify can read again, not stdin")
		}
		if err := certify.Ready(dir); err != nil {
			return err
		}
	}
	limited, cancel := withTimeout(ctx, cmd)
	defer cancel()
	// The data is read whole, past the time limit while it still comes,
	// so that the search has a tree to give however short the limit.
	deadline, _ := limited.Deadline()
	ds, tbl, err := loadData(ctx, cmd, req.data, deadline)
	if err != nil {
		return interrupted(ctx, err)
	}
	ctx = limited
	res, stopped := runLearn(ctx, cmd, ds, req.engine, mode, budget)
	if res == nil {
		return stopped
	}
	// Checked on the raw rows, so that no slip in binarizing or decoding
	// can reach the output.
	t, err := res.VerifiedTree(ds, tbl)
	if err != nil {
		return err
	}
	meta := tree.Meta{
		Mode:       mode.String(),
		Engine:     res.Engine.String(),
		ProvenBy:   res.ProvenBy,
		Relabelled: req.data.Conflicts == dataset.Majority,
		Optimal:    res.Optimal,
		Bound:      tree.Bound{Depth: res.MinDepth, Nodes: res.MinNodes},
		Stats:      res.Stats,
	}
	for _, r := range ds.Relabelled {
		meta.Errors = append(meta.Errors, r.Line)
	}
	if mode == orchestrate.Errors {
		errorsMeta(&meta, res, budget, ds)
	}
	if meta.Relabelled && !cmd.Bool(flagQuiet) {
		to := "the majority of their identical rows"
		if slices.ContainsFunc(ds.Examples, func(ex dataset.Example) bool { return ex.Tied != nil }) {
			// A group whose labels tie takes the one its leaf has.
			to += " (on a tie, the label of their leaf)"
		}
		fmt.Fprintf(os.Stderr, "odtx: %d rows relabelled to %s: %d training errors, the fewest any tree makes\n", len(ds.Relabelled), to, len(ds.Relabelled))
	}
	if dir := cmd.String("certify"); dir != "" {
		certified := false
		if stopped == nil {
			var m *certify.Manifest
			m, stopped = certifyResult(ctx, cmd, dir, ds, res, req)
			if m == nil {
				return stopped
			}
			certified = m.Certified()
			if refuted(m) {
				// Only the certificate's proofs hold now.
				meta.Optimal, meta.Bound, meta.ProvenBy = false, provenBound(m), tree.Proof{}
			}
		}
		meta.Certified = &certified
	}
	var out bytes.Buffer
	if err := write(t, &out, meta); err != nil {
		return err
	}
	if err := emit(cmd.String(flagOutput), out.Bytes()); err != nil {
		return err
	}
	// A run that stops early says so, with its bounds, in its error line.
	switch {
	case stopped != nil || cmd.Bool(flagQuiet):
	case mode == orchestrate.Errors:
		fmt.Fprintln(os.Stderr, errorsSummary(res, budget, ds, cmd.String("certify") != "", time.Since(start)))
	default:
		fmt.Fprintln(os.Stderr, summary(res, mode, cmd.String("certify") != "", time.Since(start)))
	}
	return stopped
}

// summary is the line learn ends with on stderr: what was found, what
// proves it, and what it took: the run, took, reading the data and
// certifying included.
func summary(res *orchestrate.Result, mode orchestrate.Mode, certified bool, took time.Duration) string {
	proof := "proven by " + res.ProvenBy.Depth
	if mode == orchestrate.Size && res.ProvenBy.Nodes != "" && res.ProvenBy.Nodes != res.ProvenBy.Depth {
		proof += " (depth) and " + res.ProvenBy.Nodes + " (nodes)"
	}
	if certified {
		proof += ", certified"
	}
	what := "depth"
	if mode == orchestrate.Size {
		what = "depth and nodes"
	}
	engine := res.Engine.String()
	if res.Engine == orchestrate.SAT && res.Solver != "" {
		engine += " on " + res.Solver
	}
	return fmt.Sprintf("odtx: depth %d, %s; %s optimal, %s; engine %s, %.2f s",
		res.Root.Depth(), plural.Count(res.Root.Nodes(), "node"), what, proof, engine, took.Seconds())
}

// certifyResult writes into dir the certificate of res's optimality in
// mode: no consistent tree one level shallower and, in size mode, none as
// deep with fewer nodes, over the rows the search used; in errors mode,
// none within budget with fewer errors or, unless the budget asks for any
// size, as few and fewer nodes, over every row. It returns the manifest,
// if written, with an error when a claim is not proven: a claim
// the prover refutes is an error (exit code 1), as the search rested on a
// wrong answer; one left unproven makes the run not certified, with exit
// code 2.
func certifyResult(ctx context.Context, cmd *cli.Command, dir string, ds *dataset.Dataset, res *orchestrate.Result, req request) (*certify.Manifest, error) {
	mode, budget := req.mode, req.budget
	r := certify.Result{Mode: mode.String(), Depth: res.Root.Depth()}
	used := res.Used
	switch mode {
	case orchestrate.Size:
		r.Nodes = res.Root.Nodes()
	case orchestrate.Errors:
		r = certify.Result{Mode: mode.String(), Depth: budget.MaxDepth, Errors: res.Errors, MaxBranches: budget.MaxBranches}
		if !budget.AnySize {
			r.Nodes = res.Root.Nodes()
		}
		used = make([]int, len(ds.Examples))
		for i := range used {
			used[i] = i
		}
	}
	m, err := certify.Certify(ctx, dir, certify.Source{Path: cmd.Args().First(), Opt: req.data}, ds, r, used)
	if err != nil {
		return nil, interrupted(ctx, err)
	}
	manifest := filepath.Join(dir, certify.ManifestFile)
	proven := 0
	for _, e := range m.Claims {
		if e.Refuted() {
			return m, fmt.Errorf("%s found the claim %q false: %s answered wrongly and the tree is not optimal (see %s)", certify.Prover, e.Claim, solverName(res), manifest)
		}
		if e.Accepted() {
			proven++
		}
	}
	if proven < len(m.Claims) {
		return m, exitError{code: 2, err: fmt.Errorf("not certified: %d of %s proven (see %s)", proven, plural.Count(len(m.Claims), "claim"), manifest)}
	}
	return m, nil
}

// solverName names the back end whose answers a search's result rests on.
func solverName(res *orchestrate.Result) string {
	if res.Solver == "" {
		return "the " + res.Engine.String() + " engine"
	}
	return "solver " + res.Solver
}

// refuted reports whether the prover found a claim of m false.
func refuted(m *certify.Manifest) bool {
	return slices.ContainsFunc(m.Claims, certify.Entry.Refuted)
}

// provenBound returns the bounds that the accepted claims of m prove.
func provenBound(m *certify.Manifest) tree.Bound {
	var b tree.Bound
	if m.Mode == orchestrate.Errors.String() {
		errs := 0
		if len(m.Claims) > 0 && m.Claims[0].Accepted() && m.Errors > 0 {
			errs = m.Errors
		}
		return tree.Bound{Errors: &errs}
	}
	for _, e := range m.Claims {
		switch {
		case !e.Accepted():
		case e.MaxNodes == 0:
			b.Depth = e.Depth + 1
		default:
			b.Nodes = e.MaxNodes + 2 // a tree's node count is odd
		}
	}
	return b
}

// loadData reads the one data file argument as opt says, until
// ctx ends or, from stdin or a pipe, until it stops coming past deadline
// (unless zero; see readData), which is an error: no tree can be given
// without the whole data.
func loadData(ctx context.Context, cmd *cli.Command, opt dataset.Options, deadline time.Time) (*dataset.Dataset, *dataset.Table, error) {
	path, err := oneArg(cmd)
	if err != nil {
		return nil, nil, err
	}
	ds, tbl, err := readData(ctx, path, opt, deadline)
	if errors.Is(err, errStalled) {
		if path == "-" {
			path = "stdin"
		}
		return nil, nil, fmt.Errorf("time limit %v reached while reading %s, which then sent nothing for %v: no tree without the whole data", cmd.Duration(flagTimeout), path, stallGrace)
	}
	return ds, tbl, err
}

// runLearn runs the search on engine e with the global flags: solver, jobs,
// trace, and progress on a terminal; ctx carries the time limit. When the time limit stops the
// search it returns the best tree found with an error asking for exit
// code 2, and when SIGINT or SIGTERM does, with the signal's (stopped);
// other errors come with no result.
func runLearn(ctx context.Context, cmd *cli.Command, ds *dataset.Dataset, e orchestrate.Engine, mode orchestrate.Mode, budget orchestrate.Budget) (*orchestrate.Result, error) {
	opt, closeTrace, err := searchOptions(cmd, e, mode, func() (*dataset.Dataset, error) { return ds, nil })
	if err != nil {
		return nil, err
	}
	opt.Probes = cmd.Int(flagJobs)
	opt.Budget = budget
	opt.CacheBytes = cacheBytes(cmd, 1)
	if !cmd.Bool(flagQuiet) {
		progress := progressReporter(mode, ds)
		defer progress.done()
		opt.Progress = progress.report
	}
	res, err := orchestrate.Learn(ctx, ds, opt)
	if cerr := closeTrace(); err == nil {
		err = cerr
	}
	if res != nil && (errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) && !hungUp(ctx)) {
		// Every search is anytime: a stopped one still has its best tree,
		// whether the time limit or a signal stopped it.
		gap := fmt.Sprintf("depth >= %d", res.MinDepth)
		switch {
		case mode == orchestrate.Errors:
			gap = errorsGap(res, budget, ds)
		case mode == orchestrate.Size && res.MinNodes > 0 && res.Root.Depth() == res.MinDepth:
			gap += fmt.Sprintf(", nodes >= %d", res.MinNodes)
		}
		if errors.Is(err, context.Canceled) {
			return res, stopped(ctx, fmt.Sprintf("with the best tree found, not proven optimal (%s)", gap))
		}
		return res, exitError{code: 2, err: fmt.Errorf("time limit %v reached: best tree found, not proven optimal (%s)", cmd.Duration(flagTimeout), gap)}
	}
	if err != nil {
		return nil, interrupted(ctx, err)
	}
	return res, nil
}

// hungUp reports whether SIGHUP ended ctx, or the end of the process
// --parent names, which stops odtx alike: no one is left to read a tree.
func hungUp(ctx context.Context) bool {
	var s signalError
	return errors.As(context.Cause(ctx), &s) && s.sig == syscall.SIGHUP
}

package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/odtx/odtx/solver"
)

// jobRequest is what a sweep hands the process that runs one job.
type jobRequest struct {
	Job     Job           `json:"job"`
	Data    string        `json:"data"`
	Timeout time.Duration `json:"timeout"`
	Probes  int           `json:"probes"`
	Cache   int64         `json:"cache_bytes,omitempty"`
}

// A ChildRunner runs each job as its Runner would, but in a child process
// that serves it with ServeJob, so that the peak memory measured is the
// job's own and a crash costs one record. Its Run is not for concurrent
// use, which Execute does not make.
type ChildRunner struct {
	// Runner is what the child runs the job with: ChildRunner hands it
	// the Runner's Data, Timeout, Probes and CacheBytes; the child has
	// its own Report, as a function cannot cross to another process.
	Runner *Runner
	// Command is the child, a program and its arguments, such as odtx
	// itself with "bench job".
	Command []string
	// Stop returns the signal that stops the child once ctx has ended:
	// the one that stopped the sweep, say, or SIGTERM at its time limit.
	Stop func(ctx context.Context) os.Signal
	// WarningPrefix starts the lines of the child's stderr that are
	// warnings rather than why it failed. They go to Warnings, each line
	// once: every job's process warns alike of a faulty solver.
	WarningPrefix string
	Warnings      io.Writer

	warned map[string]bool
}

// childGrace is how long past the job's time limit a child may take to stop.
const childGrace = 30 * time.Second

// childStop is how long a child signalled to stop may take to do so: it
// kills its solvers and removes their files, which takes milliseconds.
const childStop = 10 * time.Second

// Run runs job j in a child process and returns its record; like
// Runner.Run, it does not fail, but returns a record that says why the
// child did.
func (c *ChildRunner) Run(ctx context.Context, j Job) Record {
	start := time.Now()
	base := c.Runner.record(j)
	failed := func(err error) Record {
		rec := base
		rec.Seconds = time.Since(start).Seconds()
		rec.Status = "error: job process: " + c.Runner.unhosted(j, err.Error(), c.Command[0])
		return rec
	}
	req, err := json.Marshal(jobRequest{Job: j, Data: c.Runner.Data, Timeout: c.Runner.Timeout, Probes: c.Runner.Probes, Cache: c.Runner.CacheBytes})
	if err != nil {
		return failed(err)
	}
	if c.Runner.Timeout > 0 {
		// The child keeps its own time limit; this one is for a child that
		// does not.
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, c.Runner.Timeout+childGrace)
		defer cancel()
	}
	cmd := exec.CommandContext(ctx, c.Command[0], c.Command[1:]...)
	// Killed outright, the child could not stop its solver processes,
	// which run in process groups of their own and would outlive it, nor
	// remove their files: it gets the signal of Stop to stop as odtx
	// does, and is killed only if it has not within childStop.
	cmd.Cancel = func() error { return cmd.Process.Signal(c.Stop(ctx)) }
	ownGroup(cmd)
	cmd.WaitDelay = childStop
	cmd.Stdin = bytes.NewReader(req)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	began := time.Now()
	err = cmd.Run()
	wall := time.Since(began).Seconds()
	complaint := ""
	for line := range strings.Lines(stderr.String()) {
		switch {
		case strings.HasPrefix(line, c.WarningPrefix):
			c.warn(line)
		case complaint == "" && strings.TrimSpace(line) != "":
			// Why the child failed, if it did.
			complaint = strings.TrimSpace(line)
		}
	}
	var rec Record
	switch {
	case err != nil && complaint != "":
		rec = failed(fmt.Errorf("%w: %s", err, complaint))
	case err != nil:
		rec = failed(err)
	default:
		if err := json.Unmarshal(stdout.Bytes(), &rec); err != nil {
			rec = failed(fmt.Errorf("its record: %w", err))
		} else if rec.Program == "" {
			// odtx's own job, timed as a peer's process is: whole.
			rec.Seconds = wall
		}
		// The sweep's job and machine, whatever the child said of them.
		rec.Job, rec.Machine = base.Job, base.Machine
	}
	if cmd.ProcessState != nil {
		rec.PeakMB = peakMiB(cmd.ProcessState)
	}
	return rec
}

// warn passes on a warning line of a child unless an earlier child gave
// it: a failure to write it is no failure of the job.
func (c *ChildRunner) warn(line string) {
	if c.warned[line] {
		return
	}
	if c.warned == nil {
		c.warned = make(map[string]bool)
	}
	c.warned[line] = true
	io.WriteString(c.Warnings, line)
}

// ServeJob is the child's side of a ChildRunner: it reads the job and the
// Runner's settings from r, runs the job, telling report of the faults of
// a race's members as Runner.Report, and writes its record to w. The
// record describes no machine: its parent's Runner does.
func ServeJob(ctx context.Context, r io.Reader, w io.Writer, report func(*solver.MemberError)) error {
	var req jobRequest
	if err := json.NewDecoder(r).Decode(&req); err != nil {
		return fmt.Errorf("read the job: %w", err)
	}
	runner := &Runner{Data: req.Data, Timeout: req.Timeout, Probes: req.Probes, CacheBytes: req.Cache, Report: report}
	if err := json.NewEncoder(w).Encode(runner.Run(ctx, req.Job)); err != nil {
		return fmt.Errorf("write the record: %w", err)
	}
	return nil
}

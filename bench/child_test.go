package bench

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestChildRunner: a record from a job's process names the sweep's
// machine and job, not those the process wrote, the job's program by its
// name alone; odtx's own job is timed as the whole process, not as the
// process timed itself, while a peer's keeps the time of the peer's
// processes; and a process that fails, or cannot start, is a record that
// says why without the paths of this machine.
func TestChildRunner(t *testing.T) {
	fake, err := filepath.Abs(filepath.Join("testdata", "record-child.sh"))
	if err != nil {
		t.Fatal(err)
	}
	parent := Machine{CPUs: 7, OS: "parent"}
	var warnings strings.Builder
	c := &ChildRunner{Runner: &Runner{Machine: parent}, Command: []string{fake},
		Stop: func(context.Context) os.Signal { return os.Kill }, WarningPrefix: "odtx: warning: ", Warnings: &warnings}
	ctx := context.Background()
	ours := c.Run(ctx, Job{Suite: "minerror", Dataset: "t.csv", Solver: "auto", Mode: "errors", Fold: -1})
	if ours.Status != "ok" || ours.Machine != parent || ours.Seconds <= 0 || ours.Seconds == 1e6 {
		t.Errorf("odtx's job: status %q, %v s on %+v; want the parent's machine and the process's time, not the one it wrote", ours.Status, ours.Seconds, ours.Machine)
	}
	peer := c.Run(ctx, Job{Suite: "minerror", Dataset: "t.csv", Solver: "streed", Program: "/opt/streed", Mode: "errors", Fold: -1})
	if peer.Status != "ok" || peer.Suite != "minerror" || peer.Program != "streed" || peer.Machine != parent || peer.Seconds != 1e6 {
		t.Errorf("a peer's job: status %q, suite %q, program %q, %v s on %+v; want the parent's machine and job and the time the process wrote", peer.Status, peer.Suite, peer.Program, peer.Seconds, peer.Machine)
	}
	failed := c.Run(ctx, Job{Suite: "minerror", Dataset: "fail", Solver: "auto", Mode: "errors", Fold: -1})
	if want := "error: job process: exit status 3: odtx: the job failed"; failed.Status != want || failed.Machine != parent || failed.Seconds <= 0 {
		t.Errorf("a failed job: status %q, %v s on %+v; want status %q", failed.Status, failed.Seconds, failed.Machine, want)
	}
	c.Command = []string{"/nonexistent/odtx"}
	absent := c.Run(ctx, Job{Suite: "minerror", Dataset: "t.csv", Solver: "auto", Mode: "errors", Fold: -1})
	if !strings.HasPrefix(absent.Status, "error: job process: ") || !strings.Contains(absent.Status, "odtx") || strings.Contains(absent.Status, "/nonexistent") {
		t.Errorf("a job process that cannot start: status %q; want an error naming odtx by its name alone", absent.Status)
	}
	if warnings.String() != "odtx: warning: a warning\n" {
		t.Errorf("warnings %q", warnings.String())
	}
}

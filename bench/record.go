package bench

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/odtx/odtx/tree"
)

// A Record is the outcome of one job, a line of the JSONL files that shards
// write and merge reads. Figures a job does not measure are 0: the search
// statistics of a cross-validation fold, the accuracy of a learning run,
// everything but the status and seconds of a job that failed. A record
// names no directory of the machine that made it (see Job.recorded), so
// that records from anywhere can be committed and merged.
type Record struct {
	Job
	Build
	// Seconds is the wall time of the job: reading the data, binarizing,
	// searching and, for a fold, testing. A job run by a ChildRunner, and a
	// peer's, is timed as a whole process, its start and exit included,
	// so that the two compare.
	Seconds float64 `json:"seconds"`
	K       int     `json:"k"` // depth of the tree
	// Errors, in the "errors" mode, counts the training rows the tree
	// misclassifies.
	Errors *int `json:"errors,omitempty"`
	// SSE, in the regression mode, is the tree's sum of squared errors on
	// the training rows.
	SSE          *float64 `json:"sse,omitempty"`
	Nodes        int      `json:"nodes"` // internal nodes and leaves
	ExamplesUsed int      `json:"examples_used"`
	Clauses      int      `json:"clauses"`
	// Engine is the engine that ran the search, as its result names it
	// (not the Solver the job asked for, which may be auto), and ProvenBy
	// the engines whose proofs its depth and node bounds rest on.
	Engine   string     `json:"engine,omitempty"`
	ProvenBy tree.Proof `json:"proven_by,omitzero"`
	// PeakMB is the peak resident memory of the process that ran the job,
	// in MiB; 0 where it was not measured.
	PeakMB   float64 `json:"peak_mb,omitempty"`
	Accuracy float64 `json:"accuracy"` // on the fold's test rows, from 0 to 1
	// Anytime, for odtx's job of the anytime suite, is how its search
	// went: the trajectory of its tree and bound, beside CART's errors.
	Anytime *Anytime `json:"anytime,omitempty"`
	// Status is "ok", "timeout" (the job's time limit ran out) or
	// "error: " and the error.
	Status string `json:"status"`
	Probes int    `json:"jobs"` // depths the search probed at once (--jobs)
	// CacheBytes is the memory the search's caches were given
	// (orchestrate.Options.CacheBytes, from --max-memory); 0 the default.
	CacheBytes int64     `json:"cache_bytes,omitempty"`
	Machine    Machine   `json:"machine"`
	Time       time.Time `json:"time"` // when the job started
}

// OK reports whether the job finished, so that its figures count.
func (r Record) OK() bool { return r.Status == "ok" }

// Machine describes the computer that ran a job, so that merged records
// from a cluster can be told apart.
type Machine struct {
	CPUs int    `json:"cpus"`
	OS   string `json:"os"`
	Arch string `json:"arch"`
	CPU  string `json:"cpu,omitempty"` // model name, where /proc/cpuinfo has one
	Host string `json:"host,omitempty"`
	Go   string `json:"go"`
}

// ThisMachine describes the computer it runs on.
func ThisMachine() Machine {
	host, _ := os.Hostname() // only a label: without one, the record still counts
	return Machine{
		CPUs: runtime.NumCPU(),
		OS:   runtime.GOOS,
		Arch: runtime.GOARCH,
		CPU:  cpuModel(),
		Host: host,
		Go:   runtime.Version(),
	}
}

// String describes m for the notes under a table, which name the
// machines that ran its jobs.
func (m Machine) String() string {
	var parts []string
	if m.CPU != "" {
		parts = append(parts, m.CPU)
	}
	if m.CPUs > 0 {
		parts = append(parts, fmt.Sprintf("%d CPUs", m.CPUs))
	}
	if m.OS != "" {
		parts = append(parts, m.OS+"/"+m.Arch)
	}
	if m.Go != "" {
		parts = append(parts, m.Go)
	}
	if len(parts) == 0 {
		parts = append(parts, "a machine not described")
	}
	s := strings.Join(parts, ", ")
	if m.Host != "" {
		s += " on " + m.Host
	}
	return s
}

// cpuModel returns the first model name in /proc/cpuinfo, or "" where there
// is none (not Linux, or an architecture that names no model).
func cpuModel() string {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return ""
	}
	for line := range strings.Lines(string(data)) {
		key, value, ok := strings.Cut(line, ":")
		if ok && strings.TrimSpace(key) == "model name" {
			return strings.TrimSpace(value)
		}
	}
	return ""
}

// WriteRecord writes r to w as one line of JSON.
func WriteRecord(w io.Writer, r Record) error {
	line, err := json.Marshal(r)
	if err != nil {
		return err
	}
	_, err = w.Write(append(line, '\n'))
	return err
}

// ReadRecords reads the records of a JSONL file; name is used in error
// messages. Blank lines are skipped.
func ReadRecords(r io.Reader, name string) ([]Record, error) {
	var records []Record
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<26) // an error message, or a trajectory, can make a long line
	for line := 1; sc.Scan(); line++ {
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		var rec Record
		if err := json.Unmarshal(text, &rec); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, line, err)
		}
		if err := rec.check(); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, line, err)
		}
		records = append(records, rec)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	return records, nil
}

// ReadRecordFiles reads the records of every file, in order.
func ReadRecordFiles(paths ...string) ([]Record, error) {
	var records []Record
	for _, path := range paths {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		recs, err := ReadRecords(f, path)
		f.Close()
		if err != nil {
			return nil, err
		}
		records = append(records, recs...)
	}
	return records, nil
}

// check rejects a record that no table could place, such as a line of
// some other JSONL file.
func (r Record) check() error {
	s, err := suiteNamed(r.Suite)
	switch {
	case err != nil:
		return err
	case !slices.Contains(Modes, r.Mode) && r.Mode != errorsMode && r.Mode != regressionMode:
		return fmt.Errorf("unknown mode %q (want %s, %s or %s)", r.Mode, strings.Join(Modes, ", "), errorsMode, regressionMode)
	case r.Status == "":
		return errors.New("no status")
	case s.Check != nil:
		return s.Check(r)
	}
	return nil
}

package bench

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// A Suite is a benchmark: the jobs it runs and the table that shows their
// records. Adding one is writing its value, in a file of its own, and
// naming it in Suites.
type Suite struct {
	Name string // in odtx bench SUITE and in every record's "suite"
	// About says what it measures, for odtx bench's help.
	About string
	// Jobs are its jobs, in the order in which they run, with each of
	// cfg's solvers, in each of Modes, cfg.Runs times.
	Jobs func(cfg Config) []Job
	// Table shows its records, of which there is at least one. Tables
	// names the table after the suite and adds the machines that ran it.
	Table func([]Record) *Table
	// Files, if not nil, renders its records as more files beside the
	// tables, such as charts.
	Files func([]Record) ([]File, error)
	// Check, if not nil, rejects a record of the suite that its table
	// could not place.
	Check func(Record) error
}

// Suites are the suites, in the order in which "all" runs them and their
// tables are shown.
var Suites = []Suite{mouseSuite, carSuite, table3Suite, scalingSuite, referenceSuite, minErrorSuite, anytimeSuite, regressionSuite}

// A File is an output of a suite beside its table.
type File struct {
	Name string // file name, without a directory
	Data []byte
}

// SuiteNames are the names of Suites, in their order.
func SuiteNames() []string {
	names := make([]string, len(Suites))
	for i, s := range Suites {
		names[i] = s.Name
	}
	return names
}

// suiteNamed returns the suite called name.
func suiteNamed(name string) (Suite, error) {
	if i := slices.IndexFunc(Suites, func(s Suite) bool { return s.Name == name }); i >= 0 {
		return Suites[i], nil
	}
	return Suite{}, fmt.Errorf("unknown suite %q (want %s)", name, strings.Join(SuiteNames(), ", "))
}

// records returns those of records that are s's.
func (s Suite) records(records []Record) []Record {
	var mine []Record
	for _, r := range records {
		if r.Suite == s.Name {
			mine = append(mine, r)
		}
	}
	return mine
}

// Files returns the files that the suites render from records beside
// their tables, in the order of Suites. Like Tables, it sorts records.
func Files(records []Record) ([]File, error) {
	sortRecords(records)
	var files []File
	for _, s := range Suites {
		recs := s.records(records)
		if s.Files == nil || len(recs) == 0 {
			continue
		}
		more, err := s.Files(recs)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", s.Name, err)
		}
		files = append(files, more...)
	}
	return files, nil
}

// Config says what the jobs of a suite run with.
type Config struct {
	// Solvers are the back ends to compare, each by its name in package
	// backend, or several joined by "+" for a portfolio racing them.
	Solvers []string
	Runs    int // repetitions of every job, at least 1
	// Files, for a suite that takes them, are the datasets to run on,
	// paths relative to the data directory (or absolute); none means the
	// suite's own.
	Files []string
	// Depths, for a suite that takes them, are the depth bounds to run.
	Depths []int
	// Peers are other tools to run beside odtx, for a suite that can.
	Peers []Peer
	// AnySize, for a suite of the errors mode, asks odtx for a tree of the
	// fewest errors of any size (orchestrate.Budget.AnySize).
	AnySize bool
	// Off, for a suite of the errors mode, names techniques of odtx's
	// engines to switch off (objective.TechniqueNames), for an ablation.
	Off []string
}

// A Peer is another tool a suite runs beside odtx: its name, one of
// PeerNames, and its binary.
type Peer struct {
	Name, Program string
}

// Modes are the searches of every suite, in the order of the paper's rows.
var Modes = []string{"size", "depth"}

// Jobs returns the jobs of a suite, or of every suite for "all".
func Jobs(suite string, cfg Config) ([]Job, error) {
	if cfg.Runs < 1 {
		return nil, fmt.Errorf("%d runs: want at least 1", cfg.Runs)
	}
	if len(cfg.Solvers) == 0 {
		return nil, errors.New("no solvers")
	}
	if suite == "all" {
		var jobs []Job
		for _, s := range Suites {
			jobs = append(jobs, s.Jobs(cfg)...)
		}
		return jobs, nil
	}
	s, err := suiteNamed(suite)
	if err != nil {
		return nil, fmt.Errorf("unknown suite %q (want %s or all)", suite, strings.Join(SuiteNames(), ", "))
	}
	return s.Jobs(cfg), nil
}

// each returns the jobs that expand makes of a job like base that learns
// on the whole dataset, for every solver, mode and run of cfg.
func each(cfg Config, base Job, expand func(Job) []Job) []Job {
	var jobs []Job
	for _, solver := range cfg.Solvers {
		for _, mode := range Modes {
			for run := range cfg.Runs {
				j := base
				j.Solver, j.Mode, j.Run, j.Fold = solver, mode, run, -1
				jobs = append(jobs, expand(j)...)
			}
		}
	}
	return jobs
}

// once is the expansion of a job that learns on the whole dataset and
// nothing else.
func once(j Job) []Job { return []Job{j} }

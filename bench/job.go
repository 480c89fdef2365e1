package bench

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/odtx/odtx/gen"
)

// A Job is one measurement: learning a tree on a whole dataset, or one fold
// of a cross-validation. Jobs are plain data, so that a suite is a list of
// them that shards can split and records can carry.
type Job struct {
	Suite string `json:"suite"`
	// Dataset is a file's path in the data directory, or an absolute
	// path; for a generated dataset, its parameters.
	Dataset string `json:"dataset"`
	Solver  string `json:"solver"`
	Mode    string `json:"mode"` // "size", "depth", "errors" or "regression"
	// MaxDepth bounds the trees of a job in the "errors" and "regression"
	// modes, and AnySize asks odtx in the first for a tree of the fewest
	// errors of any size.
	MaxDepth int  `json:"max_depth,omitempty"`
	AnySize  bool `json:"any_size,omitempty"`
	// Off names the techniques of odtx's engines switched off, for an
	// ablation (objective.TechniqueNames).
	Off []string `json:"off,omitempty"`
	// Program is, for a job that another tool runs rather than odtx (its
	// name in Solver, one of Peers), that tool's binary: a path in a job,
	// the file's name in its record.
	Program string `json:"program,omitempty"`
	Run     int    `json:"run"` // repetition, from 0
	// Fold is -1 for learning on the whole dataset, else the fold to
	// cross-validate: of Folds folds dealt with seed Run, or with Folds 0
	// of the splits given as splits/DATASET.train<Fold>.csv and
	// .test<Fold>.csv in the data directory.
	Fold  int    `json:"fold"`
	Folds int    `json:"folds,omitempty"`
	Point *Point `json:"point,omitempty"` // for a generated dataset, what to generate
}

// Learning reports whether j learns on a whole dataset rather than
// cross-validating.
func (j Job) Learning() bool { return j.Fold < 0 }

// recorded is j as its record names it, without the directories of the
// machine that ran it, which mean nothing elsewhere: the dataset by its
// path in data, the data directory, or else by its file's name, and the
// program by its file's name.
func (j Job) recorded(data string) Job {
	if filepath.IsAbs(j.Dataset) {
		name := filepath.Base(j.Dataset)
		if abs, err := filepath.Abs(data); data != "" && err == nil {
			if rel, err := filepath.Rel(abs, j.Dataset); err == nil && filepath.IsLocal(rel) {
				name = filepath.ToSlash(rel)
			}
		}
		j.Dataset = name
	}
	if j.Program != "" {
		j.Program = filepath.Base(j.Program)
	}
	return j
}

// String names j in progress bars and messages: suite, dataset, solver,
// mode, run and fold.
func (j Job) String() string {
	suite := j.Suite
	if j.Point != nil {
		suite += "/" + j.Point.Series
	}
	mode := j.Mode
	if j.Mode == errorsMode || j.Mode == regressionMode {
		mode += fmt.Sprintf(" depth <= %d", j.MaxDepth)
	}
	s := fmt.Sprintf("%s %s %s %s run %d", suite, j.Dataset, j.Solver, mode, j.Run)
	if !j.Learning() {
		s += fmt.Sprintf(" fold %d", j.Fold)
	}
	return s
}

// A Point is a dataset of the paper's artificial experiment: rows drawn at
// random and labelled by a random tree (see package gen).
type Point struct {
	// Series names the parameter that the series of points varies: "c",
	// "k", "f" or "n", as in the paper's Figures 2 to 5.
	Series   string `json:"series"`
	Classes  int    `json:"classes"`  // c
	Depth    int    `json:"depth"`    // k, of the generating tree
	Features int    `json:"features"` // f
	Rows     int    `json:"rows"`     // n, at most 2^f since rows are distinct
	Seed     uint64 `json:"seed"`
}

// X is the value of the parameter that p's series varies.
func (p Point) X() int {
	switch p.Series {
	case "c":
		return p.Classes
	case "k":
		return p.Depth
	case "f":
		return p.Features
	}
	return p.Rows
}

// Params are the generator's parameters for p.
func (p Point) Params() gen.Params {
	return gen.Params{Depth: p.Depth, Features: p.Features, Classes: p.Classes, Rows: p.Rows, Seed: p.Seed}
}

// String gives p's parameters; it is the Dataset of p's jobs.
func (p Point) String() string {
	return fmt.Sprintf("c=%d k=%d f=%d n=%d seed=%d", p.Classes, p.Depth, p.Features, p.Rows, p.Seed)
}

// ParseShard reads "i/n", 1 <= i <= n: the i-th of n shards.
func ParseShard(s string) (i, n int, err error) {
	a, b, ok := strings.Cut(s, "/")
	i, erri := strconv.Atoi(a)
	n, errn := strconv.Atoi(b)
	if !ok || erri != nil || errn != nil || i < 1 || i > n {
		return 0, 0, fmt.Errorf("shard %q: want i/n with 1 <= i <= n, such as 2/3", s)
	}
	return i, n, nil
}

// Shard returns every n-th job from the i-th (1-based) on. The shards 1/n
// to n/n partition jobs, and since neighbouring jobs are alike (the runs
// and folds of one dataset and mode), each shard gets a fair share of the
// slow ones.
func Shard(jobs []Job, i, n int) []Job {
	var mine []Job
	for j := i - 1; j < len(jobs); j += n {
		mine = append(mine, jobs[j])
	}
	return mine
}

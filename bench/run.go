package bench

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/odtx/odtx/backend"
	"github.com/odtx/odtx/cv"
	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/gen"
	"github.com/odtx/odtx/orchestrate"
	"github.com/odtx/odtx/solver"
)

// Runner runs jobs with real searches.
type Runner struct {
	Data    string        // directory of the datasets, with the splits in Data/splits
	Timeout time.Duration // limit of each job; 0 means none
	Probes  int           // as orchestrate.Options.Probes: depths probed at once
	// CacheBytes is orchestrate.Options.CacheBytes of every search.
	CacheBytes int64
	// Report, if set, is told of the faults of the members of a portfolio
	// race that the race survives (see backend.LookupPortfolio).
	Report  func(*solver.MemberError)
	Machine Machine // written into every record
}

// SearchOptions returns the options of a search in mode for spec, a job's
// Solver: the engines dp and auto by name (auto's SAT part on
// backend.Default), or else SAT back ends, several joined by "+" for a
// race of them, on the SAT engine. Report is as Runner.Report. It fails if a back end cannot run
// here, which a sweep checks for every solver before any job starts.
func SearchOptions(spec string, mode orchestrate.Mode, report func(*solver.MemberError)) (orchestrate.Options, error) {
	e, names := orchestrate.SAT, strings.Split(spec, "+")
	if parsed, err := orchestrate.ParseEngine(spec); err == nil && parsed != orchestrate.SAT {
		e, names = parsed, []string{backend.Default}
	}
	return orchestrate.Configure(e, names, mode, nil, report)
}

// Run runs one job and returns its record. A job that fails or runs out of
// time is a record that says so; Run itself does not fail.
func (r *Runner) Run(ctx context.Context, j Job) Record {
	rec := r.record(j)
	if r.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, r.Timeout)
		defer cancel()
	}
	start := time.Now()
	err := r.run(ctx, j, &rec)
	if rec.Seconds == 0 { // else a peer's process, timed by itself
		rec.Seconds = time.Since(start).Seconds()
	}
	switch {
	case err == nil:
		rec.Status = "ok"
	case errors.Is(err, context.DeadlineExceeded):
		rec.Status = "timeout"
	default:
		rec.Status = "error: " + r.unhosted(j, err.Error())
	}
	return rec
}

// record begins the record of job j, started now: j as records name it,
// the build and machine that run it, and r's settings.
func (r *Runner) record(j Job) Record {
	return Record{Job: j.recorded(r.Data), Build: thisBuild(), Probes: max(r.Probes, 1), CacheBytes: r.CacheBytes, Machine: r.Machine, Time: time.Now().UTC()}
}

// unhosted is msg, an error of job j, with the paths of this machine that
// it may name written as j's record names them: j's dataset and program,
// the files in more, and the data and temporary directories, which are
// left out.
func (r *Runner) unhosted(j Job, msg string, more ...string) string {
	rec := j.recorded(r.Data)
	var pairs []string
	// In the order of their precedence: a file before its directory.
	add := func(path, as string) {
		if path != "" {
			pairs = append(pairs, path, as)
		}
	}
	add(r.path(j), rec.Dataset)
	add(j.Program, rec.Program)
	for _, path := range more {
		add(path, filepath.Base(path))
	}
	for _, dir := range []string{r.Data, os.TempDir()} {
		if dir != "" {
			add(filepath.Clean(dir)+string(filepath.Separator), "")
		}
	}
	return strings.NewReplacer(pairs...).Replace(msg)
}

func (r *Runner) run(ctx context.Context, j Job, rec *Record) error {
	if j.Mode == regressionMode {
		return r.learnRegression(ctx, j, rec)
	}
	mode, err := orchestrate.ParseMode(j.Mode)
	if err != nil {
		return err
	}
	if mode == orchestrate.Errors {
		return r.learnErrors(ctx, j, rec)
	}
	opt, err := SearchOptions(j.Solver, mode, r.Report)
	if err != nil {
		return err
	}
	opt.Probes, opt.CacheBytes = r.Probes, r.CacheBytes
	if j.Learning() {
		return r.learn(ctx, j, opt, rec)
	}
	fold, err := r.fold(ctx, j)
	if err != nil {
		return err
	}
	// One fold at a time, so that the job's time is the fold's alone.
	results, err := cv.CrossValidate(ctx, []cv.Fold{fold}, dataset.Options{}, opt, 1)
	if err != nil {
		return err
	}
	rec.K, rec.Nodes, rec.Accuracy = results[0].Depth, results[0].Nodes, results[0].Accuracy
	return nil
}

// learn learns a tree on j's whole dataset, as odtx learn does, checking it
// on the raw rows likewise.
func (r *Runner) learn(ctx context.Context, j Job, opt orchestrate.Options, rec *Record) error {
	ds, tbl, err := r.load(ctx, j, dataset.Options{})
	if err != nil {
		return err
	}
	res, err := orchestrate.Learn(ctx, ds, opt)
	if res != nil {
		// After a timeout, the best tree found so far: not counted, but
		// worth keeping in the record.
		rec.K, rec.Nodes = res.Root.Depth(), res.Root.Nodes()
		rec.ExamplesUsed, rec.Clauses = res.Stats.ExamplesUsed, res.Stats.Clauses
		rec.Engine, rec.ProvenBy = res.Engine.String(), res.ProvenBy
	}
	if err != nil {
		return err
	}
	_, err = res.VerifiedTree(ds, tbl)
	return err
}

// load reads j's dataset, or generates it, and binarizes it as opt says:
// a file as odtx learn loads it.
func (r *Runner) load(ctx context.Context, j Job, opt dataset.Options) (*dataset.Dataset, *dataset.Table, error) {
	if !j.Generated() {
		return dataset.Load(ctx, r.path(j), opt)
	}
	tbl, err := r.table(j)
	if err != nil {
		return nil, nil, err
	}
	ds, err := tbl.Binarize(opt)
	return ds, tbl, err
}

// path is where j's dataset is, if it is a file.
func (r *Runner) path(j Job) string {
	if filepath.IsAbs(j.Dataset) {
		return j.Dataset
	}
	return filepath.Join(r.Data, j.Dataset)
}

// table reads j's dataset, or generates it.
func (r *Runner) table(j Job) (*dataset.Table, error) {
	switch {
	case strings.HasPrefix(j.Dataset, numericPrefix):
		return numericTable(j.Dataset)
	case j.Point == nil:
		return dataset.ReadTableFile(r.path(j))
	}
	data, err := gen.CSV(j.Point.Params())
	if err != nil {
		return nil, err
	}
	return dataset.ReadTable(bytes.NewReader(data), j.Dataset)
}

// fold returns the train and test tables of j's fold.
func (r *Runner) fold(ctx context.Context, j Job) (cv.Fold, error) {
	if j.Folds == 0 {
		return cv.ReadSplit(ctx, filepath.Join(r.Data, "splits", j.Dataset), j.Fold)
	}
	tbl, err := r.table(j)
	if err != nil {
		return cv.Fold{}, err
	}
	// Each run deals the rows afresh, so that the runs average over
	// partitions as well as over timings.
	folds, err := cv.KFold(tbl, j.Folds, uint64(j.Run))
	if err != nil {
		return cv.Fold{}, err
	}
	if j.Fold >= len(folds) {
		return cv.Fold{}, fmt.Errorf("fold %d of %d", j.Fold, len(folds))
	}
	return folds[j.Fold], nil
}

// Execute runs the jobs one after another, so that no two compete for the
// processors and skew each other's times, and hands each record to done as
// it comes, so that a long sweep stopped halfway keeps what it measured.
// It stops at the first error of done, or when ctx ends; the job that ctx
// interrupted has no record.
func Execute(ctx context.Context, jobs []Job, run func(context.Context, Job) Record, done func(Record) error) ([]Record, error) {
	records := make([]Record, 0, len(jobs))
	for _, j := range jobs {
		rec := run(ctx, j)
		if err := ctx.Err(); err != nil {
			return records, err
		}
		if err := done(rec); err != nil {
			return records, err
		}
		records = append(records, rec)
	}
	return records, nil
}

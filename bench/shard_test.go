package bench

import (
	"bytes"
	"context"
	"hash/fnv"
	"testing"
	"time"
)

// fakeRun is a job runner that solves nothing: its figures are a hash of
// the job, so that every run of a job gives the same record, and some jobs
// fail or run out of time.
func fakeRun(_ context.Context, j Job) Record {
	h := fnv.New64a()
	h.Write([]byte(j.String()))
	x := h.Sum64()
	rec := Record{
		Job:     j,
		Seconds: float64(x%1000) / 100,
		Status:  "ok",
		Probes:  1,
		Machine: Machine{CPUs: 2, OS: "linux", Arch: "amd64", Go: "go1"},
		Time:    time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC),
	}
	switch x % 17 {
	case 0:
		rec.Status = "timeout"
	case 1:
		rec.Status = "error: solver crashed"
	}
	rec.K, rec.Nodes = int(x%5)+2, int(x%31)+3
	if j.Learning() {
		rec.ExamplesUsed, rec.Clauses = int(x%500), int(x%50000)
	} else {
		rec.Accuracy = float64(x%100) / 100
	}
	return rec
}

// report runs jobs with fakeRun, writes the records as JSONL, reads them
// back and returns the report's files.
func report(t *testing.T, jobs ...[]Job) map[string]string {
	t.Helper()
	var jsonl bytes.Buffer
	for _, js := range jobs {
		done := func(r Record) error { return WriteRecord(&jsonl, r) }
		if _, err := Execute(context.Background(), js, fakeRun, done); err != nil {
			t.Fatal(err)
		}
	}
	records, err := ReadRecords(&jsonl, "shards.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	files := make(map[string]string)
	for _, format := range Formats {
		fs, err := Report(records, format)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range fs {
			files[f.Name] = string(f.Data)
		}
	}
	return files
}

// TestShardsMerge checks that the shards of a sweep, merged, report what
// the whole sweep does: tables in every format, charts and the CSV of the
// scaling records, whatever the order in which the shards come.
func TestShardsMerge(t *testing.T) {
	jobs, err := Jobs("all", Config{Solvers: []string{"gini", "minisat"}, Runs: 2})
	if err != nil {
		t.Fatal(err)
	}
	whole := report(t, jobs)
	for _, name := range []string{"results.md", "results.csv", "results.json", "scaling.csv",
		"scaling-c.svg", "scaling-k.svg", "scaling-f.svg", "scaling-n.svg"} {
		if whole[name] == "" {
			t.Errorf("no %s in the report", name)
		}
	}
	merged := report(t, Shard(jobs, 3, 3), Shard(jobs, 1, 3), Shard(jobs, 2, 3))
	if len(merged) != len(whole) {
		t.Errorf("merged shards give %d files, the whole run %d", len(merged), len(whole))
	}
	for name, want := range whole {
		if got := merged[name]; got != want {
			t.Errorf("%s of the merged shards differs from the whole run's:\n%s\nwant\n%s", name, got, want)
		}
	}
}

// TestExecuteInterrupted checks that a sweep stops when its context ends,
// keeping the records of the jobs done and dropping the one interrupted.
func TestExecuteInterrupted(t *testing.T) {
	jobs, err := Jobs("mouse", Config{Solvers: []string{"gini"}, Runs: 1})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	calls := 0
	run := func(ctx context.Context, j Job) Record {
		if calls++; calls == 3 {
			cancel()
		}
		return fakeRun(ctx, j)
	}
	var done int
	records, err := Execute(ctx, jobs, run, func(Record) error { done++; return nil })
	if err != context.Canceled || len(records) != 2 || done != 2 {
		t.Errorf("Execute: %d records, %d done, error %v; want 2, 2, context.Canceled", len(records), done, err)
	}
}

package report

import (
	"bytes"
	"context"
	"hash/fnv"
	"testing"
	"time"

	"github.com/odtx/odtx/bench"
)

// fakeRun is a job runner that solves nothing: its figures are a hash of
// the job, so that every run of a job gives the same record, and some jobs
// fail or run out of time.
func fakeRun(_ context.Context, j bench.Job) bench.Record {
	h := fnv.New64a()
	h.Write([]byte(j.String()))
	x := h.Sum64()
	rec := bench.Record{
		Job:     j,
		Seconds: float64(x%1000) / 100,
		Status:  "ok",
		Probes:  1,
		Machine: bench.Machine{CPUs: 2, OS: "linux", Arch: "amd64", Go: "go1"},
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

// render runs jobs with fakeRun, writes the records as JSONL, reads them
// back and returns the files of their rendering.
func render(t *testing.T, jobs ...[]bench.Job) map[string]string {
	t.Helper()
	var jsonl bytes.Buffer
	for _, js := range jobs {
		done := func(r bench.Record) error { return bench.WriteRecord(&jsonl, r) }
		if _, err := bench.Execute(context.Background(), js, fakeRun, done); err != nil {
			t.Fatal(err)
		}
	}
	records, err := bench.ReadRecords(&jsonl, "shards.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	files := make(map[string]string)
	for _, format := range Formats {
		fs, err := Render(records, format)
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
	jobs, err := bench.Jobs("all", bench.Config{Solvers: []string{"gini", "minisat"}, Runs: 2})
	if err != nil {
		t.Fatal(err)
	}
	whole := render(t, jobs)
	for _, name := range []string{"results.md", "results.csv", "results.json", "scaling.csv",
		"scaling-c.svg", "scaling-k.svg", "scaling-f.svg", "scaling-n.svg"} {
		if whole[name] == "" {
			t.Errorf("no %s in the report", name)
		}
	}
	merged := render(t, bench.Shard(jobs, 3, 3), bench.Shard(jobs, 1, 3), bench.Shard(jobs, 2, 3))
	if len(merged) != len(whole) {
		t.Errorf("merged shards give %d files, the whole run %d", len(merged), len(whole))
	}
	for name, want := range whole {
		if got := merged[name]; got != want {
			t.Errorf("%s of the merged shards differs from the whole run's:\n%s\nwant\n%s", name, got, want)
		}
	}
}

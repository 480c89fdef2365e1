package bench

import (
	"context"
	"testing"
)

func TestShardAndParse(t *testing.T) {
	jobs, err := Jobs("all", Config{Solvers: []string{"gini"}, Runs: 1})
	if err != nil {
		t.Fatal(err)
	}
	seen := make(map[string]int)
	for i := 1; i <= 3; i++ {
		for _, j := range Shard(jobs, i, 3) {
			seen[j.String()]++
		}
	}
	if len(seen) != len(jobs) {
		t.Errorf("shards cover %d of %d jobs", len(seen), len(jobs))
	}
	for j, n := range seen {
		if n != 1 {
			t.Errorf("job %s in %d shards", j, n)
		}
	}
	for _, s := range []string{"0/3", "4/3", "1", "a/b", "1/0", ""} {
		if _, _, err := ParseShard(s); err == nil {
			t.Errorf("ParseShard(%q) accepted", s)
		}
	}
	if i, n, err := ParseShard("2/3"); i != 2 || n != 3 || err != nil {
		t.Errorf("ParseShard(2/3) = %d, %d, %v", i, n, err)
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
	run := func(_ context.Context, j Job) Record {
		if calls++; calls == 3 {
			cancel()
		}
		return Record{Job: j, Status: "ok"}
	}
	var done int
	records, err := Execute(ctx, jobs, run, func(Record) error { done++; return nil })
	if err != context.Canceled || len(records) != 2 || done != 2 {
		t.Errorf("Execute: %d records, %d done, error %v; want 2, 2, context.Canceled", len(records), done, err)
	}
}

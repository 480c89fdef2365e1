package bench

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
)

func TestReadRecordsErrors(t *testing.T) {
	for _, tc := range []struct{ jsonl, want string }{
		{`{"suite":"mouse","mode":"size","status":"ok"}` + "\nnot json", "x.jsonl:2: invalid character"},
		{`{"suite":"nope","mode":"size","status":"ok"}`, `x.jsonl:1: unknown suite "nope"`},
		{`{"suite":"mouse","mode":"fast","status":"ok"}`, `x.jsonl:1: unknown mode "fast"`},
		{`{"suite":"scaling","mode":"size","status":"ok"}`, "x.jsonl:1: scaling record without a point"},
		{`{"suite":"mouse","mode":"size"}`, "x.jsonl:1: no status"},
	} {
		_, err := ReadRecords(strings.NewReader(tc.jsonl), "x.jsonl")
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("ReadRecords(%q): error %v, want %q...", tc.jsonl, err, tc.want)
		}
	}
}

// TestBuildOf reads the version and commit that go build stamps into a
// binary, and names an unknown build as odtx --version does.
func TestBuildOf(t *testing.T) {
	const rev = "4cdb382a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e"
	for _, tc := range []struct {
		bi   *debug.BuildInfo
		want Build
	}{
		{nil, Build{Version: "(devel)"}},
		{&debug.BuildInfo{}, Build{Version: "(devel)"}},
		{&debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261126165416-4cdb382a0b1c"},
			Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: "false"}}},
			Build{Version: "v0.0.0-20261126165416-4cdb382a0b1c", Commit: rev}},
		{&debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261126165416-4cdb382a0b1c+dirty"},
			Settings: []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: "true"}}},
			Build{Version: "v0.0.0-20261126165416-4cdb382a0b1c+dirty", Commit: rev, Dirty: true}},
	} {
		if got := buildOf(tc.bi); got != tc.want {
			t.Errorf("buildOf(%+v) = %+v, want %+v", tc.bi, got, tc.want)
		}
	}
}

// TestRecordNamesBuildNotHost: every record, of a job that succeeded or
// failed, names the build that made it and the engine its search ran,
// and no directory of the machine: a dataset by its path in the data
// directory or else by its name, a peer by its name, and the same in an
// error's message.
func TestRecordNamesBuildNotHost(t *testing.T) {
	appendix, err := os.ReadFile(filepath.Join("..", "testdata", "appendix.csv"))
	if err != nil {
		t.Fatal(err)
	}
	data, other := t.TempDir(), t.TempDir()
	for _, path := range []string{filepath.Join(data, "sub", "tiny.csv"), filepath.Join(other, "elsewhere.csv")} {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, appendix, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := newRunner(data)
	for _, tc := range []struct {
		job           Job
		dataset, stat string // the record's dataset, and its status's start
	}{
		{Job{Suite: "mouse", Dataset: filepath.Join(data, "sub", "tiny.csv"), Solver: "auto", Mode: "size", Fold: -1}, "sub/tiny.csv", "ok"},
		{Job{Suite: "mouse", Dataset: filepath.Join(other, "elsewhere.csv"), Solver: "dp", Mode: "depth", Fold: -1}, "elsewhere.csv", "ok"},
		{Job{Suite: "mouse", Dataset: "sub/tiny.csv", Solver: "gini", Mode: "size", Fold: -1}, "sub/tiny.csv", "ok"},
		{Job{Suite: "mouse", Dataset: filepath.Join(data, "missing.csv"), Solver: "gini", Mode: "size", Fold: -1}, "missing.csv", "error: "},
		{Job{Suite: "table3", Dataset: "sub/tiny.csv", Solver: "gini", Mode: "size", Fold: 0}, "sub/tiny.csv", "error: "},
		{Job{Suite: "minerror", Dataset: "sub/tiny.csv", Solver: "streed", Program: "/nonexistent/streed", Mode: "errors", MaxDepth: 2, Fold: -1}, "sub/tiny.csv", "error: streed: "},
	} {
		rec := r.Run(context.Background(), tc.job)
		var line strings.Builder
		if err := WriteRecord(&line, rec); err != nil {
			t.Fatal(err)
		}
		var fields map[string]any
		if err := json.Unmarshal([]byte(line.String()), &fields); err != nil {
			t.Fatal(err)
		}
		if fields["version"] != thisBuild().Version || fields["commit"] != thisBuild().Commit || thisBuild().Version == "" {
			t.Errorf("%s: version %v, commit %v; want this build's, %+v", tc.job, fields["version"], fields["commit"], thisBuild())
		}
		if rec.Dataset != tc.dataset || !strings.HasPrefix(rec.Status, tc.stat) {
			t.Errorf("%s: dataset %q, status %q; want %q, %q...", tc.job, rec.Dataset, rec.Status, tc.dataset, tc.stat)
		}
		if tc.job.Program != "" && rec.Program != "streed" {
			t.Errorf("%s: program %q, want streed", tc.job, rec.Program)
		}
		if rec.OK() && (rec.Engine == "" || rec.Engine == tc.job.Solver && tc.job.Solver == "auto") {
			t.Errorf("%s: engine %q; want the engine that ran", tc.job, rec.Engine)
		}
		for _, dir := range []string{data, other, "/nonexistent"} {
			if strings.Contains(line.String(), dir) {
				t.Errorf("%s: the record names %s: %s", tc.job, dir, line.String())
			}
		}
	}
}

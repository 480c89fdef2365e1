package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/odtx/odtx/internal/shareddata"
)

// TestConflictsMajority: learn --conflicts majority on car_evaluation.csv,
// whose 175 rows contradict identical ones, writes a tree with its
// training errors and their lines, and cv runs on it.
func TestConflictsMajority(t *testing.T) {
	data := shareddata.Path(t, "car_evaluation.csv")
	if r := run(t, ".", "", "learn", data); r.code != 1 || !strings.Contains(r.stderr, "no consistent tree exists") {
		t.Errorf("without --conflicts: exit %d, stderr %q", r.code, r.stderr)
	}
	r := mustRun(t, ".", "", "learn", "--conflicts", "majority", "--mode", "depth", "--format", "json", data)
	var doc struct {
		Optimal bool  `json:"optimal"`
		Errors  *int  `json:"training_errors"`
		Lines   []int `json:"error_lines"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
		t.Fatal(err)
	}
	if !doc.Optimal || doc.Errors == nil || *doc.Errors != 175 || len(doc.Lines) != 175 {
		t.Errorf("optimal %v, training errors %v, %d lines; want true, 175, 175", doc.Optimal, doc.Errors, len(doc.Lines))
	}
	if !strings.Contains(r.stderr, "175 rows relabelled") {
		t.Errorf("stderr %q, want the number of rows relabelled", r.stderr)
	}
	cv := mustRun(t, ".", "", "-q", "cv", "--folds", "3", "--conflicts", "majority", data)
	if !strings.Contains(cv.stdout, "mean test accuracy") {
		t.Errorf("cv printed %q", cv.stdout)
	}
}

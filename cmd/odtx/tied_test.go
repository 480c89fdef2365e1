package main

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestTiedCSV: learn --conflicts majority on tied.csv, whose identical
// rows tie twice, gives on every engine the tree of depth 1 that either
// label of a tie allows, proven optimal, with its 3 training errors, the
// fewest, on the lines of the labels it did not give the ties; and the
// summary says how ties took their labels. Before, the first label of
// each tie in the file held, and odtx printed a tree of depth 3 and 7
// nodes as optimal.
func TestTiedCSV(t *testing.T) {
	data := filepath.Join("..", "..", "testdata", "tied.csv")
	for _, e := range []string{"dp", "sat", "auto"} {
		r := mustRun(t, ".", "", "--engine", e, "learn", "--conflicts", "majority", "--format", "json", data)
		var doc struct {
			Depth   int   `json:"depth"`
			Nodes   int   `json:"nodes"`
			Optimal bool  `json:"optimal"`
			Errors  int   `json:"training_errors"`
			Lines   []int `json:"error_lines"`
		}
		if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
			t.Fatal(err)
		}
		// x0 <= 0 gives a to line 2's tie and b to line 10's.
		if doc.Depth != 1 || doc.Nodes != 3 || !doc.Optimal || doc.Errors != 3 || !slices.Equal(doc.Lines, []int{2, 10, 12}) {
			t.Errorf("%s: depth %d, %d nodes, optimal %v, training errors %v on lines %v; want 1, 3, true, 3 on 2 10 12",
				e, doc.Depth, doc.Nodes, doc.Optimal, doc.Errors, doc.Lines)
		}
		if want := "3 rows relabelled to the majority of their identical rows (on a tie, the label of their leaf): 3 training errors, the fewest any tree makes"; !strings.Contains(r.stderr, want) {
			t.Errorf("%s: stderr %q, want %q", e, r.stderr, want)
		}
	}
}

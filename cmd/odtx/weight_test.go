package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// weighedCSV: x <= 0 holds for three rows of a, weighing 1 in all, and
// one b of weight 5; x > 0 for one a and one b. Unweighted, the best
// stump gives x <= 0 class a (one error); weighted, the one b outweighs
// the three a's.
const weighedCSV = "x,w,y\n0,0.25,a\n0,0.25,a\n0,0.5,a\n0,5,b\n1,1,a\n1,2,b\n"

// TestWeightColumn: learn --weight minimizes the weight of the errors,
// says it in the JSON beside the rows wrong, and gives each leaf its
// weights; the weight column is no feature.
func TestWeightColumn(t *testing.T) {
	r := mustRun(t, ".", weighedCSV, "learn", "--max-depth", "1", "--weight", "w", "--format", "json", "-")
	var doc struct {
		TrainingErrors int     `json:"training_errors"`
		TrainingLoss   float64 `json:"training_loss"`
		Root           struct {
			Class   string    `json:"class"`
			Weights []float64 `json:"weights"`
			Counts  []int     `json:"counts"`
		} `json:"root"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
		t.Fatal(err)
	}
	// The best tree is the leaf b: the a's weigh 2 in all, and a split on
	// x gains nothing, as b outweighs a on both sides.
	if doc.TrainingErrors != 4 || doc.TrainingLoss != 2 || doc.Root.Class != "b" {
		t.Errorf("errors %d, loss %v, root %+v; want 4 rows of weight 2 wrong, the leaf b\n%s", doc.TrainingErrors, doc.TrainingLoss, doc.Root, r.stdout)
	}
	if len(doc.Root.Weights) != 2 || doc.Root.Weights[0] != 2 || doc.Root.Weights[1] != 7 {
		t.Errorf("leaf weights %v, want [2 7]", doc.Root.Weights)
	}
	if !strings.Contains(r.stderr, "4 training errors of weight 2") {
		t.Errorf("summary %q does not give the weight", r.stderr)
	}
	plain := mustRun(t, ".", weighedCSV, "learn", "--max-depth", "1", "--format", "json", "-")
	if !strings.Contains(plain.stdout, `"column": "w"`) || strings.Contains(plain.stdout, "training_loss") {
		t.Errorf("without --weight, w should be a feature and no loss written:\n%s", plain.stdout)
	}
}

// TestWeightErrors: a bad weight, a bad class weight, or weights on dump,
// are one-line errors.
func TestWeightErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"learn", "--max-depth", "1", "--weight", "w", "-"}, `stdin:5: column "w": weight "-5"`},
		{[]string{"learn", "--max-depth", "1", "--class-weight", "a=x", "-"}, `class "a": weight "x"`},
		{[]string{"dump", "--depth", "1", "--weight", "w", "-"}, "flag provided but not defined: -weight"},
	} {
		r := run(t, ".", strings.Replace(weighedCSV, "0,5,b", "0,-5,b", 1), tc.args...)
		if r.code == 0 || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("odtx %q: exit %d, stderr %q; want an error with %q", tc.args, r.code, r.stderr, tc.want)
		}
	}
}

// TestWeightedMinLeaf: with weights, --min-leaf is a least weight of a
// leaf, not of rows: the stump on x has a leaf of 3 rows weighing 2.5,
// which leaves of weight 2.5 allow and of 3 do not, though of 3 rows.
func TestWeightedMinLeaf(t *testing.T) {
	const csv = "x,w,y\n0,1,a\n0,1,a\n0,0.5,a\n1,4,b\n1,1,b\n"
	for _, tc := range []struct {
		min    string
		leaves int
	}{{"2.5", 2}, {"3", 1}} {
		r := mustRun(t, ".", csv, "learn", "--max-depth", "1", "--weight", "w", "--min-leaf", tc.min, "--format", "json", "-")
		var doc struct {
			Leaves int `json:"leaves"`
			Budget struct {
				MinLeaf float64 `json:"min_leaf"`
			} `json:"budget"`
		}
		if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
			t.Fatal(err)
		}
		if doc.Leaves != tc.leaves || fmt.Sprint(doc.Budget.MinLeaf) != tc.min {
			t.Errorf("--min-leaf %s: %d leaves, budget %+v; want %d leaves\n%s", tc.min, doc.Leaves, doc.Budget, tc.leaves, r.stdout)
		}
	}
}

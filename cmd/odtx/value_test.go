package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// TestOneMeaning: a number means its value wherever odtx reads it. Labels
// 1 and 1.0 are one class in learn, as in predict; an == test holds for
// 2.0 as for 2; and the tree's JSON records its split, which predict then
// follows. Before, learn made 1 and 1.0 two classes, and a --split eq tree
// that scored 100 % on its training rows scored less on the same rows with
// 2 written 2.0.
func TestOneMeaning(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"labels.csv":  "a,label\n1,1\n2,1.0\n3,2\n",
		"eq.csv":      "a,label\n1,p\n2,q\n3,p\n",
		"eq-same.csv": "a,label\n1.0,p\n2.0,q\n03,p\n",
	})
	r := mustRun(t, dir, "", "-q", "learn", "--format", "json", "labels.csv")
	var doc struct {
		Classes []string
		Split   string
	}
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(doc.Classes, []string{"1", "2"}) || doc.Split != "threshold" {
		t.Errorf("classes %q, split %q; want [1 2] and threshold", doc.Classes, doc.Split)
	}
	mustRun(t, dir, "", "-q", "learn", "--split", "eq", "--format", "json", "-o", "eq.json", "eq.csv")
	for _, data := range []string{"eq.csv", "eq-same.csv"} {
		r := mustRun(t, dir, "", "predict", "--tree", "eq.json", data)
		if r.stdout != "p\nq\np\n" || !strings.Contains(r.stderr, "accuracy: 100.0% (3/3)") {
			t.Errorf("%s: predicted %q, stderr %q; want p q p, 100%%", data, r.stdout, r.stderr)
		}
	}
	r = mustRun(t, dir, "", "-q", "learn", "--split", "eq", "--format", "json", "eq.csv")
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil || doc.Split != "eq" {
		t.Errorf("split %q (%v), want eq", doc.Split, err)
	}
}

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

// TestReadableErrors: two 18-digit identifiers that float64 cannot tell
// apart are named as such, with the way out, and --split eq learns from
// them; a file whose lines end in CR alone is named so. Before, learn said
// the lines have the same features, and that the file has no data rows.
func TestReadableErrors(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"id.csv": "id,label\n123456789012345678,a\n123456789012345679,b\n",
		"cr.csv": "a,b,label\r1,2,x\r3,4,y\r",
	})
	for _, c := range []struct{ file, want string }{
		{"id.csv", `odtx: id.csv: lines 2 and 3 differ only in column "id", whose 123456789012345678 and 123456789012345679 are beyond the precision of a float64, which makes them one number: --split eq tells them apart`},
		{"cr.csv", `odtx: cr.csv:1: the header runs on past a carriage return: lines that end in CR alone (old Mac files) are not read as lines; convert them to LF (tr '\r' '\n')`},
	} {
		args := []string{"learn", c.file}
		checkOneLine(t, args, run(t, dir, "", args...), c.want)
	}
	r := mustRun(t, dir, "", "-q", "learn", "--split", "eq", "id.csv")
	if !strings.Contains(r.stdout, "id == 123456789012345678") {
		t.Errorf("--split eq: %q", r.stdout)
	}
}

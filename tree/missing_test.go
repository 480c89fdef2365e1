package tree

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/odtx/odtx/dataset"
)

// missingTree returns a tree over the features of a table whose column A
// has missing values and B none, and the table: at the root a test that
// the missing values satisfy; under it, on its true side, a test on B
// that its records split evenly, and on its false side a test on A that
// they fail, which no record with a missing value reaches and most of
// whose records satisfy it.
func missingTree(t *testing.T) (*Tree, *dataset.Table) {
	t.Helper()
	tbl, err := dataset.ReadTable(strings.NewReader("A,B,y\n1,1,a\n2,5,a\n,3,b\n3,2,b\nnan,7,b\n4,6,a\n3,8,a\n"), "t.csv")
	if err != nil {
		t.Fatal(err)
	}
	ds, err := tbl.Binarize(dataset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	feature := func(s string) int {
		for f, ft := range ds.Features {
			if ft.String() == s {
				return f
			}
		}
		t.Fatalf("no feature %s among %v", s, ds.Features)
		return -1
	}
	root := Split(feature("A <= 2 (missing: yes)"),
		Split(feature("A <= 3 (missing: no)"), Leaf(0), Leaf(1)),
		Split(feature("B <= 3"), Leaf(1), Leaf(0)))
	return &Tree{Root: root, Features: ds.Features, Label: ds.Label, Classes: ds.Classes}, tbl
}

// TestMissingSides: scoring a tree on its training records sets where a
// missing value goes at each test on a column of numbers: where the
// search sent those of the records, at a test they reach; at any other,
// to the branch more records take, False on a tie. The text and DOT show
// it on the tests of a column that had missing values; the JSON on every
// test, and reads back to the same tree, which predicts alike.
func TestMissingSides(t *testing.T) {
	tr, tbl := missingTree(t)
	if _, _, err := tr.Score(tbl, nil, 0); err != nil {
		t.Fatal(err)
	}
	root := tr.Root
	for _, c := range []struct {
		n    *Node
		want dataset.Missing
	}{
		{root, dataset.MissingTrue},       // the records with missing values go so
		{root.False, dataset.MissingTrue}, // two of three records satisfy it: not the feature's side
		{root.True, dataset.MissingFalse}, // two and two: False
	} {
		if c.n.Missing != c.want {
			t.Errorf("%v: missing %v, want %v", tr.Features[c.n.Feature], c.n.Missing, c.want)
		}
	}
	var text, dot, svg bytes.Buffer
	if err := tr.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if err := tr.WriteDOT(&dot); err != nil {
		t.Fatal(err)
	}
	if err := tr.WriteSVG(&svg); err != nil {
		t.Fatal(err)
	}
	want := `if A <= 2 (missing: yes):
    if B <= 3:
        y = a  # a: 1, b: 1
    else:
        y = b  # a: 1, b: 1
else:
    if A <= 3 (missing: yes):
        y = b  # a: 1, b: 1
    else:
        y = a  # a: 1
`
	if text.String() != want {
		t.Errorf("text\n%s\nwant\n%s", text.String(), want)
	}
	for _, want := range []string{`label="A <= 2 (missing: yes)"`, `label="A <= 3 (missing: yes)"`, `label="B <= 3"`} {
		if !strings.Contains(dot.String(), want) {
			t.Errorf("DOT lacks %s:\n%s", want, dot.String())
		}
	}
	for _, want := range []string{`>A &lt;= 2 (missing: yes)</text>`, `>A &lt;= 3 (missing: yes)</text>`, `>B &lt;= 3</text>`} {
		if !strings.Contains(svg.String(), want) {
			t.Errorf("SVG lacks %s:\n%s", want, svg.String())
		}
	}

	var js bytes.Buffer
	if err := tr.WriteJSON(&js, Meta{}); err != nil {
		t.Fatal(err)
	}
	if got := regexp.MustCompile(`"missing[a-z_]*": [a-z]+`).FindAllString(js.String(), -1); strings.Join(got, " ") !=
		`"missing": true "missing_learned": true "missing": false "missing": true "missing_learned": true` {
		t.Errorf("the JSON's sides of missing values: %q\n%s", got, js.String())
	}
	back, err := ReadJSON(&js)
	if err != nil {
		t.Fatal(err)
	}
	var again bytes.Buffer
	if err := back.WriteText(&again); err != nil {
		t.Fatal(err)
	}
	if again.String() != want {
		t.Errorf("text of the tree read back\n%s\nwant\n%s", again.String(), want)
	}
	// A missing A goes true, then a missing B false; a missing B on the
	// root's false side is not asked.
	test, err := dataset.ReadTable(strings.NewReader("A,B,y\n,,x\nNaN,1,x\n5,,x\n3,NAN,x\n2.5,8,x\n"), "u.csv")
	if err != nil {
		t.Fatal(err)
	}
	for _, tree := range []*Tree{tr, back} {
		got, err := tree.Predict(test)
		if err != nil || strings.Join(got, " ") != "b a a b b" {
			t.Errorf("predictions %q, %v; want b a a b b", got, err)
		}
	}
}

// TestMissingOldJSON: a tree from before odtx knew missing values, whose
// JSON says nothing of them, predicts as it did: a missing value in a
// column of numbers is an error, a value of its own in one of categories.
func TestMissingOldJSON(t *testing.T) {
	const old = `{"label": "y", "classes": ["no", "yes"],
	 "root": {"column": "A", "op": "<=", "value": 1,
	          "true": {"column": "C", "op": "==", "value": "", "true": {"class": "no"}, "false": {"class": "yes"}},
	          "false": {"class": "yes"}}}`
	tr, err := ReadJSON(strings.NewReader(old))
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := dataset.ReadTable(strings.NewReader("A,C\n1,\n0,NaN\n0,x\n"), "t.csv")
	if err != nil {
		t.Fatal(err)
	}
	if got, err := tr.Predict(tbl); err != nil || strings.Join(got, " ") != "no no yes" {
		t.Errorf("predictions %q, %v; want no no yes", got, err)
	}
	tbl, err = dataset.ReadTable(strings.NewReader("A,C\n1,\nnan,x\n"), "t.csv")
	if err != nil {
		t.Fatal(err)
	}
	_, err = tr.Predict(tbl)
	if want := `t.csv:3: column "A": missing value "nan", and the test does not say where missing values go`; err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
}

package tree

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/odtx/odtx/dataset"
)

// TestWriteJSONBound: a tree not proven optimal carries its lower bound
// with both fields, nodes 0 when no node count was proven; an optimal tree
// carries none.
func TestWriteJSONBound(t *testing.T) {
	tr := &Tree{
		Root:     Split(0, Leaf(1), Leaf(0)),
		Features: []dataset.Feature{{Column: "A", Op: dataset.LessEq, Threshold: 1}},
		Label:    "y",
		Classes:  []string{"no", "yes"},
	}
	tests := []struct {
		meta Meta
		want any
	}{
		{Meta{Bound: Bound{Depth: 1}}, map[string]any{"depth": 1.0, "nodes": 0.0}},
		{Meta{Bound: Bound{Depth: 1, Nodes: 3}}, map[string]any{"depth": 1.0, "nodes": 3.0}},
		{Meta{Optimal: true, Bound: Bound{Depth: 1, Nodes: 3}}, nil},
	}
	for _, tt := range tests {
		var out bytes.Buffer
		if err := tr.WriteJSON(&out, tt.meta); err != nil {
			t.Fatal(err)
		}
		var doc map[string]any
		if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
			t.Fatal(err)
		}
		if got := doc["lower_bound"]; !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%+v: lower_bound %#v, want %#v", tt.meta, got, tt.want)
		}
	}
}

// TestReadJSONStrict: ReadJSON takes the tree WriteJSON writes and refuses
// a file that would mean something else than it says: a key twice (JSON
// keeps the last), a key odtx does not write, a leaf that is a test too, a
// class not among the classes or listed twice, counts not one per class.
func TestReadJSONStrict(t *testing.T) {
	const good = `{"label": "y", "classes": ["no", "yes"], "split": "threshold",
	 "root": {"column": "A", "op": "<=", "value": 1,
	          "true": {"class": "no", "counts": [2, 0]}, "false": {"class": "yes"}}}`
	if _, err := ReadJSON(strings.NewReader(good)); err != nil {
		t.Fatalf("a good tree: %v", err)
	}
	for _, c := range []struct{ old, new, want string }{
		{`"label": "y",`, `"label": "y", "label": "z",`, `key "label" twice`},
		{`{"class": "yes"}`, `{"class": "yes", "class": "no"}`, `key "class" twice`},
		{`"split"`, `"spilt"`, `unknown field "spilt"`},
		{`{"class": "yes"}`, `{"class": "yes", "column": "A"}`, `leaf of class "yes" has a test too`},
		{`{"class": "yes"}`, `{"class": "maybe"}`, `"maybe", which is not among the classes`},
		{`["no", "yes"]`, `["no", "yes", "no"]`, `class "no" listed twice`},
		{`[2, 0]`, `[2]`, `1 counts for 2 classes`},
		{`"value": 1,`, `"value": 1, "missing_learned": true,`, `"missing_learned" without "missing"`},
		{`{"class": "yes"}`, `{"class": "yes", "missing": true}`, `leaf of class "yes" has a test too`},
		{`"op": "<=", "value": 1,`, `"op": "==", "value": "1", "missing": false,`, `"missing" on a == test`},
	} {
		in := strings.Replace(good, c.old, c.new, 1)
		_, err := ReadJSON(strings.NewReader(in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s -> %s: error %v, want one saying %s", c.old, c.new, err, c.want)
		}
	}
}

package tree

import (
	"bytes"
	"encoding/json"
	"reflect"
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

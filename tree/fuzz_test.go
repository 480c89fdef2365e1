package tree

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// FuzzReadJSON: ReadJSON, which reads the tree file given to predict,
// rejects in one line what it does not take; it takes one JSON document
// and nothing after it, and a tree it takes is whole (every test names one
// of its features, every leaf one of its classes) and reads back the same
// once written.
func FuzzReadJSON(f *testing.F) {
	f.Fuzz(func(t *testing.T, in []byte) {
		tr, err := ReadJSON(bytes.NewReader(in))
		if err != nil {
			if strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("error of more than one line: %q", err)
			}
			return
		}
		if !json.Valid(in) {
			t.Fatal("took what is not one JSON document")
		}
		checkWhole(t, tr, tr.Root)
		var out bytes.Buffer
		if err := tr.WriteJSON(&out, Meta{}); err != nil {
			t.Fatalf("write the tree read: %v", err)
		}
		written := out.Bytes()
		back, err := ReadJSON(bytes.NewReader(written))
		if err != nil {
			t.Fatalf("read back %s: %v", written, err)
		}
		var again bytes.Buffer
		if err := back.WriteJSON(&again, Meta{}); err != nil || !bytes.Equal(again.Bytes(), written) {
			t.Fatalf("written, read back and written again (%v):\n%s\nfirst written:\n%s", err, again.Bytes(), written)
		}
	})
}

// checkWhole fails t unless every node below n refers to a feature and a
// class that tr has.
func checkWhole(t *testing.T, tr *Tree, n *Node) {
	t.Helper()
	if n.IsLeaf() {
		if n.Class < 0 || n.Class >= len(tr.Classes) {
			t.Fatalf("leaf of class %d among %d", n.Class, len(tr.Classes))
		}
		return
	}
	if n.Feature < 0 || n.Feature >= len(tr.Features) || n.True == nil || n.False == nil {
		t.Fatalf("node on feature %d among %d, children %v and %v", n.Feature, len(tr.Features), n.False, n.True)
	}
	checkWhole(t, tr, n.False)
	checkWhole(t, tr, n.True)
}

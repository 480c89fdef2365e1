package tree

import (
	"fmt"
	"io"
	"strings"

	"github.com/odtx/odtx/dataset"
)

// WriteText writes t as indented if/else rules, one test or class a line.
// Names and values are written as dataset.Readable writes them, so that
// each stays on its line and an empty one shows.
func (t *Tree) WriteText(w io.Writer) error {
	var b strings.Builder
	t.text(&b, t.Root, 0)
	_, err := io.WriteString(w, b.String())
	return err
}

func (t *Tree) text(b *strings.Builder, n *Node, depth int) {
	indent := strings.Repeat("    ", depth)
	if n.IsLeaf() {
		fmt.Fprintf(b, "%s%s%s\n", indent, t.leaf(n), t.counts(n, "  # ", ""))
		return
	}
	fmt.Fprintf(b, "%sif %s:\n", indent, t.test(n))
	t.text(b, n.True, depth+1)
	fmt.Fprintf(b, "%selse:\n", indent)
	t.text(b, n.False, depth+1)
}

// test returns the feature that n tests as a tree shows it: on a column
// that had missing values in training, with the side they take at n.
func (t *Tree) test(n *Node) dataset.Feature {
	f := t.Features[n.Feature]
	if f.Missing != 0 {
		f.Missing = n.side(&f)
	}
	return f
}

// leaf is what leaf n says: the label column and its class.
func (t *Tree) leaf(n *Node) string {
	return dataset.Readable(t.Label) + " = " + dataset.Readable(t.Classes[n.Class])
}

// WriteDOT writes t as a Graphviz digraph, each node's text as WriteText
// writes it.
func (t *Tree) WriteDOT(w io.Writer) error {
	var b strings.Builder
	b.WriteString("digraph tree {\n  node [fontname=\"Helvetica\"];\n")
	next := 0
	var walk func(n *Node) int
	walk = func(n *Node) int {
		id := next
		next++
		if n.IsLeaf() {
			label := dotString(t.leaf(n))
			if c := t.counts(n, "", ""); c != "" {
				label += `\n` + dotString(c)
			}
			fmt.Fprintf(&b, "  n%d [shape=ellipse, label=\"%s\"];\n", id, label)
			return id
		}
		fmt.Fprintf(&b, "  n%d [shape=box, label=\"%s\"];\n", id, dotString(t.test(n).String()))
		fmt.Fprintf(&b, "  n%d -> n%d [label=\"true\"];\n", id, walk(n.True))
		fmt.Fprintf(&b, "  n%d -> n%d [label=\"false\"];\n", id, walk(n.False))
		return id
	}
	walk(t.Root)
	b.WriteString("}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// counts describes the training records that reach leaf n, between open
// and end, as each class present with its count ("yes: 3, no: 1"); it is ""
// where they were not counted.
func (t *Tree) counts(n *Node, open, end string) string {
	if n.Fit != nil {
		return open + n.Fit.String() + end
	}
	if n.Counts == nil {
		return ""
	}
	var parts []string
	for c, k := range n.Counts {
		if k > 0 && c < len(t.Classes) {
			parts = append(parts, fmt.Sprintf("%s: %d", dataset.Readable(t.Classes[c]), k))
		}
	}
	if len(parts) == 0 {
		parts = append(parts, "no rows")
	}
	return open + strings.Join(parts, ", ") + end
}

// dotString escapes s, which holds no line break, for a quoted DOT string:
// a backslash and a quote are the characters that Graphviz reads otherwise.
func dotString(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s)
}

package tree

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/odtx/odtx/dataset"
)

// svgName is the most characters of a name or a value that a box shows:
// a tree of depth 5 has up to 32 leaves side by side, and names of 40 or
// 60 characters would make it wider than a screen many times over. The
// full names are in each box's tooltip.
const svgName = 20

// short returns s cut, if it is longer than svgName characters, to at
// most that many by taking out its middle, an ellipsis in its place: the
// two ends tell apart names that differ at the start (north_sales,
// south_sales) or at the end (sensor_reading_17, sensor_reading_18). The
// cut falls between words where a break is near, so that no word shows
// in part.
func short(s string) string {
	r := []rune(s)
	if len(r) <= svgName {
		return s
	}
	h := (svgName - 1) * 2 / 3
	head, tail := r[:h], r[len(r)-(svgName-1-h):]
	for i := len(head) - 1; i >= len(head)/2; i-- {
		if wordBreak(head[i]) {
			head = head[:i]
			break
		}
	}
	for i := 0; i <= len(tail)/2; i++ {
		if wordBreak(tail[i]) {
			tail = tail[i+1:]
			break
		}
	}
	return string(head) + "…" + string(tail)
}

// wordBreak reports whether c separates the words of a name.
func wordBreak(c rune) bool { return c == ' ' || c == '_' || c == '-' || c == '.' }

// abbreviated returns a copy of t whose label, classes, columns and
// values are cut short for drawing; its nodes are t's.
func (t *Tree) abbreviated() *Tree {
	s := *t
	s.Label = short(t.Label)
	s.Classes = make([]string, len(t.Classes))
	for i, c := range t.Classes {
		s.Classes[i] = short(c)
	}
	s.Features = make([]dataset.Feature, len(t.Features))
	for i, f := range t.Features {
		f.Column, f.Value = short(f.Column), short(f.Value)
		s.Features[i] = f
	}
	return &s
}

// lines returns the text of n's box: an inner node's test; a leaf's class
// and, where they were counted, its training rows of each class, over as
// many lines as keep each about as short as a name. The label column is
// named once, in the legend, not in every leaf.
func (t *Tree) lines(n *Node) []string {
	if !n.IsLeaf() {
		return []string{t.test(n).String()}
	}
	lines := []string{dataset.Readable(t.Classes[n.Class])}
	if c := t.counts(n, "", ""); c != "" {
		lines = append(lines, wrap(c)...)
	}
	return lines
}

// wrap breaks a list written "a, b, c" after commas into lines of at most
// svgName characters, or of one item where that is longer.
func wrap(list string) []string {
	var lines []string
	line := ""
	for i, item := range strings.Split(list, ", ") {
		switch {
		case i == 0:
			line = item
		case utf8.RuneCountInString(line+", "+item) <= svgName:
			line += ", " + item
		default:
			lines = append(lines, line+",")
			line = item
		}
	}
	return append(lines, line)
}

// title returns the tooltip of n's box: its lines with every name in
// full, and at a leaf the label column too.
func (t *Tree) title(n *Node) string {
	if !n.IsLeaf() {
		return t.test(n).String()
	}
	return t.leaf(n) + t.counts(n, "\n", "")
}

// leafClasses returns the classes of n's leaves, each once, in the order
// of t.Classes.
func leafClasses(n *Node) []int {
	if n.IsLeaf() {
		return []int{n.Class}
	}
	all := append(leafClasses(n.True), leafClasses(n.False)...)
	slices.Sort(all)
	return slices.Compact(all)
}

// textWidth estimates how wide s is drawn in the font of the boxes.
func textWidth(s string) float64 {
	return float64(utf8.RuneCountInString(s)) * svgChar
}

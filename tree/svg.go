package tree

import (
	"bytes"
	"fmt"
	"html"
	"io"
	"math"
	"unicode/utf8"
)

// Layout of a drawn tree, in CSS pixels. Text widths are estimated, as
// nothing here measures fonts; the estimate is generous, so that a label
// stays inside its box in the usual sans-serif fonts.
const (
	svgFont   = 12             // of the tests, classes and counts
	svgSmall  = 10             // of the true and false on the edges
	svgChar   = 0.62 * svgFont // the width of an average character
	svgLine   = svgFont + 3    // from one line of a box to the next
	svgPad    = 5              // between a box's edge and its text
	svgHGap   = 12             // between neighbouring boxes of a level
	svgVGap   = 40             // between levels, where edges run
	svgMargin = 10             // round the picture
	svgEdge   = "#555555"      // colour of edges and of inner boxes
	svgInner  = "#f2f2f2"      // fill of inner boxes
	svgFonts  = "Helvetica, Arial, sans-serif"
	svgTint   = 0.22 // opacity of a leaf's class colour as its fill
)

// classColours tell the classes of leaves apart: Okabe and Ito's colours,
// which colour-blind readers tell apart too, as the chart package uses.
var classColours = []string{"#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000"}

// WriteSVG writes t as an SVG picture, root on top: each inner node a box
// holding its test, its true branch to the left and its false branch to
// the right, the edges labelled so; each leaf a box tinted by its class,
// holding the class and, where they were counted, the training rows of
// each class that reach it. Subtrees are packed as close as their levels
// allow (Reingold and Tilford's tidy drawing), so that a tree of depth 8
// and 150 nodes keeps a 12 px font at a width a browser scrolls through.
// It needs no Graphviz: the SVG is written here, with the standard
// library.
func (t *Tree) WriteSVG(w io.Writer) error {
	root, _ := t.shape(t.Root)
	boxes := place(root)
	left, right, depth := math.Inf(1), math.Inf(-1), 0
	rowHeight := 0.0
	for _, b := range boxes {
		left, right = min(left, b.x-b.w/2), max(right, b.x+b.w/2)
		depth = max(depth, b.level)
		rowHeight = max(rowHeight, b.h)
	}
	rowHeight += svgVGap
	width := right - left + 2*svgMargin
	height := float64(depth)*rowHeight + rowHeight - svgVGap + 2*svgMargin
	for _, b := range boxes {
		b.x += svgMargin - left
		b.y = svgMargin + float64(b.level)*rowHeight
	}

	var s bytes.Buffer
	fmt.Fprintf(&s, `<svg width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f"`+"\n", width, height, width, height)
	fmt.Fprintf(&s, `  xmlns="http://www.w3.org/2000/svg" font-family=%q font-size="%d">`+"\n", svgFonts, svgFont)
	fmt.Fprintf(&s, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	// Edges first, so that boxes cover their ends.
	var edges bytes.Buffer
	for _, b := range boxes {
		for _, k := range b.kids {
			fmt.Fprintf(&edges, "M%.1f %.1fL%.1f %.1f", b.x, b.y+b.h, k.x, k.y)
		}
	}
	fmt.Fprintf(&s, `<path d="%s" stroke=%q fill="none"/>`+"\n", edges.Bytes(), svgEdge)
	fmt.Fprintf(&s, `<g font-size="%d" fill=%q>`+"\n", svgSmall, svgEdge)
	for _, b := range boxes {
		if len(b.kids) == 0 {
			continue
		}
		// Beside the middle of each edge, on its outer side.
		for i, label := range []string{"true", "false"} {
			k := b.kids[i]
			mx, my := (b.x+k.x)/2, (b.y+b.h+k.y)/2+svgSmall/3
			anchor, dx := "end", -3.0
			if i == 1 {
				anchor, dx = "start", 3
			}
			fmt.Fprintf(&s, `<text x="%.1f" y="%.1f" text-anchor="%s">%s</text>`+"\n", mx+dx, my, anchor, label)
		}
	}
	s.WriteString("</g>\n")
	for _, b := range boxes {
		t.box(&s, b)
	}
	s.WriteString("</svg>\n")
	if _, err := w.Write(s.Bytes()); err != nil {
		return fmt.Errorf("write SVG: %w", err)
	}
	return nil
}

// box writes b: its rectangle, then its lines of text, centred.
func (t *Tree) box(s *bytes.Buffer, b *box) {
	stroke, fill, opacity := svgEdge, svgInner, 1.0
	if b.node.IsLeaf() {
		stroke = classColours[b.node.Class%len(classColours)]
		fill, opacity = stroke, svgTint
	}
	fmt.Fprintf(s, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="4" fill=%q fill-opacity="%.2f" stroke=%q/>`+"\n",
		b.x-b.w/2, b.y, b.w, b.h, fill, opacity, stroke)
	for i, line := range b.lines {
		// The baseline sits 0.8 em below the top of the line.
		y := b.y + svgPad + float64(i)*svgLine + 0.8*svgFont + (svgLine-svgFont)/2
		fmt.Fprintf(s, `<text x="%.1f" y="%.1f" text-anchor="middle">%s</text>`+"\n", b.x, y, html.EscapeString(line))
	}
}

// A box is a node of the tree as drawn.
type box struct {
	node  *Node
	lines []string
	level int     // the root's is 0
	w, h  float64 // of its rectangle
	dx    float64 // from its parent's centre to its own, once shaped
	x, y  float64 // the centre of its top edge, once placed
	kids  []*box  // the true then the false branch's; none at a leaf
}

// A contour is the horizontal extent of a subtree's boxes on each of its
// levels, the top one first, relative to the centre of its root.
type contour struct{ left, right []float64 }

// shape returns the box of n, with those of its subtree as close as they
// can go: the false subtree is set beside the true one, at the least
// distance that keeps a gap between their boxes on every level both
// reach, and n centred above them.
func (t *Tree) shape(n *Node) (*box, contour) {
	b := &box{node: n, lines: t.lines(n)}
	for _, line := range b.lines {
		b.w = max(b.w, float64(utf8.RuneCountInString(line))*svgChar)
	}
	b.w += 2 * svgPad
	b.h = float64(len(b.lines))*svgLine + 2*svgPad
	c := contour{left: []float64{-b.w / 2}, right: []float64{b.w / 2}}
	if n.IsLeaf() {
		return b, c
	}
	onTrue, tc := t.shape(n.True)
	onFalse, fc := t.shape(n.False)
	apart := 0.0
	for i := range min(len(tc.right), len(fc.left)) {
		apart = max(apart, tc.right[i]+svgHGap-fc.left[i])
	}
	onTrue.dx, onFalse.dx = -apart/2, apart/2
	b.kids = []*box{onTrue, onFalse}
	for i := range max(len(tc.left), len(fc.left)) {
		l, r := math.Inf(1), math.Inf(-1)
		if i < len(tc.left) {
			l, r = tc.left[i]-apart/2, tc.right[i]-apart/2
		}
		if i < len(fc.left) {
			l, r = min(l, fc.left[i]+apart/2), max(r, fc.right[i]+apart/2)
		}
		c.left, c.right = append(c.left, l), append(c.right, r)
	}
	return b, c
}

// place sets the level and the centre of every box under root, the root's
// at 0, and returns them all, parents before children.
func place(root *box) []*box {
	var all []*box
	var walk func(b *box, x float64, level int)
	walk = func(b *box, x float64, level int) {
		b.x, b.level = x, level
		all = append(all, b)
		for _, k := range b.kids {
			walk(k, x+k.dx, level+1)
		}
	}
	walk(root, 0, 0)
	return all
}

// lines returns the text of n's box: an inner node's test; a leaf's class
// and, where they were counted, its training rows of each class.
func (t *Tree) lines(n *Node) []string {
	if !n.IsLeaf() {
		return []string{t.Features[n.Feature].String()}
	}
	lines := []string{t.leaf(n)}
	if c := t.counts(n, "", ""); c != "" {
		lines = append(lines, c)
	}
	return lines
}

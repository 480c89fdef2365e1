package tree

import (
	"bytes"
	"fmt"
	"html"
	"io"
	"math"

	"github.com/odtx/odtx/dataset"
)

// Layout of a drawn tree, in CSS pixels at its natural size. Text widths
// are estimated, as nothing here measures fonts; the estimate is
// generous, so that a label stays inside its box in the usual sans-serif
// fonts.
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
// each class that reach it. A legend above names the label column once
// and the class of each tint. Subtrees are packed as close as their
// levels allow (Reingold and Tilford's tidy drawing), names longer than
// svgName characters are cut short, and every box's tooltip holds its
// text in full. The picture has a natural size, a 12 px font, but
// shrinks to the width of its window or container, so that the root of a
// wide tree is in sight; it needs no Graphviz: the SVG is written here,
// with the standard library.
func (t *Tree) WriteSVG(w io.Writer) error {
	drawn := t.abbreviated()
	root, _ := drawn.shape(t.Root)
	boxes := place(root)
	left, right, depth := math.Inf(1), math.Inf(-1), 0
	rowHeight := 0.0
	for _, b := range boxes {
		left, right = min(left, b.x-b.w/2), max(right, b.x+b.w/2)
		depth = max(depth, b.level)
		rowHeight = max(rowHeight, b.h)
	}
	rowHeight += svgVGap
	key, keyWidth, keyHeight := drawn.legend(right - left)
	inner := max(right-left, keyWidth)
	top := svgMargin + keyHeight + svgVGap/2
	width := inner + 2*svgMargin
	height := top + float64(depth)*rowHeight + rowHeight - svgVGap + svgMargin
	for _, b := range boxes {
		b.x += svgMargin + (inner-(right-left))/2 - left
		b.y = top + float64(b.level)*rowHeight
	}

	var s bytes.Buffer
	fmt.Fprintf(&s, `<svg width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" style="max-width: 100%%; height: auto"`+"\n", width, height, width, height)
	fmt.Fprintf(&s, `  xmlns="http://www.w3.org/2000/svg" font-family=%q font-size="%d">`+"\n", svgFonts, svgFont)
	fmt.Fprintf(&s, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	for _, e := range key {
		t.drawKey(&s, drawn, e)
	}
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

// box writes b, with its tooltip: its rectangle, then its lines of text,
// centred.
func (t *Tree) box(s *bytes.Buffer, b *box) {
	stroke, fill, opacity := svgEdge, svgInner, 1.0
	if b.node.IsLeaf() {
		stroke = classColours[b.node.Class%len(classColours)]
		fill, opacity = stroke, svgTint
	}
	fmt.Fprintf(s, "<g><title>%s</title>\n", html.EscapeString(t.title(b.node)))
	fmt.Fprintf(s, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="4" fill=%q fill-opacity="%.2f" stroke=%q/>`+"\n",
		b.x-b.w/2, b.y, b.w, b.h, fill, opacity, stroke)
	for i, line := range b.lines {
		fmt.Fprintf(s, `<text x="%.1f" y="%.1f" text-anchor="middle">%s</text>`+"\n", b.x, baseline(b.y+svgPad, i), html.EscapeString(line))
	}
	s.WriteString("</g>\n")
}

// baseline returns where the baseline of line i of a text whose top is at
// y sits: 0.8 em below the top of its line.
func baseline(y float64, i int) float64 {
	return y + float64(i)*svgLine + 0.8*svgFont + (svgLine-svgFont)/2
}

// A keyEntry is an entry of the legend: the label column's name, or a
// class that some leaf predicts, after a swatch of its leaves' tint.
type keyEntry struct {
	class int     // -1 for the label column
	x, y  float64 // its top left corner, from the legend's
}

// keyText is what the legend says for class c, or for the label column
// where c is -1.
func (t *Tree) keyText(c int) string {
	if c < 0 {
		return dataset.Readable(t.Label) + ":"
	}
	return dataset.Readable(t.Classes[c])
}

// legend sets out the legend's entries in rows no wider than width, or of
// one entry where that is wider, and returns them and the legend's size.
func (t *Tree) legend(width float64) (key []keyEntry, w, h float64) {
	x, y := 0.0, 0.0
	for _, c := range append([]int{-1}, leafClasses(t.Root)...) {
		ew := textWidth(t.keyText(c))
		if c >= 0 {
			ew += svgFont + svgPad
		}
		if x > 0 && x+ew > width {
			x, y = 0, y+svgLine+svgPad
		}
		key = append(key, keyEntry{class: c, x: x, y: y})
		w = max(w, x+ew)
		x += ew + svgHGap
	}
	return key, w, y + svgLine
}

// drawKey writes e, drawn in the names of drawn, t's abbreviation, with
// its text in full as its tooltip.
func (t *Tree) drawKey(s *bytes.Buffer, drawn *Tree, e keyEntry) {
	x, y := svgMargin+e.x, svgMargin+e.y
	fmt.Fprintf(s, "<g><title>%s</title>\n", html.EscapeString(t.keyText(e.class)))
	weight := ` font-weight="bold"`
	if e.class >= 0 {
		colour := classColours[e.class%len(classColours)]
		fmt.Fprintf(s, `<rect x="%.1f" y="%.1f" width="%d" height="%d" rx="2" fill=%q fill-opacity="%.2f" stroke=%q/>`+"\n",
			x, y+(svgLine-svgFont)/2, svgFont, svgFont, colour, svgTint, colour)
		x += svgFont + svgPad
		weight = ""
	}
	fmt.Fprintf(s, `<text x="%.1f" y="%.1f"%s>%s</text>`+"\n", x, baseline(y, 0), weight, html.EscapeString(drawn.keyText(e.class)))
	s.WriteString("</g>\n")
}

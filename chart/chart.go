// Package chart draws the line charts of odtx's experiments, such as the time
// to learn an optimal tree against the number of rows, as SVG. It writes the
// SVG itself, with the standard library only: a plotting library would add
// a hundred packages, and milliseconds of start-up, to every run of odtx.
package chart

import (
	"bytes"
	"fmt"
	"html"
	"io"
	"math"
)

// Layout, in points. A chart is 6 by 4 inches, a figure in a paper or a
// README. Text widths are estimated, as nothing here measures fonts.
const (
	width, height = 432, 288
	fontSize      = 10
	titleSize     = 12
	charWidth     = 0.6 * fontSize // of an average character, generously
	margin        = 6              // between the edge and any text
	tickLength    = 4
	gap           = 3  // a small space, such as between a tick and its label
	legendRow     = 13 // the height of a line of the legend
)

// Styles of the series, each list cycled through on its own, so that series
// differ in colour up to the seventh and in the combination up to the 84th.
// The colours are Okabe and Ito's, which colour-blind readers tell apart;
// dashes and marks tell series apart in grey print too.
var (
	colours = []string{"#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000"}
	dashes  = []string{"none", "6 3", "2 2", "8 3 2 3"}
	// Each mark is a path relative to the point it marks.
	marks = []string{
		"m-2.5 0a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0 -5 0", // circle
		"m-2.5 -2.5h5v5h-5z",                           // square
		"m0 -3.2l2.8 4.8h-5.6z",                        // triangle
		"m0 -3.2l3.2 3.2l-3.2 3.2l-3.2 -3.2z",          // diamond
		"m-2.5 -2.5l5 5m0 -5l-5 5",                     // cross
		"m-3 0h6m-3 -3v6",                              // plus
	}
)

// A Series is one line of a chart: the points (X[i], Y[i]), named in the
// legend.
type Series struct {
	Name string
	X, Y []float64
}

// Lines writes to w an SVG line chart, with a mark at every point, of the
// series, with a title, axis labels and a legend naming each series. If logY
// is set the y axis has a log scale, on which the exponential growth of
// solving times is a straight line; points with y <= 0, which a log scale
// cannot show, are left out rather than failing. The series must have as
// many X as Y values, none of them NaN or infinite.
func Lines(w io.Writer, title, xLabel, yLabel string, logY bool, series ...Series) error {
	c, err := newCanvas(logY, series)
	if err != nil {
		return err
	}
	// The size on the first line by itself, so that head -1 tells it.
	fmt.Fprintf(&c.b, `<svg width="%dpt" height="%dpt" viewBox="0 0 %d %d"`+"\n", width, height, width, height)
	fmt.Fprintf(&c.b, `  xmlns="http://www.w3.org/2000/svg" font-family="Helvetica, Arial, sans-serif" font-size="%d">`+"\n", fontSize)
	fmt.Fprintf(&c.b, `<rect width="%d" height="%d" fill="white"/>`+"\n", width, height)
	c.axes(title, xLabel, yLabel)
	for i, s := range series {
		c.line(i, s)
	}
	c.legend(series)
	c.b.WriteString("</svg>\n")
	if _, err := w.Write(c.b.Bytes()); err != nil {
		return fmt.Errorf("chart: write SVG: %w", err)
	}
	return nil
}

// A canvas is a chart being written: its axes, where they go, and the SVG
// so far.
type canvas struct {
	x, y                     *axis
	left, right, top, bottom float64 // the plot area, inside the axes
	b                        bytes.Buffer
}

// newCanvas checks the series and lays out a chart of them: axes that show
// every point, and a plot area that leaves room for the title above, the x
// labels below, the y labels on the left and half the widest x label on
// the right.
func newCanvas(logY bool, series []Series) (*canvas, error) {
	// Bounds left infinite, by no points, make the axes show a default
	// range.
	xMin, xMax, yMin, yMax := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, s := range series {
		if len(s.X) != len(s.Y) {
			return nil, fmt.Errorf("chart: series %q has %d x values and %d y values", s.Name, len(s.X), len(s.Y))
		}
		for i, x := range s.X {
			y := s.Y[i]
			if math.IsNaN(x) || math.IsInf(x, 0) || math.IsNaN(y) || math.IsInf(y, 0) {
				return nil, fmt.Errorf("chart: series %q: point %d, (%v, %v), is not finite", s.Name, i, x, y)
			}
			if logY && y <= 0 {
				continue
			}
			xMin, xMax = min(xMin, x), max(xMax, x)
			yMin, yMax = min(yMin, y), max(yMax, y)
		}
	}
	c := &canvas{x: linearAxis(xMin, xMax)}
	if logY {
		c.y = logAxis(yMin, yMax)
	} else {
		c.y = linearAxis(yMin, yMax)
	}
	c.left = margin + fontSize + gap + labelChars(c.y)*charWidth + gap + tickLength
	c.right = width - margin - labelChars(c.x)*charWidth/2
	c.top = margin + titleSize + 2*gap
	c.bottom = height - margin - fontSize - 2*gap - fontSize - gap - tickLength
	return c, nil
}

// labelChars is the length of the longest tick label on a, in characters.
func labelChars(a *axis) float64 {
	n := 0
	for _, t := range a.ticks {
		n = max(n, len(t.label))
	}
	return float64(n)
}

// px and py place a point of the data on the canvas.
func (c *canvas) px(x float64) float64 { return c.left + c.x.frac(x)*(c.right-c.left) }
func (c *canvas) py(y float64) float64 { return c.bottom - c.y.frac(y)*(c.bottom-c.top) }

// axes writes the title, the grid, the ticks and their labels, the frame
// round the plot area, and the axis labels.
func (c *canvas) axes(title, xLabel, yLabel string) {
	fmt.Fprintf(&c.b, `<text x="%.1f" y="%d" font-size="%d" text-anchor="middle">%s</text>`+"\n",
		(c.left+c.right)/2, margin+titleSize, titleSize, html.EscapeString(title))
	// The grid and the ticks are a path each, rather than an element for
	// every line.
	var grid, ticks bytes.Buffer
	for _, t := range c.x.ticks {
		x := c.px(t.value)
		fmt.Fprintf(&grid, "M%.1f %.1fV%.1f", x, c.top, c.bottom)
		fmt.Fprintf(&ticks, "M%.1f %.1fv%d", x, c.bottom, tickLength)
		fmt.Fprintf(&c.b, `<text x="%.1f" y="%.1f" text-anchor="middle">%s</text>`+"\n",
			x, c.bottom+tickLength+gap+fontSize, t.label)
	}
	for _, t := range c.y.ticks {
		y := c.py(t.value)
		if t.label == "" { // a minor tick, half as long
			fmt.Fprintf(&ticks, "M%.1f %.1fh%d", c.left, y, -tickLength/2)
			continue
		}
		fmt.Fprintf(&grid, "M%.1f %.1fH%.1f", c.left, y, c.right)
		fmt.Fprintf(&ticks, "M%.1f %.1fh%d", c.left, y, -tickLength)
		// 0.35 em below the tick puts the middle of the digits level with it.
		fmt.Fprintf(&c.b, `<text x="%.1f" y="%.1f" text-anchor="end">%s</text>`+"\n",
			c.left-tickLength-gap, y+0.35*fontSize, t.label)
	}
	fmt.Fprintf(&c.b, `<path d="%s" stroke="#dddddd" stroke-width="0.5"/>`+"\n", grid.Bytes())
	fmt.Fprintf(&c.b, `<path d="%s" stroke="black"/>`+"\n", ticks.Bytes())
	fmt.Fprintf(&c.b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="none" stroke="black"/>`+"\n",
		c.left, c.top, c.right-c.left, c.bottom-c.top)
	fmt.Fprintf(&c.b, `<text x="%.1f" y="%d" text-anchor="middle">%s</text>`+"\n",
		(c.left+c.right)/2, height-margin, html.EscapeString(xLabel))
	fmt.Fprintf(&c.b, `<text transform="translate(%d %.1f) rotate(-90)" text-anchor="middle">%s</text>`+"\n",
		margin+fontSize, (c.top+c.bottom)/2, html.EscapeString(yLabel))
}

// line writes series s, the i-th, as a line through its points in their
// order, in the i-th style, with a mark at each point. It leaves out the
// points a log scale cannot show, and writes nothing if that is all.
func (c *canvas) line(i int, s Series) {
	var line, points bytes.Buffer
	for j, x := range s.X {
		y := s.Y[j]
		if c.y.log && y <= 0 {
			continue
		}
		fmt.Fprintf(&line, "%.1f,%.1f ", c.px(x), c.py(y))
		fmt.Fprintf(&points, "M%.1f %.1f%s", c.px(x), c.py(y), marks[i%len(marks)])
	}
	if points.Len() == 0 {
		return
	}
	fmt.Fprintf(&c.b, `<g fill="none" stroke="%s"><polyline points="%s" stroke-dasharray="%s"/><path d="%s"/></g>`+"\n",
		colours[i%len(colours)], bytes.TrimSpace(line.Bytes()), dashes[i%len(dashes)], points.Bytes())
}

// legend writes a box naming each series beside a sample of its line and
// mark. It goes top left, as curves of running times rise to the right and
// leave that corner empty.
func (c *canvas) legend(series []Series) {
	if len(series) == 0 {
		return
	}
	chars := 0
	for _, s := range series {
		chars = max(chars, len([]rune(s.Name)))
	}
	const sample = 24 // the length of the sample line
	x, y := c.left+2*gap, c.top+2*gap
	fmt.Fprintf(&c.b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%d" fill="white" fill-opacity="0.85" stroke="#cccccc"/>`+"\n",
		x, y, sample+4*gap+float64(chars)*charWidth, len(series)*legendRow+2*gap)
	for i, s := range series {
		mid := y + gap + (float64(i)+0.5)*legendRow
		fmt.Fprintf(&c.b, `<g fill="none" stroke="%s"><path d="M%.1f %.1fh%d" stroke-dasharray="%s"/><path d="M%.1f %.1f%s"/></g>`+"\n",
			colours[i%len(colours)], x+gap, mid, sample, dashes[i%len(dashes)], x+gap+sample/2, mid, marks[i%len(marks)])
		fmt.Fprintf(&c.b, `<text x="%.1f" y="%.1f">%s</text>`+"\n",
			x+2*gap+sample, mid+0.35*fontSize, html.EscapeString(s.Name))
	}
}

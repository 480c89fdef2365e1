// Package chart draws the line charts of odtx's experiments, such as the time
// to learn an optimal tree against the number of rows, as SVG through
// gonum.org/v1/plot.
package chart

import (
	"fmt"
	"io"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Size of a chart, 6 by 4 inches: a figure in a paper or a README. It is not
// exported, so that gonum's vg.Length stays out of the API.
const (
	width  = 6 * vg.Inch
	height = 4 * vg.Inch
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
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = xLabel
	p.Y.Label.Text = yLabel
	// Curves of running times rise to the right, leaving the top left empty.
	p.Legend.Top, p.Legend.Left = true, true
	p.Add(plotter.NewGrid())
	if logY {
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = plot.LogTicks{Prec: -1}
	}

	for i, s := range series {
		if len(s.X) != len(s.Y) {
			return fmt.Errorf("chart: series %q has %d x values and %d y values", s.Name, len(s.X), len(s.Y))
		}
		xys := make(plotter.XYs, 0, len(s.X))
		for j := range s.X {
			if logY && s.Y[j] <= 0 {
				continue
			}
			xys = append(xys, plotter.XY{X: s.X[j], Y: s.Y[j]})
		}
		line, points, err := plotter.NewLinePoints(xys)
		if err != nil {
			return fmt.Errorf("chart: series %q: %w", s.Name, err)
		}
		line.Color = plotutil.Color(i)
		line.Dashes = plotutil.Dashes(i)
		points.Color = plotutil.Color(i)
		points.Shape = plotutil.Shape(i)
		p.Add(line, points)
		p.Legend.Add(s.Name, line, points)
	}
	if logY {
		logRange(&p.Y)
	}

	c := vgsvg.New(width, height)
	p.Draw(draw.New(c))
	if _, err := c.WriteTo(w); err != nil {
		return fmt.Errorf("chart: write SVG: %w", err)
	}
	return nil
}

// logRange makes the range of a log axis positive and not empty, which
// gonum/plot would otherwise widen by one unit on either side, through zero,
// and then panic on. The chart still draws, with an empty axis from 1 to 10
// or a decade either side of a single value.
func logRange(a *plot.Axis) {
	switch {
	case a.Min > a.Max: // no points
		a.Min, a.Max = 1, 10
	case a.Min == a.Max:
		a.Min, a.Max = a.Min/10, a.Max*10
	}
}

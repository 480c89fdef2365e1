package bench

import (
	"bytes"
	"cmp"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"

	"github.com/odtx/odtx/chart"
	"github.com/odtx/odtx/gen"
)

// scalingSuite is the paper's Figures 2 to 5: the points of ScalingSeries,
// a table of their figures and a chart of each series.
var scalingSuite = Suite{
	Name:  "scaling",
	About: "the paper's Figures 2-5, on generated data",
	Jobs: func(cfg Config) []Job {
		var jobs []Job
		for _, s := range ScalingSeries {
			for _, x := range s.Xs {
				jobs = append(jobs, each(cfg, Job{Suite: "scaling"}, func(j Job) []Job {
					p := s.point(x, j.Run)
					j.Dataset, j.Point = p.String(), &p
					return []Job{j}
				})...)
			}
		}
		return jobs
	},
	Table: scalingTable,
	Files: scalingFiles,
	Check: func(r Record) error {
		if r.Point == nil {
			return errors.New("scaling record without a point")
		}
		return nil
	},
}

// A Series is one of the paper's Figures 2 to 5: three parameters of the
// generated data fixed, the fourth varied. The scaling suite measures its
// points; its chart is drawn from their records.
type Series struct {
	Name   string // the parameter varied: "c", "k", "f" or "n"
	Figure int    // in the paper
	Label  string // of the x axis
	Base   Point  // the fixed parameters
	Xs     []int  // the values of the one varied
	// LogY draws time on a log scale, for the series in which the paper
	// sees it grow exponentially.
	LogY bool
}

// scalingRows is n where a series does not vary it; the paper does not say
// which n it used.
const scalingRows = 500

// ScalingSeries are the paper's Figures 2 to 5, in its order, over ranges
// that keep a run of the suite on gini to minutes on a small machine (the
// times are in bench/results): the deepest trees and the most features
// are its slowest searches.
// Rows are distinct, so there are at most 2^f of them: f starts at 10, as
// in the other series, and n stays below 2^10.
var ScalingSeries = []Series{
	{Name: "c", Figure: 2, Label: "classes c", Base: Point{Depth: 4, Features: 10, Rows: scalingRows}, Xs: []int{2, 3, 4, 5, 6, 7, 8}},
	{Name: "k", Figure: 3, Label: "depth k", Base: Point{Classes: 2, Features: 10, Rows: scalingRows}, Xs: []int{2, 3, 4, 5, 6}, LogY: true},
	{Name: "f", Figure: 4, Label: "features f", Base: Point{Classes: 2, Depth: 4, Rows: scalingRows}, Xs: []int{10, 12, 14, 16, 18, 20, 22}, LogY: true},
	{Name: "n", Figure: 5, Label: "rows n", Base: Point{Classes: 2, Depth: 4, Features: 10}, Xs: []int{50, 100, 200, 300, 500, 700, 1000}},
}

// point is the dataset of s at x for the given run: each run draws another
// tree and other rows.
func (s Series) point(x, run int) Point {
	p := s.Base
	p.Series, p.Seed = s.Name, uint64(run)
	switch s.Name {
	case "c":
		p.Classes = x
	case "k":
		p.Depth = x
	case "f":
		p.Features = x
	default:
		p.Rows = x
	}
	// Rows are distinct, so there are at most 2^f of them, which is what
	// gen gives when asked for more.
	if p.Features <= gen.MaxFeatures {
		p.Rows = min(p.Rows, 1<<p.Features)
	}
	return p
}

// spec returns the series named name, and whether there is one.
func spec(name string) (Series, bool) {
	if i := seriesIndex(name); i < len(ScalingSeries) {
		return ScalingSeries[i], true
	}
	return Series{}, false
}

// seriesIndex is the position of the series named name, or after them all.
func seriesIndex(name string) int {
	i := slices.IndexFunc(ScalingSeries, func(s Series) bool { return s.Name == name })
	if i < 0 {
		return len(ScalingSeries)
	}
	return i
}

// pointKey names the records of one point of a series.
type pointKey struct {
	series       string
	x            int
	solver, mode string
}

// scalingGroups groups the scaling records by point, ordered by series,
// solver, mode and x.
func scalingGroups(records []Record) ([]pointKey, map[pointKey][]Record) {
	keys, groups := group(records, func(r Record) pointKey {
		return pointKey{r.Point.Series, r.Point.X(), r.Solver, r.Mode}
	})
	slices.SortFunc(keys, func(a, b pointKey) int {
		return cmp.Or(cmp.Compare(seriesIndex(a.series), seriesIndex(b.series)), cmp.Compare(a.series, b.series),
			cmp.Compare(a.solver, b.solver), modeOrder(a.mode, b.mode), cmp.Compare(a.x, b.x))
	})
	return keys, groups
}

// scalingTable lists the mean figures at every point of every series. The
// paper shows these experiments as charts only, so there is nothing to
// compare with but their shape; see scalingCharts.
func scalingTable(records []Record) *Table {
	t := &Table{
		Title: "the paper's artificial datasets (Figures 2-5)",
		Keys:  []string{"series", "c", "k", "f", "n", "solver", "mode"},
		Columns: []Column{
			{Name: "time (s)", Unit: Seconds},
			{Name: "k found", Unit: Count},
			{Name: "nodes", Unit: Count},
			{Name: "examples used", Unit: Count},
		},
		Notes: []string{
			"Random trees of depth k over f binary features and c classes, n distinct rows labelled by them; " +
				"means over the runs, each on another tree and other rows. " +
				"The paper gives these as charts without figures (100 runs a point), so there is no paper column: compare the shapes in scaling-*.svg.",
		},
	}
	keys, groups := scalingGroups(records)
	for _, k := range keys {
		recs := groups[k]
		p := recs[0].Point
		t.Rows = append(t.Rows, Row{
			Keys: []string{k.series, strconv.Itoa(p.Classes), strconv.Itoa(p.Depth), strconv.Itoa(p.Features), strconv.Itoa(p.Rows), k.solver, k.mode},
			Figures: []Figure{
				{mean(recs, all, seconds), none},
				{mean(recs, all, depth), none},
				{mean(recs, all, nodes), none},
				{mean(recs, all, examples), none},
			},
			Status: status(recs),
		})
	}
	return t
}

// scalingFiles are a chart of each series the scaling records hold, and the
// records as scaling.csv: the points behind the charts.
func scalingFiles(records []Record) ([]File, error) {
	charts, err := scalingCharts(records)
	if err != nil {
		return nil, err
	}
	var raw bytes.Buffer
	if err := writeScalingCSV(&raw, records); err != nil {
		return nil, err
	}
	return append(charts, File{Name: "scaling.csv", Data: raw.Bytes()}), nil
}

// scalingCharts draws a chart of time against the varied parameter for each
// series the scaling records hold, a line for each solver and mode, as the
// paper's Figures 2 to 5.
func scalingCharts(scaling []Record) ([]File, error) {
	keys, groups := scalingGroups(scaling)
	var charts []File
	for len(keys) > 0 {
		name := keys[0].series
		n := 0
		for n < len(keys) && keys[n].series == name {
			n++
		}
		var lines []chart.Series
		for _, k := range keys[:n] {
			secs := mean(groups[k], all, seconds)
			if math.IsNaN(secs) { // no run finished: no point to draw
				continue
			}
			label := k.solver + ", DT_" + k.mode
			if len(lines) == 0 || lines[len(lines)-1].Name != label {
				lines = append(lines, chart.Series{Name: label})
			}
			l := &lines[len(lines)-1]
			l.X, l.Y = append(l.X, float64(k.x)), append(l.Y, secs)
		}
		s, ok := spec(name)
		if !ok { // from another version of odtx: caption it by its first point
			s = Series{Name: name, Label: name, Base: *groups[keys[0]][0].Point}
		}
		var svg bytes.Buffer
		title := fmt.Sprintf("Time against %s (%s), %s", s.Label, fixed(s), runs(scaling, name))
		if s.Figure > 0 {
			title = fmt.Sprintf("Fig. %d: %s", s.Figure, title)
		}
		if err := chart.Lines(&svg, title, s.Label, "seconds", s.LogY, lines...); err != nil {
			return nil, fmt.Errorf("chart of series %s: %w", name, err)
		}
		charts = append(charts, File{Name: "scaling-" + name + ".svg", Data: svg.Bytes()})
		keys = keys[n:]
	}
	return charts, nil
}

// fixed describes the parameters a series does not vary, as the paper's
// captions do.
func fixed(s Series) string {
	p := s.Base
	params := []struct {
		name  string
		value int
	}{{"c", p.Classes}, {"k", p.Depth}, {"f", p.Features}, {"n", p.Rows}}
	var b bytes.Buffer
	for _, a := range params {
		if a.name == s.Name {
			continue
		}
		if b.Len() > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s=%d", a.name, a.value)
	}
	return b.String()
}

// runs says how many runs the series' points were measured on: "3 runs",
// or "1-3 runs" if they differ.
func runs(records []Record, series string) string {
	per := make(map[pointKey]int)
	for _, r := range records {
		if r.Point.Series == series {
			per[pointKey{series, r.Point.X(), r.Solver, r.Mode}]++
		}
	}
	lo, hi := math.MaxInt, 0
	for _, n := range per {
		lo, hi = min(lo, n), max(hi, n)
	}
	switch {
	case lo == 1 && hi == 1:
		return "1 run"
	case lo == hi:
		return fmt.Sprintf("%d runs", lo)
	}
	return fmt.Sprintf("%d-%d runs", lo, hi)
}

// writeScalingCSV writes the scaling records, one a line in the order
// given, with the parameters of their data: the points behind the charts.
func writeScalingCSV(w io.Writer, records []Record) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"series", "classes", "depth", "features", "rows", "seed", "solver", "mode", "run",
		"seconds", "k", "nodes", "examples_used", "clauses", "status"})
	for _, r := range records {
		p := r.Point
		cw.Write([]string{p.Series, strconv.Itoa(p.Classes), strconv.Itoa(p.Depth), strconv.Itoa(p.Features),
			strconv.Itoa(p.Rows), strconv.FormatUint(p.Seed, 10), r.Solver, r.Mode, strconv.Itoa(r.Run),
			strconv.FormatFloat(r.Seconds, 'g', -1, 64), strconv.Itoa(r.K), strconv.Itoa(r.Nodes),
			strconv.Itoa(r.ExamplesUsed), strconv.Itoa(r.Clauses), r.Status})
	}
	cw.Flush()
	return cw.Error()
}

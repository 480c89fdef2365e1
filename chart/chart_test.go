package chart

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"math"
	"strings"
	"testing"
)

// checkSVG fails unless data is well-formed XML with an <svg> element that
// contains every one of texts.
func checkSVG(t *testing.T, data []byte, texts ...string) {
	t.Helper()
	if !bytes.Contains(data, []byte("<svg")) {
		t.Fatalf("no <svg element in:\n%s", data)
	}
	d := xml.NewDecoder(bytes.NewReader(data))
	var chars strings.Builder
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("output is not XML: %v", err)
		}
		if c, ok := tok.(xml.CharData); ok {
			chars.Write(c)
		}
	}
	for _, s := range texts {
		if !strings.Contains(chars.String(), s) {
			t.Errorf("SVG text lacks %q", s)
		}
	}
}

func TestLines(t *testing.T) {
	var b bytes.Buffer
	err := Lines(&b, "Time to learn", "rows", "seconds", false,
		Series{Name: "depth 4", X: []float64{100, 1000, 10000}, Y: []float64{0.1, 0.5, 3}},
		Series{Name: "depth 5 & more", X: []float64{100, 1000}, Y: []float64{0.2, 2}},
	)
	if err != nil {
		t.Fatal(err)
	}
	checkSVG(t, b.Bytes(), "Time to learn", "rows", "seconds", "depth 4", "depth 5 & more")
}

func TestLinesLog(t *testing.T) {
	for name, series := range map[string][]Series{
		"zero and negative": {
			{Name: "gini", X: []float64{1, 2, 3, 4}, Y: []float64{0, 0.01, 1, -1}},
			{Name: "minisat", X: []float64{1, 2}, Y: []float64{0.1, 10}},
		},
		"only zeros":   {{Name: "gini", X: []float64{1, 2}, Y: []float64{0, 0}}},
		"single value": {{Name: "gini", X: []float64{1, 2}, Y: []float64{1, 1}}},
		"no points":    {{Name: "gini"}},
		"no series":    nil,
	} {
		t.Run(name, func(t *testing.T) {
			var b bytes.Buffer
			if err := Lines(&b, "Log chart", "depth", "seconds", true, series...); err != nil {
				t.Fatal(err)
			}
			texts := []string{"Log chart"}
			for _, s := range series {
				texts = append(texts, s.Name)
			}
			checkSVG(t, b.Bytes(), texts...)
		})
	}
}

func TestLinesErrors(t *testing.T) {
	for _, tc := range []struct {
		s    Series
		want string
	}{
		{Series{Name: "short", X: []float64{1, 2}, Y: []float64{1}}, `series "short" has 2 x values and 1 y values`},
		{Series{Name: "nan", X: []float64{1}, Y: []float64{math.NaN()}}, `series "nan"`},
		{Series{Name: "inf", X: []float64{math.Inf(1)}, Y: []float64{1}}, `series "inf"`},
	} {
		err := Lines(io.Discard, "t", "x", "y", false, tc.s)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Lines(%v) = %v, want an error containing %q", tc.s, err, tc.want)
		}
	}
}

// errWriter fails every write.
type errWriter struct{}

func (errWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestLinesWriteError(t *testing.T) {
	err := Lines(errWriter{}, "t", "x", "y", false, Series{Name: "a", X: []float64{1}, Y: []float64{1}})
	if err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("Lines to a failing writer = %v, want the write error", err)
	}
}

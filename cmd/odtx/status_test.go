package main

import "testing"

// TestFrame: a redrawn status line covers what a longer one left, and is
// cut short of the terminal's width so that it never wraps.
func TestFrame(t *testing.T) {
	for _, c := range []struct {
		line        string
		drawn, cols int
		want        string
		width       int
	}{
		{"⠋ sat: depth 2", 0, 0, "\r⠋ sat: depth 2", 14},
		{"⠙ dp", 14, 0, "\r⠙ dp          ", 4},
		{"⠹ sat: depth 3", 4, 10, "\r⠹ sat: de", 9},
		{"", 9, 0, "\r         ", 0},
	} {
		b, width := frame(c.line, c.drawn, c.cols)
		if string(b) != c.want || width != c.width {
			t.Errorf("frame(%q, %d, %d) = %q, %d; want %q, %d", c.line, c.drawn, c.cols, b, width, c.want, c.width)
		}
	}
}

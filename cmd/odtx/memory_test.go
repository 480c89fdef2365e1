package main

import "testing"

// TestParseSize: the sizes --max-memory reads, in 1024-fold units.
func TestParseSize(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int64
		ok   bool
	}{
		{"", 0, true},
		{"0", 0, true},
		{"512m", 512 << 20, true},
		{"512M", 512 << 20, true},
		{"1.5GiB", 3 << 29, true},
		{"2g", 2 << 30, true},
		{"1t", 1 << 40, true},
		{"67108864", 64 << 20, true},
		{"64MiB", 64 << 20, true},
		{"63m", 0, false},
		{"-1g", 0, false},
		{"2gb", 0, false},
		{"g", 0, false},
		{"1e30", 0, false},
		{"NaN", 0, false},
	} {
		got, err := parseSize(c.in)
		if got != c.want || (err == nil) != c.ok {
			t.Errorf("parseSize(%q) = %d, %v; want %d, ok %v", c.in, got, err, c.want, c.ok)
		}
	}
}

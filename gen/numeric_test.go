package gen

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/odtx/odtx/dataset"
)

// numericTable writes p and reads it back as odtx does.
func numericTable(t *testing.T, p Numeric) *dataset.Table {
	t.Helper()
	var b bytes.Buffer
	if err := p.Write(&b); err != nil {
		t.Fatalf("Write(%+v): %v", p, err)
	}
	tbl, err := dataset.ReadTable(&b, "numeric.csv")
	if err != nil {
		t.Fatalf("Write(%+v) does not read back: %v", p, err)
	}
	return tbl
}

// values returns a record's values as integers of 10^-places, failing
// unless each is written 0.ddd with exactly that many places.
func values(t *testing.T, rec []string, places int) []int64 {
	t.Helper()
	x := make([]int64, len(rec)-1)
	for c, v := range rec[:len(rec)-1] {
		digits, ok := strings.CutPrefix(v, "0.")
		n, err := strconv.ParseInt(digits, 10, 64)
		if !ok || len(digits) != places || err != nil || n < 0 {
			t.Fatalf("value %q in %q, want 0. and %d digits", v, rec, places)
		}
		x[c] = n
	}
	return x
}

// depthOf is the depth of the tree under c.
func depthOf(c *cut) int {
	if c.yes == nil {
		return 0
	}
	return 1 + max(depthOf(c.yes), depthOf(c.no))
}

// classesOf lists the classes of c's leaves.
func classesOf(c *cut) []int {
	if c.yes == nil {
		return []int{c.class}
	}
	return append(classesOf(c.yes), classesOf(c.no)...)
}

// floatClass is the class the tree gives a row as odtx reads it: its
// values as float64 numbers against the thresholds as written.
func floatClass(t *testing.T, c *cut, rec []string, places int) int {
	t.Helper()
	for c.yes != nil {
		v, err := strconv.ParseFloat(rec[c.col], 64)
		if err != nil {
			t.Fatal(err)
		}
		at, _ := strconv.ParseFloat(string(decimal(nil, c.at, places)), 64)
		if v <= at {
			c = c.yes
		} else {
			c = c.no
		}
	}
	return c.class
}

// TestNumeric: the table has the shape asked, values of the places asked,
// and, without noise, the classes of the labelling tree, whether its
// thresholds are read as integers or as the numbers odtx reads; the tree
// is of the depth asked where the values allow, with every class on a
// leaf where there are leaves enough.
func TestNumeric(t *testing.T) {
	for _, p := range []Numeric{
		{Depth: 3, Columns: 10, Classes: 2, Rows: 2000, Decimals: 4, Seed: 1},
		{Depth: 5, Columns: 3, Classes: 7, Rows: 500, Decimals: 6, Seed: 2},
		{Depth: 0, Columns: 1, Classes: 1, Rows: 1, Decimals: 1, Seed: 3},
		// One column of ten values: a path runs out of cuts before depth 8.
		{Depth: 8, Columns: 1, Classes: 3, Rows: 300, Decimals: 1, Seed: 4},
		{Depth: 4, Columns: 2, Classes: 3, Rows: 100, Decimals: MaxDecimals, Seed: 5},
	} {
		t.Run(fmt.Sprintf("%+v", p), func(t *testing.T) {
			tbl := numericTable(t, p)
			checkShape(t, tbl, "x", p.Columns, p.Rows)
			root := p.tree()
			for i := range tbl.Len() {
				rec := tbl.Record(i)
				k := root.classify(values(t, rec, p.Decimals))
				if got := rec[p.Columns]; got != strconv.Itoa(k) {
					t.Fatalf("row %d %q: class %s, the tree's %d", i, rec, got, k)
				}
				if f := floatClass(t, root, rec, p.Decimals); f != k {
					t.Fatalf("row %d %q: class %d read as numbers, %d as integers", i, rec, f, k)
				}
			}
			leaves := classesOf(root)
			if d := depthOf(root); d > p.Depth || p.Decimals >= 4 && d != p.Depth {
				t.Errorf("tree of depth %d, want %d", d, p.Depth)
			}
			for k := range p.Classes {
				if len(leaves) >= p.Classes && !slices.Contains(leaves, k) {
					t.Errorf("class %d on no leaf of %v", k, leaves)
				}
			}
		})
	}
}

// TestNumericDeterministic: the same Numeric gives the same bytes, another
// seed others, and the values depend on Columns, Rows, Decimals and Seed
// alone.
func TestNumericDeterministic(t *testing.T) {
	p := Numeric{Depth: 4, Columns: 5, Classes: 3, Rows: 400, Decimals: 5, Noise: 0.1, Seed: 7}
	write := func(p Numeric) string {
		var b strings.Builder
		if err := p.Write(&b); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	a := write(p)
	if write(p) != a {
		t.Error("two writes of one Numeric differ")
	}
	q := p
	q.Seed++
	if write(q) == a {
		t.Error("seeds 7 and 8 give the same table")
	}
	q = p
	q.Depth, q.Classes, q.Noise = 2, 5, 0.3
	x, y := numericTable(t, p), numericTable(t, q)
	for i := range x.Len() {
		if !slices.Equal(x.Record(i)[:p.Columns], y.Record(i)[:p.Columns]) {
			t.Fatalf("row %d: values %q, with another tree %q", i, x.Record(i), y.Record(i))
		}
	}
}

// TestNumericNoise: with Noise, the values are those without it and
// exactly round(Noise·Rows) rows have a class other than the tree's.
func TestNumericNoise(t *testing.T) {
	for _, p := range []Numeric{
		{Depth: 3, Columns: 4, Classes: 2, Rows: 1000, Decimals: 4, Noise: 0.1, Seed: 1},
		{Depth: 3, Columns: 4, Classes: 4, Rows: 999, Decimals: 3, Noise: 0.37, Seed: 2},
		{Depth: 2, Columns: 2, Classes: 3, Rows: 50, Decimals: 2, Noise: 1, Seed: 3},
	} {
		clean := p
		clean.Noise = 0
		a, b := numericTable(t, clean), numericTable(t, p)
		flipped := 0
		for i := range a.Len() {
			x, y := a.Record(i), b.Record(i)
			if !slices.Equal(x[:p.Columns], y[:p.Columns]) {
				t.Fatalf("%+v: row %d %q, without noise %q", p, i, y, x)
			}
			if x[p.Columns] != y[p.Columns] {
				flipped++
			}
		}
		if want := int(math.Round(p.Noise * float64(p.Rows))); flipped != want {
			t.Errorf("%+v: %d labels changed, want %d", p, flipped, want)
		}
	}
}

// TestNumericStreams: writing a table takes memory of a row, not of the
// table, so that a million rows need no more than ten.
func TestNumericStreams(t *testing.T) {
	p := Numeric{Depth: 5, Columns: 10, Classes: 2, Rows: 100000, Decimals: 6, Noise: 0.1, Seed: 1}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if err := p.Write(io.Discard); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	// The table is 8 MB; its tree, generators and buffer a few kB.
	if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
		t.Errorf("writing %d rows allocated %d bytes", p.Rows, n)
	}
}

func TestNumericErrors(t *testing.T) {
	ok := Numeric{Depth: 2, Columns: 3, Classes: 2, Rows: 10, Decimals: 3}
	for _, tc := range []struct {
		edit func(*Numeric)
		want string
	}{
		{func(p *Numeric) { p.Columns = 0 }, "0 columns"},
		{func(p *Numeric) { p.Depth = -1 }, "depth -1"},
		{func(p *Numeric) { p.Depth = MaxDepth + 1 }, "depth 21"},
		{func(p *Numeric) { p.Decimals = 0 }, "0 decimals"},
		{func(p *Numeric) { p.Decimals = MaxDecimals + 1 }, "10 decimals"},
		{func(p *Numeric) { p.Classes = 0 }, "0 classes"},
		{func(p *Numeric) { p.Rows = 0 }, "0 rows"},
		{func(p *Numeric) { p.Noise = math.NaN() }, "noise NaN"},
		{func(p *Numeric) { p.Noise, p.Classes = 0.1, 1 }, "at least 2 classes"},
	} {
		p := ok
		tc.edit(&p)
		var b bytes.Buffer
		if err := p.Write(&b); err == nil || !strings.Contains(err.Error(), tc.want) || b.Len() != 0 {
			t.Errorf("Write(%+v) = %v, wrote %d bytes; want an error containing %q and nothing", p, err, b.Len(), tc.want)
		}
	}
}

package gen

import (
	"bytes"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/tree"
)

// table generates the CSV for p and reads it back as odtx does.
func table(t *testing.T, p Params) *dataset.Table {
	t.Helper()
	data, err := CSV(p)
	if err != nil {
		t.Fatalf("CSV(%+v): %v", p, err)
	}
	tbl, err := dataset.ReadTable(bytes.NewReader(data), "gen.csv")
	if err != nil {
		t.Fatalf("CSV(%+v) does not read back: %v", p, err)
	}
	return tbl
}

// vector packs a record's feature values into bits, failing on anything but 0 or 1.
func vector(t *testing.T, rec []string) uint64 {
	t.Helper()
	var x uint64
	for i, v := range rec[:len(rec)-1] {
		switch v {
		case "0":
		case "1":
			x |= 1 << i
		default:
			t.Fatalf("feature value %q in %q, want 0 or 1", v, rec)
		}
	}
	return x
}

// leaves returns the classes of n's leaves, left (False) to right, and fails
// unless n is a perfect tree of the given depth that tests no feature twice
// on a path and only features below p.Features.
func leaves(t *testing.T, n *tree.Node, p Params) []int {
	t.Helper()
	var classes []int
	var walk func(n *tree.Node, depth int, path []int)
	walk = func(n *tree.Node, depth int, path []int) {
		if (n.False == nil) != (n.True == nil) {
			t.Fatalf("node at depth %d has one child", depth)
		}
		if n.True == nil {
			if depth != p.Depth {
				t.Errorf("leaf at depth %d, want %d", depth, p.Depth)
			}
			if n.Class < 0 || n.Class >= p.Classes {
				t.Errorf("leaf class %d, want 0 to %d", n.Class, p.Classes-1)
			}
			classes = append(classes, n.Class)
			return
		}
		if n.Feature < 0 || n.Feature >= p.Features {
			t.Errorf("feature %d, want 0 to %d", n.Feature, p.Features-1)
		}
		if slices.Contains(path, n.Feature) {
			t.Errorf("feature %d tested twice on the path %v", n.Feature, path)
		}
		path = append(path, n.Feature)
		walk(n.False, depth+1, slices.Clip(path))
		walk(n.True, depth+1, slices.Clip(path))
	}
	walk(n, 0, nil)
	return classes
}

// checkShape fails t unless tbl has the given rows and a header of the
// columns prefix0, prefix1, ... and class.
func checkShape(t *testing.T, tbl *dataset.Table, prefix string, columns, rows int) {
	t.Helper()
	want := make([]string, columns+1)
	for i := range columns {
		want[i] = prefix + strconv.Itoa(i)
	}
	want[columns] = "class"
	if !slices.Equal(tbl.Header, want) {
		t.Errorf("header %q, want %q", tbl.Header, want)
	}
	if tbl.Len() != rows {
		t.Errorf("%d rows, want %d", tbl.Len(), rows)
	}
}

func TestDeterministic(t *testing.T) {
	p := Params{Depth: 4, Features: 10, Classes: 3, Rows: 500, Seed: 7}
	a, err := CSV(p)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := CSV(p)
	if !bytes.Equal(a, b) {
		t.Error("two CSV calls with the same params differ")
	}
	t1, _ := drawTree(p)
	t2, _ := drawTree(p)
	if !reflect.DeepEqual(t1, t2) {
		t.Error("two Tree calls with the same params differ")
	}

	p.Seed++
	c, _ := CSV(p)
	if bytes.Equal(a, c) {
		t.Error("seeds 7 and 8 give the same CSV")
	}
}

// TestRowsIndependentOfTree: the feature vectors depend only on Features,
// Rows and Seed, so experiments that vary the tree draw the same rows.
func TestRowsIndependentOfTree(t *testing.T) {
	p := Params{Depth: 2, Features: 8, Classes: 2, Rows: 50, Seed: 3}
	a := table(t, p)
	p.Depth, p.Classes = 5, 4
	b := table(t, p)
	for i := range a.Len() {
		if vector(t, a.Record(i)) != vector(t, b.Record(i)) {
			t.Fatalf("row %d differs: %q and %q", i, a.Record(i), b.Record(i))
		}
	}
}

func TestCSV(t *testing.T) {
	for _, p := range []Params{
		{Depth: 4, Features: 10, Classes: 2, Rows: 1000, Seed: 1},
		{Depth: 3, Features: 5, Classes: 4, Rows: 31, Seed: 2}, // all but one vector
		{Depth: 3, Features: 5, Classes: 4, Rows: 32, Seed: 2}, // every vector
		{Depth: 0, Features: 1, Classes: 1, Rows: 1, Seed: 3},
		{Depth: 2, Features: MaxFeatures, Classes: 3, Rows: 100, Seed: 4},
	} {
		t.Run(fmt.Sprintf("%+v", p), func(t *testing.T) {
			tbl := table(t, p)
			checkShape(t, tbl, "f", p.Features, p.Rows)

			root, _ := drawTree(p)
			seen := map[string]int{}
			for i := range tbl.Len() {
				rec := tbl.Record(i)
				key := strings.Join(rec[:p.Features], ",")
				if j, ok := seen[key]; ok {
					t.Fatalf("rows %d and %d are both %s", j, i, key)
				}
				seen[key] = i
				if got, want := rec[p.Features], strconv.Itoa(root.Classify(bitsHold(vector(t, rec)))); got != want {
					t.Errorf("row %d: class %s, but the tree says %s", i, got, want)
				}
			}

			// Distinct vectors labelled by a function cannot conflict.
			if _, err := tbl.Binarize(dataset.Options{}); err != nil {
				t.Errorf("Binarize: %v", err)
			}
		})
	}
}

// TestNoise: with Noise, the rows are those drawn without it, and exactly
// round(Noise·Rows) of them carry a class other than the tree's, any class
// of the others; the rest carry the tree's.
func TestNoise(t *testing.T) {
	for _, p := range []Params{
		{Depth: 3, Features: 10, Classes: 2, Rows: 1000, Noise: 0.05, Seed: 7},
		{Depth: 3, Features: 10, Classes: 4, Rows: 999, Noise: 0.3, Seed: 8},
		{Depth: 2, Features: 6, Classes: 3, Rows: 64, Noise: 1, Seed: 9},
	} {
		clean := p
		clean.Noise = 0
		a, b := table(t, clean), table(t, p)
		root, _ := drawTree(p)
		flipped := 0
		for i := range a.Len() {
			x := vector(t, b.Record(i))
			if vector(t, a.Record(i)) != x {
				t.Fatalf("%+v: row %d differs from the noiseless one", p, i)
			}
			if b.Value(i, p.Features) != strconv.Itoa(root.Classify(bitsHold(x))) {
				flipped++
			}
		}
		if want := int(math.Round(p.Noise * float64(a.Len()))); flipped != want {
			t.Errorf("%+v: %d labels flipped, want %d", p, flipped, want)
		}
	}
}

func TestTree(t *testing.T) {
	for _, p := range []Params{
		{Depth: 0, Features: 1, Classes: 5, Rows: 1},
		{Depth: 1, Features: 1, Classes: 2, Rows: 1},
		{Depth: 3, Features: 3, Classes: 8, Rows: 1}, // every feature on every path
		{Depth: 4, Features: 10, Classes: 3, Rows: 1},
		{Depth: 5, Features: 20, Classes: 32, Rows: 1}, // one leaf per class
		{Depth: 2, Features: 5, Classes: 10, Rows: 1},  // more classes than leaves
	} {
		for seed := range uint64(20) {
			p.Seed = seed
			root, err := drawTree(p)
			if err != nil {
				t.Fatalf("Tree(%+v): %v", p, err)
			}
			classes := leaves(t, root, p)
			if len(classes) != 1<<p.Depth {
				t.Errorf("Tree(%+v): %d leaves, want %d", p, len(classes), 1<<p.Depth)
			}
			if len(classes) < p.Classes {
				continue
			}
			for c := range p.Classes {
				if !slices.Contains(classes, c) {
					t.Errorf("Tree(%+v): class %d on no leaf: %v", p, c, classes)
				}
			}
		}
	}
}

// TestEveryClassInData: with every feature vector drawn every leaf is
// reached, so every class the tree carries appears in the data.
func TestEveryClassInData(t *testing.T) {
	p := Params{Depth: 3, Features: 6, Classes: 8, Rows: 64, Seed: 5}
	ds, err := table(t, p).Binarize(dataset.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"0", "1", "2", "3", "4", "5", "6", "7"}; !slices.Equal(ds.Classes, want) {
		t.Errorf("classes %q, want %q", ds.Classes, want)
	}
}

func TestErrors(t *testing.T) {
	ok := Params{Depth: 2, Features: 4, Classes: 2, Rows: 10}
	for _, tc := range []struct {
		edit func(*Params)
		want string
	}{
		{func(p *Params) { p.Depth = 5 }, "depth 5 exceeds the 4 features"},
		{func(p *Params) { p.Depth = -1 }, "depth -1"},
		{func(p *Params) { p.Depth, p.Features = MaxDepth+1, MaxFeatures }, "depth 21"},
		{func(p *Params) { p.Classes = 0 }, "0 classes"},
		{func(p *Params) { p.Rows = 0 }, "0 rows"},
		{func(p *Params) { p.Features = 0 }, "0 features"},
		{func(p *Params) { p.Features = MaxFeatures + 1 }, "63 features"},
		{func(p *Params) { p.Noise = 1.5 }, "noise 1.5"},
		{func(p *Params) { p.Noise = -0.1 }, "noise -0.1"},
		{func(p *Params) { p.Noise = math.NaN() }, "noise NaN"},
		{func(p *Params) { p.Noise, p.Classes = 0.1, 1 }, "at least 2 classes"},
		{func(p *Params) { p.Rows = 17 }, "17 rows asked, but 4 binary features make at most 16 distinct rows"},
	} {
		p := ok
		tc.edit(&p)
		if _, err := drawTree(p); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Tree(%+v) = %v, want an error containing %q", p, err, tc.want)
		}
		if _, err := CSV(p); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("CSV(%+v) = %v, want an error containing %q", p, err, tc.want)
		}
	}
}

func BenchmarkCSV(b *testing.B) {
	p := Params{Depth: 6, Features: 30, Classes: 2, Rows: 100000, Seed: 1}
	for b.Loop() {
		if _, err := CSV(p); err != nil {
			b.Fatal(err)
		}
	}
}

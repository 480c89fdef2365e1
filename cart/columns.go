package cart

import (
	"github.com/odtx/odtx/dataset"
	"github.com/odtx/odtx/internal/items"
)

// entry is an item as a column's sweep reads it: its code in the column,
// the item and its class side by side, so that a sweep reads memory in
// order rather than looking each item up.
type entry struct{ code, item, class int32 }

// column is one of the dataset's columns that has tests, with its items
// sorted by code within the range of every node still growing.
type column struct {
	ent []entry
	// ge maps a code to the LessEq test of the column with the least Code
	// at or above it, or -1, and geCode to that Code; both nil where the
	// column has no LessEq test. A cut between the codes a < b of two
	// records is the test ge[a] if geCode[a] < b. In a column with missing
	// values, ge holds the tests that they fail, and yes and yesCode
	// alike those that they satisfy, whose code for them is miss, past
	// every other; miss is 0 where the column has no such test.
	ge, geCode   []int32
	yes, yesCode []int32
	miss         int32
	// eq maps a code to the column's Equal test of that code, or -1; nil
	// where the column has none.
	eq []int32
}

// columns returns the columns of ds that have tests, each entry's item
// and class those of it, sorted by code, and fills in g.colOf.
func (g *grower) columns(ds *dataset.Dataset, it items.Items) []column {
	width := int32(0)
	for _, ft := range ds.Features {
		width = max(width, ft.Col+1)
	}
	g.colOf = make([]int, width)
	for c := range g.colOf {
		g.colOf[c] = -1
	}
	var cols []column
	var src []int32  // by column: its index in Dataset.Columns
	var size []int32 // by column: above every code in it
	for _, ft := range ds.Features {
		j := g.colOf[ft.Col]
		if j < 0 {
			j = len(cols)
			g.colOf[ft.Col] = j
			cols = append(cols, column{})
			src = append(src, ft.Col)
			size = append(size, 0)
		}
		size[j] = max(size[j], ft.Code+1)
	}
	n := len(it.Example)
	for j := range cols {
		cols[j].ent = make([]entry, n)
	}
	for i, e := range it.Example {
		codes := ds.Examples[e].Codes
		for j, c := range src {
			code := codes[c]
			cols[j].ent[i] = entry{code: code, item: int32(i), class: it.Class[i]}
			size[j] = max(size[j], code+1)
		}
	}
	for f, ft := range ds.Features {
		c := &cols[g.colOf[ft.Col]]
		switch {
		case ft.Op == dataset.LessEq && ft.Missing == dataset.MissingTrue:
			c.yes = mark(c.yes, size[g.colOf[ft.Col]], ft.Code, f)
			c.miss = ft.MissingCode
		case ft.Op == dataset.LessEq:
			c.ge = mark(c.ge, size[g.colOf[ft.Col]], ft.Code, f)
		case ft.Op == dataset.Equal:
			c.eq = mark(c.eq, size[g.colOf[ft.Col]], ft.Code, f)
		}
	}
	for j := range cols {
		c := &cols[j]
		c.geCode = fill(c.ge, size[j])
		c.yesCode = fill(c.yes, size[j])
	}
	g.parallel(len(cols), func(w *worker, j int) {
		cols[j].ent = w.sort(cols[j].ent, int(size[j]))
	})
	return cols
}

// mark sets by[code] to f, first making by, if nil, size codes of -1.
func mark(by []int32, size, code int32, f int) []int32 {
	if by == nil {
		by = make([]int32, size)
		for k := range by {
			by[k] = -1
		}
	}
	by[code] = int32(f)
	return by
}

// fill turns ge, which maps each code below size to its LessEq test or
// -1, into the map to the test at or above it, and returns the map to
// that test's code; nil for a nil ge.
func fill(ge []int32, size int32) []int32 {
	if ge == nil {
		return nil
	}
	geCode := make([]int32, size)
	next, nextCode := int32(-1), size
	for k := size - 1; k >= 0; k-- {
		if ge[k] >= 0 {
			next, nextCode = ge[k], k
		}
		ge[k], geCode[k] = next, nextCode
	}
	return geCode
}

// sort returns ent sorted by code, all below size, stably, in the
// worker's scratch, which then holds ent's old array.
func (w *worker) sort(ent []entry, size int) []entry {
	if cap(w.count) < size+1 {
		w.count = make([]int, size+1)
	}
	count := w.count[:size+1]
	clear(count)
	for _, e := range ent {
		count[e.code+1]++
	}
	for k := 1; k <= size; k++ {
		count[k] += count[k-1]
	}
	out := w.room(len(ent))
	for _, e := range ent {
		out[count[e.code]] = e
		count[e.code]++
	}
	w.scratch = ent
	return out
}

// room returns the worker's scratch, at least n entries long.
func (w *worker) room(n int) []entry {
	if cap(w.scratch) < n {
		w.scratch = make([]entry, n)
	}
	return w.scratch[:n]
}

package gen

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strconv"
)

// MaxDecimals is the most decimal places of a Numeric value: 10^9 values
// of [0, 1) are drawn from an int64 and printed exactly.
const MaxDecimals = 9

// Numeric says what table of numbers to generate: Rows rows of Columns
// values, each drawn uniformly from the numbers of [0, 1) with Decimals
// decimal places, and a class from a random tree of depth Depth that tests
// x <= t, t a random number of the same places, plus a Noise fraction of
// the labels changed. The fewer decimal places, the fewer thresholds a
// column offers (at most 10^Decimals), and the more rows repeat.
//
// The rows are written as they are drawn, so that a million of them take
// no more memory than ten. As with Params, the same Numeric gives the same
// bytes, and the values depend only on Columns, Rows, Decimals and Seed.
type Numeric struct {
	Depth    int // of the labelling tree: 0 is a single leaf
	Columns  int // at least 1
	Classes  int // at least 1
	Rows     int // at least 1; rows may repeat
	Decimals int // 1 to MaxDecimals
	// Noise is the fraction of rows, from 0 to 1, whose label is replaced
	// by another class drawn at random: round(Noise·Rows) of them.
	Noise float64
	Seed  uint64
}

// Check reports the first parameter that is out of range, as Write would
// before it writes anything.
func (p Numeric) Check() error {
	switch {
	case p.Columns < 1:
		return fmt.Errorf("gen: %d columns, want at least 1", p.Columns)
	case p.Depth < 0 || p.Depth > MaxDepth:
		return fmt.Errorf("gen: depth %d, want 0 to %d", p.Depth, MaxDepth)
	case p.Decimals < 1 || p.Decimals > MaxDecimals:
		return fmt.Errorf("gen: %d decimals, want 1 to %d", p.Decimals, MaxDecimals)
	}
	return checkLabels(p.Classes, p.Rows, p.Noise)
}

// cut is a node of the tree that labels a Numeric table: an internal node
// sends a row to yes where its value in col, as an integer number of
// 10^-Decimals, is at most at.
type cut struct {
	col     int
	at      int64
	no, yes *cut
	class   int
}

func (c *cut) classify(x []int64) int {
	for c.yes != nil {
		if x[c.col] <= c.at {
			c = c.yes
		} else {
			c = c.no
		}
	}
	return c.class
}

// tree draws the labelling tree: each node tests a column drawn at random
// at a threshold drawn within the values that reach it, so that both sides
// hold some; a node where no column has two such values is a leaf. Its
// leaves take classes as drawTree's do.
func (p Numeric) tree() *cut {
	r := rand.New(rand.NewPCG(p.Seed, treeStream))
	scale := pow10(p.Decimals)
	lo, hi := make([]int64, p.Columns), make([]int64, p.Columns)
	for c := range hi {
		hi[c] = scale
	}
	var leaves []*cut
	var grow func(depth int) *cut
	grow = func(depth int) *cut {
		var open []int // columns that can still be cut
		for c := range lo {
			if hi[c]-lo[c] >= 2 {
				open = append(open, c)
			}
		}
		if depth == 0 || len(open) == 0 {
			n := &cut{}
			leaves = append(leaves, n)
			return n
		}
		c := open[r.IntN(len(open))]
		n := &cut{col: c, at: lo[c] + r.Int64N(hi[c]-lo[c]-1)}
		from, to := lo[c], hi[c]
		hi[c] = n.at + 1
		n.yes = grow(depth - 1)
		lo[c], hi[c] = n.at+1, to
		n.no = grow(depth - 1)
		lo[c] = from
		return n
	}
	root := grow(p.Depth)
	for i, k := range leafClasses(r, len(leaves), p.Classes) {
		leaves[i].class = k
	}
	return root
}

// Write writes the table to w as CSV: a header x0, ..., x{Columns-1},
// class; values written with Decimals places, as 0.5000; the class as an
// integer. An error of w is returned as it is.
func (p Numeric) Write(w io.Writer) error {
	if err := p.Check(); err != nil {
		return err
	}
	root := p.tree()
	rows := rand.New(rand.NewPCG(p.Seed, rowStream))
	noise := rand.New(rand.NewPCG(p.Seed, noiseStream))
	flips := int(math.Round(p.Noise * float64(p.Rows)))
	scale := pow10(p.Decimals)
	b := bufio.NewWriter(w)
	for c := range p.Columns {
		fmt.Fprintf(b, "x%d,", c)
	}
	b.WriteString("class\n")
	x := make([]int64, p.Columns)
	var line []byte
	for i := range p.Rows {
		line = line[:0]
		for c := range x {
			x[c] = rows.Int64N(scale)
			line = decimal(line, x[c], p.Decimals)
			line = append(line, ',')
		}
		class := root.classify(x)
		// Selection sampling: the row is flipped with the chance that
		// leaves, of the flips still to make, as many to the rows left,
		// which makes exactly flips of them, any set as likely.
		if flips > 0 && noise.IntN(p.Rows-i) < flips {
			flips--
			class = (class + 1 + noise.IntN(p.Classes-1)) % p.Classes
		}
		line = strconv.AppendInt(line, int64(class), 10)
		line = append(line, '\n')
		if _, err := b.Write(line); err != nil {
			return err
		}
	}
	return b.Flush()
}

// decimal appends v·10^-places, below 1, written with that many places.
func decimal(b []byte, v int64, places int) []byte {
	b = append(b, "0."...)
	var room [20]byte
	digits := strconv.AppendInt(room[:0], v, 10)
	for range places - len(digits) {
		b = append(b, '0')
	}
	return append(b, digits...)
}

func pow10(n int) int64 {
	p := int64(1)
	for range n {
		p *= 10
	}
	return p
}

package tree

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/odtx/odtx/dataset"
)

// BenchmarkPredictLarge predicts with a full tree of depth 5 on a table
// of 1,000,000 records: three columns of integers below 1000, whose tests
// are kept by code, and two of numbers written to 17 digits, which rarely
// repeat and are parsed at each test.
func BenchmarkPredictLarge(b *testing.B) {
	const rows = 1_000_000
	rng := rand.New(rand.NewPCG(7, 8))
	var in strings.Builder
	in.WriteString("a,b,c,d,e,y\n")
	var line []byte
	for r := range rows {
		line = line[:0]
		for range 3 {
			line = strconv.AppendInt(line, int64(rng.IntN(1000)), 10)
			line = append(line, ',')
		}
		for range 2 {
			line = strconv.AppendFloat(line, rng.Float64(), 'g', -1, 64)
			line = append(line, ',')
		}
		line = append(line, byte('0'+r%2), '\n')
		in.Write(line)
	}
	tbl, err := dataset.ReadTable(strings.NewReader(in.String()), "large.csv")
	if err != nil {
		b.Fatal(err)
	}
	tr := &Tree{Label: "y", Classes: []string{"0", "1"}}
	var full func(depth int) *Node
	full = func(depth int) *Node {
		if depth == 0 {
			return Leaf(rng.IntN(2))
		}
		c := rng.IntN(5)
		f := dataset.Feature{Column: string(rune('a' + c)), Op: dataset.LessEq, Threshold: float64(rng.IntN(1000))}
		if c >= 3 {
			f.Threshold = rng.Float64()
		}
		tr.Features = append(tr.Features, f)
		return Split(len(tr.Features)-1, full(depth-1), full(depth-1))
	}
	tr.Root = full(5)
	for b.Loop() {
		if _, err := tr.Predict(tbl); err != nil {
			b.Fatal(err)
		}
	}
}

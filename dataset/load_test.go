package dataset

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkLoad reads and binarizes a generated file shaped like the large
// ones of the scaling experiments: 250000 rows of 24 binary features and a
// class that a few of them decide, so that every row is consistent.
func BenchmarkLoad(b *testing.B) {
	const rows, features = 250_000, 24
	path := filepath.Join(b.TempDir(), "load.csv")
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	for j := range features {
		w.WriteString("f")
		w.WriteString(string(rune('a' + j)))
		w.WriteByte(',')
	}
	w.WriteString("class\n")
	rng := rand.New(rand.NewPCG(7, 7))
	for range rows {
		x := rng.Uint32()
		for j := range features {
			w.WriteByte('0' + byte(x>>j&1))
			w.WriteByte(',')
		}
		w.WriteByte('0' + byte((x^x>>3^x>>11)&1))
		w.WriteByte('\n')
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	if err := f.Close(); err != nil {
		b.Fatal(err)
	}
	benchLoad(b, path)
}

// BenchmarkLoadNumeric reads and binarizes a generated file shaped like
// ConTree's magic: 19020 rows of 10 numeric columns of mostly distinct
// values, about 190000 thresholds in all, which the examples hold as a
// code per column.
func BenchmarkLoadNumeric(b *testing.B) {
	const rows, cols = 19020, 10
	var csv []byte
	for c := range cols {
		csv = fmt.Appendf(csv, "x%d,", c)
	}
	csv = append(csv, "class\n"...)
	rng := rand.New(rand.NewPCG(3, 4))
	for range rows {
		for range cols {
			csv = fmt.Appendf(csv, "%g,", float64(rng.IntN(1_000_000))/1000)
		}
		csv = fmt.Appendf(csv, "%d\n", rng.IntN(2))
	}
	path := filepath.Join(b.TempDir(), "numeric.csv")
	if err := os.WriteFile(path, csv, 0o644); err != nil {
		b.Fatal(err)
	}
	benchLoad(b, path)
}

// benchLoad loads the file at path for each round of b.
func benchLoad(b *testing.B, path string) {
	st, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(st.Size())
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := Load(context.Background(), path, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

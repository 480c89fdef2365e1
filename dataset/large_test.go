package dataset

import (
	"bufio"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// largeCSV writes to a temporary directory a file of about 100 MB, the
// size of a load a user waits for: 1,100,000 records of four columns of
// numbers written to 16 or 17 digits, which rarely repeat, one of integers
// below 1000, one of decimals of two places below 10, and a class of two
// values. It returns the file's path and the first column as written.
func largeCSV(b *testing.B) (string, []string) {
	path := filepath.Join(b.TempDir(), "large.csv")
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	w.WriteString("a,b,c,d,n,x,y\n")
	rng := rand.New(rand.NewPCG(5, 6))
	var first []string
	var line []byte
	for r := range 1_100_000 {
		line = line[:0]
		for c := range 4 {
			v := strconv.AppendFloat(line, rng.Float64()*float64(1+c*50), 'g', -1, 64)
			if c == 0 {
				first = append(first, string(v[len(line):]))
			}
			line = append(v, ',')
		}
		line = strconv.AppendInt(line, int64(rng.IntN(1000)), 10)
		line = append(line, ',')
		line = strconv.AppendFloat(line, float64(rng.IntN(1000))/100, 'f', -1, 64)
		line = append(line, ',', byte('0'+r%2), '\n')
		w.Write(line)
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	if err := f.Close(); err != nil {
		b.Fatal(err)
	}
	return path, first
}

// BenchmarkLoadLarge reads and binarizes largeCSV.
func BenchmarkLoadLarge(b *testing.B) {
	path, _ := largeCSV(b)
	benchLoad(b, path)
}

// BenchmarkReadTableLarge reads largeCSV into a table: its columns of
// numbers fill their dicts' indexes, and the others look up a thousand
// values each.
func BenchmarkReadTableLarge(b *testing.B) {
	path, _ := largeCSV(b)
	for b.Loop() {
		if _, err := ReadTableFile(path); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNumberLarge parses the numbers of largeCSV's first column, as
// Binarize parses a column's values.
func BenchmarkNumberLarge(b *testing.B) {
	_, nums := largeCSV(b)
	for b.Loop() {
		for _, s := range nums {
			if _, ok := number(s); !ok {
				b.Fatalf("%q is no number", s)
			}
		}
	}
}

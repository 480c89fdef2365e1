package regress

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/odtx/odtx/internal/objtest"
)

// TestWeights: a weight column of ones gives the tree that no weights
// give, node for node, and integer weights the tree of the table whose
// records repeat as many times: the same node for node where every
// weight is 1 to 3, the same SSE where some are 0, dropped.
func TestWeights(t *testing.T) {
	r := rand.New(rand.NewPCG(36, 2))
	for i := range objtest.Runs(200, 60) {
		csv := randomCSV(r)
		o := Options{MaxDepth: 1 + i%3}
		if i%3 == 2 {
			o.MinLeaf = float64(2 + r.IntN(3))
		}
		lines := strings.Split(strings.TrimSuffix(csv, "\n"), "\n")
		ones, repeated := []string{weigh(lines[0], "w")}, []string{lines[0]}
		withZeros := i%2 == 1
		var weights []string
		for k, line := range lines[1:] {
			ones = append(ones, weigh(line, "1"))
			w := 1 + r.IntN(3)
			if withZeros && k > 0 && r.IntN(4) == 0 {
				w = 0
			}
			weights = append(weights, weigh(line, fmt.Sprint(w)))
			for range w {
				repeated = append(repeated, line) // next to it: the examples keep their order
			}
		}
		plain, one := solve(t, csv, o), solve(t, strings.Join(ones, "\n")+"\n", o)
		if !reflect.DeepEqual(plain.Root, one.Root) || plain.SSE != one.SSE {
			t.Fatalf("table %d, %+v: weights of 1 give\n%v, SSE %v; none give\n%v, SSE %v\n%s", i, o, one.Root, one.SSE, plain.Root, plain.SSE, csv)
		}
		w := solve(t, strings.Join(append(ones[:1:1], weights...), "\n")+"\n", o)
		rep := solve(t, strings.Join(repeated, "\n")+"\n", o)
		if diff := w.SSE - rep.SSE; diff > w.Tolerance || -diff > w.Tolerance || (!withZeros && !reflect.DeepEqual(w.Root, rep.Root)) {
			t.Fatalf("table %d, %+v: weights give\n%v, SSE %v; repeated records\n%v, SSE %v\n%s", i, o, w.Root, w.SSE, rep.Root, rep.SSE, strings.Join(weights, "\n"))
		}
	}
}

// weigh returns line, of a table of randomRows, with w before its target.
func weigh(line, w string) string {
	cut := strings.LastIndexByte(line, ',')
	return line[:cut] + "," + w + line[cut:]
}

// solve returns the tree of csv within o, which the oracle passes.
func solve(t *testing.T, csv string, o Options) *Result {
	t.Helper()
	x := load(t, csv)
	res, err := Solve(context.Background(), x.ds, x.ys, o)
	if err != nil {
		t.Fatal(err)
	}
	if msg := x.check(res, o); msg != "" {
		t.Fatalf("%+v: %s\n%s", o, msg, csv)
	}
	return res
}

package dimacs

import (
	"bytes"
	"math"
	"slices"
	"strings"
	"testing"
)

// checkError fails t unless err, if any, is one line: it ends up in a
// one-line message of odtx, whatever a file or a solver printed.
func checkError(t *testing.T, err error) {
	t.Helper()
	if err != nil && strings.ContainsAny(err.Error(), "\n\r") {
		t.Fatalf("error of more than one line: %q", err)
	}
}

// checkLits fails t unless every literal of lits is a variable or its
// negation, from 1 to vars (any if vars is negative).
func checkLits(t *testing.T, lits []int, vars int) {
	t.Helper()
	for _, l := range lits {
		if l == 0 || l == math.MinInt || vars >= 0 && (l > vars || l < -vars) {
			t.Fatalf("literal %d among %v variables", l, vars)
		}
	}
}

// FuzzReadCNF: Writer writes every formula the tests' reader takes so that
// it reads back the same; the reader rejects in one line what it does not
// take, and what it takes has literals within its variables.
func FuzzReadCNF(f *testing.F) {
	f.Fuzz(func(t *testing.T, in []byte) {
		vars, clauses, err := readCNF(bytes.NewReader(in))
		checkError(t, err)
		if err != nil {
			return
		}
		if vars < 0 {
			t.Fatalf("%d variables", vars)
		}
		for _, c := range clauses {
			checkLits(t, c, vars)
		}
		var out bytes.Buffer
		w := NewWriter(&out)
		w.Header(vars, len(clauses))
		for _, c := range clauses {
			w.Clause(c)
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		vars2, clauses2, err := readCNF(&out)
		if err != nil || vars2 != vars || !slices.EqualFunc(clauses2, clauses, slices.Equal) {
			t.Fatalf("written and read back: %d variables, %v, %v; want %d, %v", vars2, clauses2, err, vars, clauses)
		}
	})
}

// checkAnswer fails t unless a, which a parser returned without an error,
// is a result with a model exactly when it is Sat.
func checkAnswer(t *testing.T, a Answer) {
	t.Helper()
	switch {
	case a.Result != Sat && a.Result != Unsat && a.Result != Unknown:
		t.Fatalf("result %d", a.Result)
	case (a.Result == Sat) != (a.Model != nil):
		t.Fatalf("result %d with model %v", a.Result, a.Model)
	}
	checkLits(t, a.Model, -1)
}

// FuzzParseAnswer: ParseAnswer, which reads whatever a solver binary
// printed, takes only a well-formed answer and rejects the rest in one line.
func FuzzParseAnswer(f *testing.F) {
	f.Fuzz(func(t *testing.T, in []byte) {
		a, err := ParseAnswer(bytes.NewReader(in))
		checkError(t, err)
		if err == nil {
			checkAnswer(t, a)
		}
	})
}

// FuzzParseMiniSatResult: the same for MiniSat's result file.
func FuzzParseMiniSatResult(f *testing.F) {
	f.Fuzz(func(t *testing.T, in []byte) {
		a, err := ParseMiniSatResult(bytes.NewReader(in))
		checkError(t, err)
		if err == nil {
			checkAnswer(t, a)
		}
	})
}

package encode

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/odtx/odtx/ginisat"
	"github.com/odtx/odtx/solver"
)

// recorder keeps the clauses written to it, to compare them with the
// paper's or to give them to a solver.
type recorder struct{ clauses [][]int }

func (r *recorder) AddClause(lits []int) { r.clauses = append(r.clauses, slices.Clone(lits)) }

// take returns the clauses written since the last take, each as a sorted
// string, sorted.
func (r *recorder) take() []string {
	out := make([]string, len(r.clauses))
	for i, c := range r.clauses {
		c = slices.Clone(c)
		slices.Sort(c)
		out[i] = fmt.Sprint(c)
	}
	r.clauses = nil
	slices.Sort(out)
	return out
}

// paperClauses translates the Appendix's notation, "X01 -F12" for
// (X_{0,1} ∨ ¬F_{1,2}), into clauses of e's variables.
func paperClauses(t *testing.T, e *Encoder, text ...string) []string {
	t.Helper()
	r := &recorder{}
	for _, clause := range text {
		var lits []int
		for _, tok := range strings.Fields(clause) {
			sign := 1
			if tok[0] == '-' {
				sign, tok = -1, tok[1:]
			}
			a, b := int(tok[1]-'0'), int(tok[2]-'0')
			var v int
			switch tok[0] {
			case 'X':
				v = e.X(a, b)
			case 'F':
				v = e.F(a, b)
			case 'C':
				v = e.C(a, b)
			default:
				t.Fatalf("bad literal %q", tok)
			}
			lits = append(lits, sign*v)
		}
		r.AddClause(lits)
	}
	return r.take()
}

// TestAppendix rebuilds the paper's Appendix example, depth 2 over four
// features, clause by clause.
func TestAppendix(t *testing.T) {
	rec := &recorder{}
	e := New(rec, 2, 4, 2)
	want := paperClauses(t, e,
		// Formula (1): at most one feature per node.
		"-F10 -F11", "-F10 -F12", "-F10 -F13", "-F11 -F12", "-F11 -F13", "-F12 -F13",
		"-F20 -F21", "-F20 -F22", "-F20 -F23", "-F21 -F22", "-F21 -F23", "-F22 -F23",
		"-F30 -F31", "-F30 -F32", "-F30 -F33", "-F31 -F32", "-F31 -F33", "-F32 -F33",
		// Formula (2): at least one.
		"F10 F11 F12 F13", "F20 F21 F22 F23", "F30 F31 F32 F33",
		// Instead of formula (6) for every example and leaf: a leaf has
		// one class at most, which with formula (5) implies it.
		"-C00 -C01", "-C10 -C11", "-C20 -C21", "-C30 -C31")
	if got := rec.take(); !slices.Equal(got, want) {
		t.Fatalf("initial clauses:\n got %v\nwant %v", got, want)
	}

	steps := []struct {
		values []bool
		class  int
		// formulas (3)-(5) of the Appendix for this example
		clauses []string
	}{
		{[]bool{false, false, true, false}, 0, []string{
			"X00 -F12", "X00 X01 -F22", "-X00 X01 -F32",
			"X00 -X01 -F20", "X00 -X01 -F21", "X00 -X01 -F23", "-X00 -F10", "-X00 -F11",
			"-X00 -F13", "-X00 -X01 -F30", "-X00 -X01 -F31", "-X00 -X01 -F33",
			"X00 X01 C00", "X00 -X01 C10", "-X00 X01 C20", "-X00 -X01 C30",
		}},
		{[]bool{true, false, true, true}, 0, []string{
			"X10 -F10", "X10 -F12", "X10 -F13", "X10 X11 -F20", "X10 X11 -F22",
			"X10 X11 -F23", "-X10 X11 -F30", "-X10 X11 -F32", "-X10 X11 -F33",
			"X10 -X11 -F21", "-X10 -F11", "-X10 -X11 -F31",
			"X10 X11 C00", "-X10 X11 C20", "X10 -X11 C10", "-X10 -X11 C30",
		}},
		{[]bool{true, true, true, false}, 0, []string{
			"X20 -F10", "X20 -F11", "X20 -F12", "X20 X21 -F20", "X20 X21 -F21", "X20 X21 -F22",
			// The Appendix omits node 3's false-side clauses for this
			// example; Algorithm 1 writes them, and so do we.
			"-X20 X21 -F30", "-X20 X21 -F31", "-X20 X21 -F32",
			"X20 -X21 -F23", "-X20 -F13", "-X20 -X21 -F33",
			"X20 X21 C00", "X20 -X21 C10", "-X20 X21 C20", "-X20 -X21 C30",
		}},
		{[]bool{false, true, false, true}, 1, []string{
			"X30 -F11", "X30 -F13", "X30 X31 -F21", "X30 X31 -F23", "-X30 X31 -F31", "-X30 X31 -F33",
			"X30 -X31 -F20", "X30 -X31 -F22", "-X30 -F10", "-X30 -F12", "-X30 -X31 -F30", "-X30 -X31 -F32",
			"X30 X31 C01", "X30 -X31 C11", "-X30 X31 C21", "-X30 -X31 C31",
		}},
		{[]bool{true, false, false, false}, 1, []string{
			"X40 -F10", "X40 X41 -F20", "-X40 X41 -F30",
			"X40 -X41 -F21", "X40 -X41 -F22", "X40 -X41 -F23", "-X40 -F11", "-X40 -F12",
			"-X40 -F13", "-X40 -X41 -F31", "-X40 -X41 -F32", "-X40 -X41 -F33",
			"X40 X41 C01", "X40 -X41 C11", "-X40 X41 C21", "-X40 -X41 C31",
		}},
	}
	for i, s := range steps {
		e.AddExample(s.values, s.class)
		want := paperClauses(t, e, s.clauses...)
		if got := rec.take(); !slices.Equal(got, want) {
			t.Fatalf("example e%d:\n got %v\nwant %v", i, got, want)
		}
	}
}

// TestAppendixSolution runs the paper's incremental loop on the Appendix's
// dataset: solve, add an example the tree gets wrong, until it gets none wrong.
func TestAppendixSolution(t *testing.T) {
	type example struct {
		values []bool
		class  int
	}
	data := []example{
		{[]bool{false, false, true, false}, 0}, {[]bool{false, false, false, true}, 0},
		{[]bool{true, false, true, true}, 0}, {[]bool{true, true, true, false}, 0},
		{[]bool{false, true, false, true}, 1}, {[]bool{false, true, true, false}, 1},
		{[]bool{true, false, false, false}, 1}, {[]bool{true, true, false, true}, 1},
	}
	s := ginisat.New()
	e := New(s, 2, 4, 2)
	e.AddExample(data[0].values, data[0].class)
	for range data {
		res, err := s.Solve(context.Background(), nil)
		if err != nil || res != solver.Sat {
			t.Fatalf("Solve = %v, %v; want SAT", res, err)
		}
		root := e.Tree(s.Value)
		wrong := slices.IndexFunc(data, func(d example) bool {
			return root.Classify(func(f int) bool { return d.values[f] }) != d.class
		})
		if wrong < 0 {
			if d := root.Depth(); d > 2 {
				t.Fatalf("tree of depth %d", d)
			}
			return
		}
		e.AddExample(data[wrong].values, data[wrong].class)
	}
	t.Fatalf("still inconsistent after %d solver calls", len(data))
}

package dimacs

import (
	"slices"
	"strings"
	"testing"
)

func TestReadCNFTolerant(t *testing.T) {
	in := "c a comment\n\np cnf 3 4\nc between clauses\n1 -2\n  3 0 -1 0\n0\n2 3 0"
	vars, got, err := ReadCNF(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	want := [][]int{{1, -2, 3}, {-1}, {}, {2, 3}}
	if vars != 3 || !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("got %d variables, %v; want 3, %v", vars, got, want)
	}
}

func TestReadCNFErrors(t *testing.T) {
	for _, tc := range []struct{ in, err string }{
		{"", "no p line"},
		{"c only\n", "no p line"},
		{"1 2 0\n", "line 1: clause before the p line"},
		{"p cnf 2 1\np cnf 2 1\n", "line 2: second p line"},
		{"p dnf 2 1\n", `line 1: bad p line "p dnf 2 1"`},
		{"p cnf x 1\n", `line 1: bad p line "p cnf x 1"`},
		{"p cnf 2 1\n1 x 0\n", `line 2: bad literal "x"`},
		{"p cnf 2 1\n1 -3 0\n", "line 2: literal -3 beyond the 2 variables of the p line"},
		{"p cnf 2 2\n1 0\n2\n", "line 3: last clause not ended by 0"},
		{"p cnf 2 2\n1 0\n", "p line declares 2 clauses, found 1"},
	} {
		if _, _, err := ReadCNF(strings.NewReader(tc.in)); err == nil || err.Error() != tc.err {
			t.Errorf("ReadCNF(%q) = %v, want error %q", tc.in, err, tc.err)
		}
	}
}

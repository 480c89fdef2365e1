package dimacs

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// readCNF reads a DIMACS CNF formula: comment lines, the problem line
// "p cnf vars clauses", then clauses, each ended by 0, which may share or
// span lines. It checks the formula against the problem line, and its
// errors name the line at fault. It is the tests' check of what Writer
// writes: odtx writes formulas for solvers and reads none back (package
// drat, which checks proofs, reads its own).
func readCNF(r io.Reader) (vars int, clauses [][]int, err error) {
	s := newLineScanner(r)
	declared, header := 0, false
	var clause []int
	for s.scan() {
		f := strings.Fields(s.text())
		switch {
		case len(f) == 0 || f[0] == "c":
			continue
		case f[0] == "p":
			if header {
				return 0, nil, s.errorf("second p line")
			}
			if len(f) != 4 || f[1] != "cnf" {
				return 0, nil, s.errorf("bad p line %s", clip(s.text()))
			}
			vars, err = strconv.Atoi(f[2])
			if err == nil {
				declared, err = strconv.Atoi(f[3])
			}
			if err != nil || vars < 0 || declared < 0 {
				return 0, nil, s.errorf("bad p line %s", clip(s.text()))
			}
			header = true
			continue
		case !header:
			return 0, nil, s.errorf("clause before the p line")
		}
		for _, field := range f {
			l, err := strconv.Atoi(field)
			if err != nil {
				return 0, nil, s.errorf("bad literal %s", clip(field))
			}
			if l == 0 {
				clauses = append(clauses, slices.Clone(clause))
				clause = clause[:0]
				continue
			}
			// Not -l > vars: the most negative int is its own negation.
			if l > vars || l < -vars {
				return 0, nil, s.errorf("literal %d beyond the %d variables of the p line", l, vars)
			}
			clause = append(clause, l)
		}
	}
	switch {
	case s.err() != nil:
		return 0, nil, s.err()
	case !header:
		return 0, nil, fmt.Errorf("no p line")
	case len(clause) > 0:
		// Most likely a file cut short: better an error than a weaker formula.
		return 0, nil, s.errorf("last clause not ended by 0")
	case len(clauses) != declared:
		return 0, nil, fmt.Errorf("p line declares %d clauses, found %d", declared, len(clauses))
	}
	return vars, clauses, nil
}

func TestReadCNFTolerant(t *testing.T) {
	in := "c a comment\n\np cnf 3 4\nc between clauses\n1 -2\n  3 0 -1 0\n0\n2 3 0"
	vars, got, err := readCNF(strings.NewReader(in))
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
		if _, _, err := readCNF(strings.NewReader(tc.in)); err == nil || err.Error() != tc.err {
			t.Errorf("readCNF(%q) = %v, want error %q", tc.in, err, tc.err)
		}
	}
}

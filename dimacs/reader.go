package dimacs

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// ReadCNF reads a DIMACS CNF formula: comment lines, the problem line
// "p cnf vars clauses", then clauses, each ended by 0, which may share or
// span lines. It checks the formula against the problem line, and its
// errors name the line at fault.
func ReadCNF(r io.Reader) (vars int, clauses [][]int, err error) {
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

// lineScanner reads lines and counts them for error messages.
type lineScanner struct {
	sc *bufio.Scanner
	n  int
}

func newLineScanner(r io.Reader) *lineScanner {
	sc := bufio.NewScanner(r)
	// MiniSat writes a whole model on one line: megabytes for big formulas.
	sc.Buffer(make([]byte, 64<<10), 1<<30)
	return &lineScanner{sc: sc}
}

func (s *lineScanner) scan() bool {
	if !s.sc.Scan() {
		return false
	}
	s.n++
	return true
}

func (s *lineScanner) text() string { return s.sc.Text() }

func (s *lineScanner) err() error {
	if err := s.sc.Err(); err != nil {
		return fmt.Errorf("after line %d: %w", s.n, err)
	}
	return nil
}

func (s *lineScanner) errorf(format string, args ...any) error {
	return fmt.Errorf("line %d: "+format, append([]any{s.n}, args...)...)
}

// clip quotes text for an error message, shortened so that the message stays
// one readable line whatever a solver printed.
func clip(text string) string {
	const limit = 40
	if len(text) > limit {
		return strconv.Quote(text[:limit]) + "..."
	}
	return strconv.Quote(text)
}

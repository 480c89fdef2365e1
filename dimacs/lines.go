package dimacs

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
)

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

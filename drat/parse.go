package drat

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// maxToken bounds a token of a text file: no literal needs more, and garbage
// without white space must not fill memory.
const maxToken = 24

// textReader splits a text file into white-space separated tokens and counts
// lines for error messages.
type textReader struct {
	r         *bufio.Reader
	line      int  // of the last byte read, from 1
	lineStart bool // no token yet on the current line
	tok       []byte
}

func newTextReader(r *bufio.Reader) *textReader {
	return &textReader{r: r, line: 1, lineStart: true, tok: make([]byte, 0, maxToken+1)}
}

// next returns the next token, whether it is the first of its line, and
// io.EOF at the end. A token longer than maxToken is cut there: it cannot
// be valid, and the caller's error quotes its start.
func (t *textReader) next() (tok []byte, first bool, err error) {
	b, err := t.r.ReadByte()
	for err == nil && isSpace(b) {
		if b == '\n' {
			t.line++
			t.lineStart = true
		}
		b, err = t.r.ReadByte()
	}
	if err != nil {
		return nil, false, err
	}
	first, t.lineStart = t.lineStart, false
	t.tok = append(t.tok[:0], b)
	for {
		b, err = t.r.ReadByte()
		if err == io.EOF {
			return t.tok, first, nil
		}
		if err != nil {
			return nil, false, err
		}
		if isSpace(b) {
			return t.tok, first, t.r.UnreadByte()
		}
		if len(t.tok) > maxToken {
			return t.tok, first, nil
		}
		t.tok = append(t.tok, b)
	}
}

// restOfLine returns what is left of the current line, up to limit bytes,
// and moves past it.
func (t *textReader) restOfLine(limit int) (string, error) {
	var b strings.Builder
	for {
		c, err := t.r.ReadByte()
		if err == io.EOF {
			return b.String(), nil
		}
		if err != nil {
			return "", err
		}
		if c == '\n' {
			t.line++
			t.lineStart = true
			return b.String(), nil
		}
		if b.Len() < limit {
			b.WriteByte(c)
		}
	}
}

func isSpace(b byte) bool {
	return b == ' ' || b == '\n' || b == '\t' || b == '\r' || b == '\v' || b == '\f'
}

// parseLit parses a DIMACS literal: an optional minus sign and decimal
// digits, within the range of a variable.
func parseLit(tok []byte) (int, bool) {
	s := tok
	neg := len(s) > 0 && s[0] == '-'
	if neg {
		s = s[1:]
	}
	if len(s) == 0 || len(s) > 10 {
		return 0, false
	}
	v := 0
	for _, b := range s {
		if b < '0' || b > '9' {
			return 0, false
		}
		v = v*10 + int(b-'0')
	}
	if v > math.MaxInt32 || neg && v == 0 {
		return 0, false
	}
	if neg {
		return -v, true
	}
	return v, true
}

// quote shows a token in an error message.
func quote(tok []byte) string {
	if len(tok) > maxToken {
		return strconv.Quote(string(tok[:maxToken])) + "..."
	}
	return strconv.Quote(string(tok))
}

// clausesPerCtxCheck is how many formula clauses are read between looks at
// the context.
const clausesPerCtxCheck = 1 << 14

// readCNF reads a DIMACS CNF formula into the database.
func (c *checker) readCNF(ctx context.Context, r io.Reader) error {
	t := newTextReader(bufio.NewReaderSize(r, 1<<16))
	vars, declared, header := 0, 0, false
	var ext []int
	var lits []lit
	n := 0
	for {
		tok, first, err := t.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("cnf line %d: %v", t.line, err)
		}
		switch {
		case first && tok[0] == 'c':
			if _, err := t.restOfLine(0); err != nil {
				return fmt.Errorf("cnf line %d: %v", t.line, err)
			}
			continue
		case first && string(tok) == "p":
			line := t.line
			rest, err := t.restOfLine(80)
			if err != nil {
				return fmt.Errorf("cnf line %d: %v", t.line, err)
			}
			if header {
				return fmt.Errorf("cnf line %d: second p line", line)
			}
			f := strings.Fields(rest)
			ok := len(f) == 3 && f[0] == "cnf"
			if ok {
				vars, err = strconv.Atoi(f[1])
				ok = err == nil && vars >= 0 && vars <= math.MaxInt32
			}
			if ok {
				declared, err = strconv.Atoi(f[2])
				ok = err == nil && declared >= 0
			}
			if !ok {
				return fmt.Errorf("cnf line %d: bad p line %s", line, strconv.Quote(strings.Join(append([]string{"p"}, f...), " ")))
			}
			header = true
			continue
		case !header:
			return fmt.Errorf("cnf line %d: %s before the p line", t.line, quote(tok))
		}
		x, ok := parseLit(tok)
		if !ok {
			return fmt.Errorf("cnf line %d: bad literal %s", t.line, quote(tok))
		}
		if x > vars || -x > vars {
			return fmt.Errorf("cnf line %d: literal %d beyond the %d variables of the p line", t.line, x, vars)
		}
		if x != 0 {
			ext = append(ext, x)
			lits = append(lits, c.literal(x))
			continue
		}
		n++
		if n%clausesPerCtxCheck == 0 {
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("cnf line %d: %w", t.line, err)
			}
		}
		if err := c.add(c.dedup(lits)); err != nil {
			return fmt.Errorf("cnf line %d: %v", t.line, err)
		}
		ext, lits = ext[:0], lits[:0]
	}
	switch {
	case !header:
		return errors.New("cnf: no p line")
	case len(ext) > 0:
		// Most likely a file cut short: better an error than a weaker formula.
		return fmt.Errorf("cnf line %d: last clause not ended by 0", t.line)
	case n != declared:
		return fmt.Errorf("cnf: the p line declares %d clauses, found %d", declared, n)
	}
	return nil
}

// step is a proof step: a lemma added, or a clause deleted.
type step struct {
	del  bool
	ext  []int // the literals as written
	lits []lit // ours, distinct, in the order written
}

// proofReader reads the steps of a proof.
type proofReader interface {
	// next returns the next step, valid until the following call, or io.EOF
	// at the end of the proof.
	next() (step, error)
	// where names the place of the last step for an error message.
	where() string
}

// newProofReader recognises the proof's format from its first bytes.
func newProofReader(r io.Reader, c *checker) proofReader {
	br := bufio.NewReaderSize(r, 1<<16)
	// A read error here comes back at the first read past what was peeked.
	head, _ := br.Peek(64)
	if isBinary(head) {
		return &binaryReader{r: br, c: c}
	}
	return &textProofReader{t: newTextReader(br), c: c, line: 1}
}

// isBinary tells binary DRAT from text. A text proof never starts with 'a'
// nor holds control bytes, and every binary step ends with a NUL byte, so
// unless the first step is long one shows up among the first bytes.
func isBinary(head []byte) bool {
	if len(head) > 0 && head[0] == 'a' {
		return true
	}
	for _, b := range head {
		if b < 0x20 && !isSpace(b) || b == 0x7f {
			return true
		}
	}
	return false
}

type textProofReader struct {
	t    *textReader
	c    *checker
	line int // where the last step starts
	st   step
}

func (p *textProofReader) where() string { return fmt.Sprintf("proof line %d", p.line) }

func (p *textProofReader) next() (step, error) {
	st := step{ext: p.st.ext[:0], lits: p.st.lits[:0]}
	open := false
	for {
		tok, first, err := p.t.next()
		if err == io.EOF {
			if open {
				return st, fmt.Errorf("proof line %d: last step not ended by 0", p.line)
			}
			return st, io.EOF
		}
		if err != nil {
			return st, fmt.Errorf("proof line %d: %v", p.t.line, err)
		}
		if first && tok[0] == 'c' {
			if _, err := p.t.restOfLine(0); err != nil {
				return st, fmt.Errorf("proof line %d: %v", p.t.line, err)
			}
			continue
		}
		if !open {
			open = true
			p.line = p.t.line
			if string(tok) == "d" {
				st.del = true
				continue
			}
		}
		x, ok := parseLit(tok)
		if !ok {
			p.line = p.t.line
			return st, fmt.Errorf("proof line %d: bad literal %s", p.t.line, quote(tok))
		}
		if x == 0 {
			st.lits = p.c.dedup(st.lits)
			p.st = st
			return st, nil
		}
		st.ext = append(st.ext, x)
		st.lits = append(st.lits, p.c.literal(x))
	}
}

type binaryReader struct {
	r   *bufio.Reader
	c   *checker
	off int64 // bytes read
	at  int64 // where the last step starts
	st  step
}

func (p *binaryReader) where() string { return fmt.Sprintf("proof byte %d", p.at) }

func (p *binaryReader) next() (step, error) {
	st := step{ext: p.st.ext[:0], lits: p.st.lits[:0]}
	b, err := p.r.ReadByte()
	if err == io.EOF {
		return st, io.EOF
	}
	if err != nil {
		return st, fmt.Errorf("proof byte %d: %v", p.off, err)
	}
	p.at = p.off
	p.off++
	switch b {
	case 'a':
	case 'd':
		st.del = true
	default:
		return st, fmt.Errorf("proof byte %d: a binary step starts with 'a' or 'd', not 0x%02x", p.at, b)
	}
	for {
		// A literal is 2v or 2v+1 for -v, seven bits a byte from the low
		// ones, the high bit set on all bytes but the last.
		var u uint64
		for shift := 0; ; shift += 7 {
			b, err := p.r.ReadByte()
			if err == io.EOF {
				return st, fmt.Errorf("proof byte %d: last step not ended by 0", p.at)
			}
			if err != nil {
				return st, fmt.Errorf("proof byte %d: %v", p.off, err)
			}
			p.off++
			if shift > 28 {
				return st, fmt.Errorf("proof byte %d: literal out of range", p.off-1)
			}
			u |= uint64(b&0x7f) << shift
			if b < 0x80 {
				break
			}
		}
		if u == 0 {
			st.lits = p.c.dedup(st.lits)
			p.st = st
			return st, nil
		}
		v := u >> 1
		if v == 0 || v > math.MaxInt32 {
			return st, fmt.Errorf("proof byte %d: literal out of range", p.off-1)
		}
		x := int(v)
		if u&1 != 0 {
			x = -x
		}
		st.ext = append(st.ext, x)
		st.lits = append(st.lits, p.c.literal(x))
	}
}

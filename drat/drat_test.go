package drat

import (
	"bytes"
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
)

// xorCNF says that x1 = x2 and x1 != x2: unsatisfiable, though unit
// propagation alone finds no conflict.
const xorCNF = "p cnf 2 4\n1 2 0\n1 -2 0\n-1 2 0\n-1 -2 0\n"

// ratCNF is unsatisfiable, and has a short refutation only by way of the
// lemma 1 2, which is RAT on 1 but not RUP: its only resolvent on 1 is
// 2 3, which is RUP.
const ratCNF = `c x2 xor x3, x1 implies x3, and more
p cnf 4 7
-1 3 0
2 3 4 0
2 3 -4 0
-2 -3 0
1 -2 3 0
2 -3 4 0
2 -3 -4 0
`

// sideCNF has the refutable part of xorCNF on variables 6 and 7, and beside it
// a clause on 1 and 3 for extension variables to be defined against.
const sideCNF = "p cnf 7 5\n-1 3 0\n6 7 0\n6 -7 0\n-6 7 0\n-6 -7 0\n"

// unitCNF is refuted once 2 is derived, and that takes the unit clause 1.
const unitCNF = "p cnf 4 5\n1 0\n-1 2 3 0\n-1 2 -3 0\n-1 -2 4 0\n-1 -2 -4 0\n"

func TestCheck(t *testing.T) {
	for _, tc := range []struct {
		name, cnf, proof string
		err              string // "" if the proof must be accepted
	}{
		{"rup", xorCNF, "1 0\n0\n", ""},
		{"rup with deletions", xorCNF, "1 0\nd 1 2 0\nd 1 -2 0\n0\n", ""},
		{"lemmas across lines and comments", xorCNF, "c a comment\n1\n0 0\n", ""},
		{"duplicate literals", xorCNF, "1 1 0\n0\n", ""},
		{"tautology", xorCNF, "1 -1 0\n1 0\n0\n", ""},
		{"steps after the empty clause are not read", xorCNF, "1 0\n0\ngarbage\n", ""},
		{"empty clause straight away", xorCNF, "0\n", "proof line 1: the empty clause is not RUP"},
		{"neither RUP nor RAT", sideCNF, "-7 6 0\n-3 0\n0\n", "proof line 2: lemma -3 0 is neither RUP nor RAT on -3 (resolvent with clause -1 3 0 is not RUP)"},
		{"lemmas after a conflict need no check", xorCNF, "1 0\n3 0\n0\n", ""},
		{"no empty clause", xorCNF, "1 0\n", "proof ends without the empty clause, though its lemmas propagate to a conflict: is it cut short?"},
		{"empty proof", xorCNF, "", "proof ends without deriving the empty clause"},
		{"only comments", xorCNF, "c nothing\n", "proof ends without deriving the empty clause"},
		{"CRLF and tabs", "p cnf 2 4\r\n1\t2 0\r\n1 -2 0\r\n-1 2 0\r\n-1 -2 0\r\n", "1 0\r\n0\r\n", ""},
		{"huge variable numbers", "p cnf 2147483647 4\n2147483647 5 0\n2147483647 -5 0\n-2147483647 5 0\n-2147483647 -5 0\n", "2147483647 0\n0\n", ""},
		{"huge extension variable", sideCNF, "2000000000 -1 -2 0\n-2000000000 1 0\n6 0\n0\n", ""},
		{"refuted by propagation", "p cnf 2 3\n1 0\n-1 2 0\n-2 0\n", "", ""},
		{"empty clause in the formula", "p cnf 0 1\n0\n", "", ""},

		{"RAT lemma", ratCNF, "1 2 0\n2 0\n0\n", ""},
		{"RAT on the other literal", ratCNF, "2 1 0\n2 0\n0\n", ""},
		{"extension variable", sideCNF, "8 -1 -2 0\n-8 1 0\n-8 2 0\n6 0\n0\n", ""},
		{"RAT on the first literal only", sideCNF, "8 -1 -2 0\n1 -8 0\n6 0\n0\n", "proof line 2: lemma 1 -8 0 is neither RUP nor RAT on 1 (resolvent with clause -1 3 0 is not RUP)"},
		{"RAT after a deletion", sideCNF, "d -1 3 0\n1 0\n6 0\n0\n", ""},
		{"RAT blocked by a clause", sideCNF, "1 0\n6 0\n0\n", "proof line 1: lemma 1 0 is neither RUP nor RAT on 1 (resolvent with clause -1 3 0 is not RUP)"},

		{"deletion applied", xorCNF, "d 1 -2 0\n1 0\n0\n", "proof line 2: lemma 1 0 is neither RUP nor RAT on 1 (resolvent with clause -1 -2 0 is not RUP)"},
		{"deletion matches in any order", xorCNF, "d -2 1 0\n1 0\n0\n", "proof line 2: lemma 1 0 is neither RUP nor RAT on 1 (resolvent with clause -1 -2 0 is not RUP)"},
		{"deletion of a missing clause ignored", xorCNF, "d 1 2 3 0\nd 1 0\n1 0\n0\n", ""},
		{"deletion of one copy", xorCNF, "1 -2 0\nd 1 -2 0\n1 0\n0\n", ""},
		{"deletion of a unit clause ignored", unitCNF, "d 1 0\n2 0\n0\n", ""},
		{"deletion of a reason ignored", "p cnf 5 6\n5 0\n-5 1 0\n-1 2 3 0\n-1 2 -3 0\n-1 -2 4 0\n-1 -2 -4 0\n", "d -5 1 0\n2 0\n0\n", ""},
		{"deletions after a conflict ignored", xorCNF, "1 0\n-1 0\nd -1 0\nd 1 0\n0\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, binary := range []bool{false, true} {
				proof := []byte(tc.proof)
				if binary {
					var err error
					if proof, err = toBinary(tc.proof); err != nil {
						continue // the case is about text syntax
					}
				}
				err := Check(context.Background(), strings.NewReader(tc.cnf), bytes.NewReader(proof))
				got := ""
				if err != nil {
					got = err.Error()
				}
				want := tc.err
				if binary && want != "" {
					want = binaryWhere(want, tc.proof)
				}
				if got != want {
					t.Errorf("binary %v: Check = %q, want %q", binary, got, want)
				}
			}
		})
	}
}

// toBinary encodes a text proof in binary DRAT, or fails if it is not plain
// one step a line.
func toBinary(text string) ([]byte, error) {
	b := []byte{}
	if text == "" {
		return b, nil
	}
	for _, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || f[len(f)-1] != "0" {
			return nil, errors.New("not one step a line")
		}
		if f[0] == "d" {
			b = append(b, 'd')
			f = f[1:]
		} else {
			b = append(b, 'a')
		}
		for _, s := range f {
			x, err := strconv.Atoi(s)
			if err != nil {
				return nil, err
			}
			u := uint64(2 * x)
			if x < 0 {
				u = uint64(-2*x + 1)
			}
			for ; u >= 0x80; u >>= 7 {
				b = append(b, byte(u)|0x80)
			}
			b = append(b, byte(u))
		}
	}
	return b, nil
}

// binaryWhere rewrites "proof line N:" in an expected error into the byte
// offset at which that line's step starts in the binary encoding.
func binaryWhere(want, text string) string {
	var n int
	rest, ok := strings.CutPrefix(want, "proof line ")
	if !ok {
		return want
	}
	i := strings.IndexByte(rest, ':')
	n, _ = strconv.Atoi(rest[:i])
	lines := strings.SplitAfter(text, "\n")
	prefix, _ := toBinary(strings.Join(lines[:n-1], ""))
	return "proof byte " + strconv.Itoa(len(prefix)) + rest[i:]
}

func TestCheckMalformed(t *testing.T) {
	for _, tc := range []struct{ name, cnf, proof, err string }{
		{"no p line", "1 2 0\n", "", `cnf line 1: "1" before the p line`},
		{"nothing", "", "", "cnf: no p line"},
		{"bad p line", "p cnf 2\n", "", `cnf line 1: bad p line "p cnf 2"`},
		{"p line not cnf", "p wcnf 2 1\n1 0\n", "", `cnf line 1: bad p line "p wcnf 2 1"`},
		{"negative count", "p cnf 2 -1\n", "", `cnf line 1: bad p line "p cnf 2 -1"`},
		{"second p line", "p cnf 2 1\np cnf 2 1\n1 0\n", "", "cnf line 2: second p line"},
		{"bad literal", "p cnf 2 1\n1 x 0\n", "", `cnf line 2: bad literal "x"`},
		{"minus zero", "p cnf 2 1\n1 -0\n", "", `cnf line 2: bad literal "-0"`},
		{"huge literal", "p cnf 2 1\n99999999999999999999 0\n", "", `cnf line 2: bad literal "99999999999999999999"`},
		{"long garbage", "p cnf 2 1\n" + strings.Repeat("7", 1<<20) + " 0\n", "", `cnf line 2: bad literal "777777777777777777777777"...`},
		{"literal beyond p line", "p cnf 2 1\n1 3 0\n", "", "cnf line 2: literal 3 beyond the 2 variables of the p line"},
		{"cut short", "p cnf 2 1\n1 2", "", "cnf line 2: last clause not ended by 0"},
		{"too few clauses", "p cnf 2 3\n1 0\n2 0\n", "", "cnf: the p line declares 3 clauses, found 2"},
		{"too many clauses", "p cnf 2 1\n1 0\n2 0\n", "", "cnf: the p line declares 1 clauses, found 2"},

		{"bad proof literal", xorCNF, "1 0\n1 y 0\n", `proof line 2: bad literal "y"`},
		{"d inside a step", xorCNF, "1 d 0\n", `proof line 1: bad literal "d"`},
		{"proof cut short", xorCNF, "1 0\n-1", "proof line 2: last step not ended by 0"},
		{"deletion cut short", xorCNF, "d", "proof line 1: last step not ended by 0"},
		{"binary cut short", xorCNF, "a\x02", "proof byte 0: last step not ended by 0"},
		{"binary bad step", xorCNF, "a\x02\x00x\x02\x00", "proof byte 3: a binary step starts with 'a' or 'd', not 0x78"},
		{"binary variable 0", xorCNF, "a\x01\x00", "proof byte 1: literal out of range"},
		{"binary literal too long", xorCNF, "a\xff\xff\xff\xff\xff\xff\x01\x00", "proof byte 6: literal out of range"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := Check(context.Background(), strings.NewReader(tc.cnf), strings.NewReader(tc.proof))
			if err == nil || err.Error() != tc.err {
				t.Errorf("Check = %v, want %q", err, tc.err)
			}
		})
	}
}

func TestCheckReadError(t *testing.T) {
	boom := errors.New("boom")
	err := Check(context.Background(), iotest.ErrReader(boom), strings.NewReader(""))
	if err == nil || err.Error() != "cnf line 1: boom" {
		t.Errorf("Check = %v, want cnf line 1: boom", err)
	}
	err = Check(context.Background(), strings.NewReader(xorCNF), iotest.TimeoutReader(strings.NewReader("1 0\n")))
	if err == nil || !strings.HasPrefix(err.Error(), "proof") {
		t.Errorf("Check = %v, want a proof error", err)
	}
}

func TestCheckCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := Check(ctx, strings.NewReader(xorCNF), strings.NewReader("1 0\n0\n"))
	if !errors.Is(err, context.Canceled) || strings.Contains(err.Error(), "\n") {
		t.Errorf("Check = %v, want one line wrapping context.Canceled", err)
	}
}

func TestIsBinary(t *testing.T) {
	for _, tc := range []struct {
		head string
		want bool
	}{
		{"", false},
		{"1 2 0\n", false},
		{"d 1 2 0\r\n", false},
		{"c é\n-1 0\n", false},
		{"agikmoq\x00", true}, // as CaDiCaL writes: a lemma whose bytes are all printable
		{"a", true},
		{"d\x02\x04\x00", true},
		{"d  \x00", true},
	} {
		if got := isBinary([]byte(tc.head)); got != tc.want {
			t.Errorf("isBinary(%q) = %v, want %v", tc.head, got, tc.want)
		}
	}
}

// TestRATNotRUP makes sure the RAT cases above are not RUP in disguise.
func TestRATNotRUP(t *testing.T) {
	for _, tc := range []struct {
		cnf      string
		lemma    []int
		rup, rat bool
	}{
		{ratCNF, []int{1, 2}, false, true},
		{ratCNF, []int{2, 1}, false, true},
		{ratCNF, []int{1, 4}, false, true},
		{xorCNF, []int{1}, true, true},
		{sideCNF, []int{8, -1, -2}, false, true},
		{sideCNF, []int{1}, false, false},
		{sideCNF, []int{-3}, false, false},
	} {
		c := newChecker()
		if err := c.readCNF(context.Background(), strings.NewReader(tc.cnf)); err != nil {
			t.Fatal(err)
		}
		var lits []lit
		for _, x := range tc.lemma {
			lits = append(lits, c.literal(x))
		}
		top := len(c.trail)
		rup := c.rup(lits)
		c.backtrack(top)
		ok, _, err := c.implied(context.Background(), lits)
		if rup != tc.rup || ok != tc.rat || err != nil || len(c.trail) != top {
			t.Errorf("lemma %v: RUP %v, RUP or RAT %v (%v), trail %d -> %d; want %v, %v",
				tc.lemma, rup, ok, err, top, len(c.trail), tc.rup, tc.rat)
		}
	}
}

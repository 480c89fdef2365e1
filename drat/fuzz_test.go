package drat

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"testing"
	"time"
)

// FuzzCheckBytes feeds arbitrary files: Check must return, without
// panicking, a one-line error or nil.
func FuzzCheckBytes(f *testing.F) {
	f.Add([]byte(xorCNF), []byte("1 0\n0\n"))
	f.Add([]byte(ratCNF), []byte("1 2 0\n2 0\n0\n"))
	f.Add([]byte(sideCNF), []byte("8 -1 -2 0\nd -1 3 0\n-8 1 0\n6 0\n0\n"))
	f.Add([]byte(unitCNF), []byte("a\x02\x00d\x03\x00a\x00"))
	f.Add([]byte("p cnf 3 2\nc x\n1 -3\n 0 2 0\n"), []byte("c\n-2 1 0\nd 1 0 0"))
	f.Fuzz(func(t *testing.T, cnf, proof []byte) {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		err := Check(ctx, bytes.NewReader(cnf), bytes.NewReader(proof))
		if err != nil && strings.Contains(err.Error(), "\n") {
			t.Errorf("error of more than one line: %q", err)
		}
		if err == nil {
			if vars, clauses, ok := smallCNF(cnf); ok && satisfiable(vars, clauses) {
				t.Errorf("proof accepted for a satisfiable formula")
			}
		}
	})
}

// FuzzCheckSmall draws small formulas and proofs from the fuzzer's bytes.
// Whatever Check accepts must be unsatisfiable, which brute force decides;
// and on proofs without deletions, where the two agree on what is
// present, Check must judge as refCheck does.
func FuzzCheckSmall(f *testing.F) {
	f.Add([]byte{0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xaa})
	f.Add([]byte("the quick brown fox jumps over the lazy dog"))
	f.Add([]byte{3, 1, 2, 0, 1, 130, 0, 129, 2, 0, 129, 130, 0, 1, 0, 0, 0})
	// Small proofs delete little: compact the arena whenever deleted
	// clauses hold half of it, to put collect to the test.
	saved := collectAfter
	collectAfter = 0
	f.Cleanup(func() { collectAfter = saved })
	f.Fuzz(func(t *testing.T, data []byte) {
		vars, clauses, proof := decodeSmall(data)
		cnf := formatCNF(vars, clauses)
		var text strings.Builder
		deletions := false
		for _, s := range proof {
			if s.del {
				text.WriteString("d ")
				deletions = true
			}
			for _, x := range s.lits {
				text.WriteString(strconv.Itoa(x) + " ")
			}
			text.WriteString("0\n")
		}
		err := Check(context.Background(), bytes.NewReader(cnf), strings.NewReader(text.String()))
		if err == nil && satisfiable(vars, clauses) {
			t.Fatalf("proof accepted for a satisfiable formula:\n%s\nproof:\n%s", cnf, text.String())
		}
		if !deletions {
			if want := refCheck(vars, clauses, proof); (err == nil) != want {
				t.Fatalf("Check = %v, refCheck accepts: %v\n%s\nproof:\n%s", err, want, cnf, text.String())
			}
		}
	})
}

// decodeSmall makes a formula over at most 6 variables, and a proof over at
// most 7 (an extension variable), from bytes: each byte a literal, or 0 to
// end a clause; the first byte sets the number of formula clauses, and a
// proof step whose first byte has the high bit set is a deletion.
func decodeSmall(data []byte) (int, [][]int, []refStep) {
	if len(data) == 0 {
		return 1, nil, nil
	}
	n := int(data[0]%12) + 1
	data = data[1:]
	lit := func(b byte, vars int) int {
		x := int(b&0x7f)%vars + 1
		if b&0x40 != 0 {
			x = -x
		}
		return x
	}
	var clauses [][]int
	var c []int
	for len(data) > 0 && len(clauses) < n {
		b := data[0]
		data = data[1:]
		if b == 0 || len(c) == 4 {
			clauses = append(clauses, c)
			c = nil
			continue
		}
		c = append(c, lit(b, 6))
	}
	var proof []refStep
	var s refStep
	for i, b := range data {
		if len(proof) == 12 {
			break
		}
		if b == 0 {
			proof = append(proof, s)
			s = refStep{}
			continue
		}
		if len(s.lits) == 0 && b&0x80 != 0 && i+1 < len(data) && !s.del {
			s.del = true
			continue
		}
		if len(s.lits) < 4 {
			s.lits = append(s.lits, lit(b, 7))
		}
	}
	return 6, clauses, proof
}

// smallCNF parses a formula over at most 12 variables with the reference
// parser's simplicity, or reports false.
func smallCNF(cnf []byte) (int, [][]int, bool) {
	vars := 0
	var clauses [][]int
	var c []int
	for _, line := range strings.Split(string(cnf), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || f[0][0] == 'c' {
			continue
		}
		if f[0] == "p" {
			if len(f) < 3 {
				return 0, nil, false
			}
			v, err := strconv.Atoi(f[2])
			if err != nil || v > 12 {
				return 0, nil, false
			}
			vars = v
			continue
		}
		for _, w := range f {
			x, err := strconv.Atoi(w)
			if err != nil {
				return 0, nil, false
			}
			if x == 0 {
				clauses = append(clauses, c)
				c = nil
			} else {
				c = append(c, x)
			}
		}
	}
	return vars, clauses, true
}

// satisfiable decides a formula over a handful of variables by trying every
// assignment.
func satisfiable(vars int, clauses [][]int) bool {
	for m := 0; m < 1<<vars; m++ {
		ok := true
		for _, c := range clauses {
			sat := false
			for _, x := range c {
				v := x
				if v < 0 {
					v = -v
				}
				if (m>>(v-1)&1 == 1) == (x > 0) {
					sat = true
					break
				}
			}
			if !sat {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

func TestSatisfiable(t *testing.T) {
	if !satisfiable(2, [][]int{{1, 2}, {-1}}) || satisfiable(2, [][]int{{1, 2}, {1, -2}, {-1, 2}, {-1, -2}}) {
		t.Fatal("satisfiable is wrong on a two-variable formula")
	}
}

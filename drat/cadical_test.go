package drat

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// pigeonhole returns PHP(n+1, n): n+1 pigeons, each in one of n holes, no two
// in the same hole. Resolution proofs of it grow exponentially with n, which
// makes it a steady source of long proofs.
func pigeonhole(n int) (vars int, clauses [][]int) {
	v := func(p, h int) int { return p*n + h + 1 }
	for p := 0; p <= n; p++ {
		var c []int
		for h := range n {
			c = append(c, v(p, h))
		}
		clauses = append(clauses, c)
	}
	for h := range n {
		for p := 0; p <= n; p++ {
			for q := p + 1; q <= n; q++ {
				clauses = append(clauses, []int{-v(p, h), -v(q, h)})
			}
		}
	}
	return (n + 1) * n, clauses
}

// random3SAT draws 4.5n clauses of three distinct variables over n: past the
// threshold near 4.26n, so most such formulas are unsatisfiable.
func random3SAT(n int, seed uint64) [][]int {
	r := rand.New(rand.NewPCG(seed, uint64(n)))
	clauses := make([][]int, n*9/2)
	for i := range clauses {
		var c []int
		for len(c) < 3 {
			x := 1 + r.IntN(n)
			if slicesContainsVar(c, x) {
				continue
			}
			if r.IntN(2) == 0 {
				x = -x
			}
			c = append(c, x)
		}
		clauses[i] = c
	}
	return clauses
}

func slicesContainsVar(c []int, v int) bool {
	for _, x := range c {
		if x == v || x == -v {
			return true
		}
	}
	return false
}

func formatCNF(vars int, clauses [][]int) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "p cnf %d %d\n", vars, len(clauses))
	for _, c := range clauses {
		for _, x := range c {
			b.WriteString(strconv.Itoa(x))
			b.WriteByte(' ')
		}
		b.WriteString("0\n")
	}
	return b.Bytes()
}

// needCadical returns the path of the cadical binary, or skips.
func needCadical(tb testing.TB) string {
	path, err := exec.LookPath("cadical")
	if err != nil {
		tb.Skipf("cadical binary not installed (apt-get install cadical): %v", err)
	}
	return path
}

// solve runs cadical on the formula and returns its answer, 10 or 20, and the
// proof it wrote.
func solve(tb testing.TB, cadical string, cnf []byte, binary bool) (int, []byte) {
	tb.Helper()
	dir := tb.TempDir()
	in, out := filepath.Join(dir, "f.cnf"), filepath.Join(dir, "f.drat")
	if err := os.WriteFile(in, cnf, 0o644); err != nil {
		tb.Fatal(err)
	}
	// Explicit either way: cadical picks the format by whether the proof
	// goes to a terminal.
	format := "--binary=false"
	if binary {
		format = "--binary=true"
	}
	err := exec.Command(cadical, "-q", "-n", format, in, out).Run()
	code := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	}
	if code != 10 && code != 20 {
		tb.Fatalf("cadical: %v", err)
	}
	proof, err := os.ReadFile(out)
	if err != nil {
		tb.Fatal(err)
	}
	return code, proof
}

type instance struct {
	name    string
	vars    int
	clauses [][]int
}

// instances returns pigeonhole formulas and those random 3-SAT formulas that
// cadical finds unsatisfiable, with text and binary proofs of each.
func instances(t *testing.T, cadical string) []instance {
	var list []instance
	for n := 5; n <= 7; n++ {
		vars, clauses := pigeonhole(n)
		list = append(list, instance{fmt.Sprintf("php%d", n), vars, clauses})
	}
	for _, n := range []int{60, 70, 80} {
		for seed := range uint64(4) {
			list = append(list, instance{fmt.Sprintf("random%d-%d", n, seed), n, random3SAT(n, seed)})
		}
	}
	var unsat []instance
	for _, in := range list {
		if code, _ := solve(t, cadical, formatCNF(in.vars, in.clauses), false); code == 20 {
			unsat = append(unsat, in)
		}
	}
	if len(unsat) < 8 {
		t.Fatalf("only %d of %d formulas unsatisfiable", len(unsat), len(list))
	}
	return unsat
}

func TestCadicalProofs(t *testing.T) {
	cadical := needCadical(t)
	for _, in := range instances(t, cadical) {
		cnf := formatCNF(in.vars, in.clauses)
		for _, binary := range []bool{false, true} {
			_, proof := solve(t, cadical, cnf, binary)
			if got := isBinary(proof[:min(len(proof), 64)]); got != binary {
				t.Errorf("%s: isBinary = %v for a proof cadical wrote with binary %v", in.name, got, binary)
			}
			if err := Check(context.Background(), bytes.NewReader(cnf), bytes.NewReader(proof)); err != nil {
				t.Errorf("%s, binary %v, %d bytes: %v", in.name, binary, len(proof), err)
			}
			if !binary {
				// Again, compacting the arena at every chance.
				saved := collectAfter
				collectAfter = 0
				err := Check(context.Background(), bytes.NewReader(cnf), bytes.NewReader(proof))
				collectAfter = saved
				if err != nil {
					t.Errorf("%s, collecting often: %v", in.name, err)
				}
			}
		}
	}
}

// TestSatisfiableRejected feeds proofs cadical wrote for satisfiable formulas:
// they hold lemmas but no empty clause.
func TestSatisfiableRejected(t *testing.T) {
	cadical := needCadical(t)
	found := 0
	for seed := range uint64(20) {
		clauses := random3SAT(70, seed)
		cnf := formatCNF(70, clauses)
		code, proof := solve(t, cadical, cnf, seed%2 == 0)
		if code != 10 {
			continue
		}
		found++
		err := Check(context.Background(), bytes.NewReader(cnf), bytes.NewReader(proof))
		if err == nil || err.Error() != "proof ends without deriving the empty clause" {
			t.Errorf("seed %d: Check = %v for a satisfiable formula", seed, err)
		}
	}
	if found == 0 {
		t.Error("no satisfiable formula among 20")
	}
}

// TestCorruptedProofs corrupts cadical's proofs: cuts them short, flips a
// literal of a lemma, drops a lemma, flips a literal of the formula. Whether
// a corrupted proof is still valid depends on the proof (a flipped lemma may
// still be RUP, a dropped one unneeded), so each verdict is compared with
// that of refCheck, an independent naive checker, and each kind of
// corruption must have been rejected somewhere.
func TestCorruptedProofs(t *testing.T) {
	cadical := needCadical(t)
	r := rand.New(rand.NewPCG(1, 2))
	rejected := map[string]int{}
	sat := 0
	// refCheck's time grows with the square of the proof's length.
	maxLines, trials := 3000, 8
	if testing.Short() {
		maxLines, trials = 1000, 3
	}
	for _, in := range instances(t, cadical) {
		cnf := formatCNF(in.vars, in.clauses)
		_, proof := solve(t, cadical, cnf, false)
		lines := strings.SplitAfter(strings.TrimSuffix(string(proof), "\n"), "\n")
		if len(lines) > maxLines {
			continue
		}
		if !refCheck(in.vars, in.clauses, parseRefProof(lines)) {
			t.Fatalf("%s: refCheck rejects cadical's proof", in.name)
		}
		check := func(what string, cnf []byte, lines []string) error {
			text := strings.Join(lines, "")
			err := Check(context.Background(), bytes.NewReader(cnf), strings.NewReader(text))
			bin, berr := toBinary(text)
			if berr != nil {
				t.Fatalf("%s, %s: %v", in.name, what, berr)
			}
			err2 := Check(context.Background(), bytes.NewReader(cnf), bytes.NewReader(bin))
			if (err == nil) != (err2 == nil) {
				t.Errorf("%s, %s: text %v, binary %v", in.name, what, err, err2)
			}
			return err
		}
		var lemmas []int // lines holding nonempty lemmas
		for i, l := range lines {
			if l[0] != 'd' && l != "0\n" && l != "0" {
				lemmas = append(lemmas, i)
			}
		}

		// Truncation: no empty clause, whatever the lemmas before it.
		for _, n := range []int{len(lines) - 1, len(lines) / 2, 0} {
			if err := check("truncated", cnf, lines[:n]); err == nil {
				t.Errorf("%s: proof cut to %d of %d lines accepted", in.name, n, len(lines))
			}
		}

		// Flipping a literal and dropping a lemma: try lemmas in a seeded
		// order, expect Check to agree with refCheck on each, and to find at
		// least one that refCheck rejects.
		for _, kind := range []string{"flipped", "dropped"} {
			for _, k := range r.Perm(len(lemmas))[:min(len(lemmas), trials)] {
				i := lemmas[k]
				bad := slices.Clone(lines)
				var what string
				if kind == "flipped" {
					f := strings.Fields(lines[i])
					j := r.IntN(len(f) - 1)
					f[j] = strconv.Itoa(-atoi(f[j]))
					bad[i] = strings.Join(f, " ") + "\n"
					what = fmt.Sprintf("line %d %q flipped to %q", i+1, strings.TrimSpace(lines[i]), strings.TrimSpace(bad[i]))
				} else {
					bad = append(bad[:i], bad[i+1:]...)
					what = fmt.Sprintf("line %d %q dropped", i+1, strings.TrimSpace(lines[i]))
				}
				want := refCheck(in.vars, in.clauses, parseRefProof(bad))
				err := check(what, cnf, bad)
				if (err == nil) != want {
					t.Errorf("%s, %s: Check = %v, refCheck accepts: %v", in.name, what, err, want)
				}
				if !want {
					rejected[kind]++
				}
			}
		}

		// A clause of the formula with a literal flipped: Check must agree
		// with refCheck, and must reject the proof whenever cadical finds
		// the flipped formula satisfiable.
		for range trials {
			flipped := slices.Clone(in.clauses)
			i := r.IntN(len(flipped))
			flipped[i] = slices.Clone(flipped[i])
			flipped[i][0] = -flipped[i][0]
			fcnf := formatCNF(in.vars, flipped)
			what := fmt.Sprintf("formula clause %d flipped", i+1)
			want := refCheck(in.vars, flipped, parseRefProof(lines))
			err := check(what, fcnf, lines)
			if (err == nil) != want {
				t.Errorf("%s, %s: Check = %v, refCheck accepts: %v", in.name, what, err, want)
			}
			if code, _ := solve(t, cadical, fcnf, false); code == 10 {
				sat++
				if err == nil {
					t.Errorf("%s: proof accepted for the satisfiable formula with clause %d flipped", in.name, i+1)
				}
			}
			if !want {
				rejected["formula"]++
			}
		}
	}
	t.Logf("rejected corruptions: %v; satisfiable flipped formulas: %d", rejected, sat)
	for _, kind := range []string{"flipped", "dropped", "formula"} {
		if rejected[kind] == 0 {
			t.Errorf("no %s corruption that refCheck rejects", kind)
		}
	}
	if sat == 0 {
		t.Error("no flipped formula that cadical finds satisfiable")
	}
}

// TestCorruptedBinary cuts cadical's binary proofs short, at a step boundary
// and inside a step.
func TestCorruptedBinary(t *testing.T) {
	cadical := needCadical(t)
	vars, clauses := pigeonhole(6)
	cnf := formatCNF(vars, clauses)
	_, proof := solve(t, cadical, cnf, true)
	if !bytes.HasSuffix(proof, []byte{'a', 0}) {
		t.Fatalf("binary proof does not end with the empty clause: % x", proof[max(0, len(proof)-8):])
	}
	for _, n := range []int{len(proof) - 2, len(proof) - 3, len(proof) / 2} {
		err := Check(context.Background(), bytes.NewReader(cnf), bytes.NewReader(proof[:n]))
		if err == nil {
			t.Errorf("binary proof cut to %d of %d bytes accepted", n, len(proof))
		}
	}
}

func TestCadicalCancelled(t *testing.T) {
	cadical := needCadical(t)
	vars, clauses := pigeonhole(7)
	cnf := formatCNF(vars, clauses)
	_, proof := solve(t, cadical, cnf, true)
	// A reader that cancels once part of the proof is read, so that the
	// check stops midway rather than before it starts.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r := &cancelAfter{r: bytes.NewReader(proof), n: len(proof) / 3, cancel: cancel}
	err := Check(ctx, bytes.NewReader(cnf), r)
	if !errors.Is(err, context.Canceled) || !strings.HasPrefix(err.Error(), "proof byte ") {
		t.Errorf("Check = %v, want a proof position and context.Canceled", err)
	}
}

type cancelAfter struct {
	r      *bytes.Reader
	n      int
	cancel func()
}

func (c *cancelAfter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p[:min(len(p), 4096)])
	if c.n -= n; c.n <= 0 {
		c.cancel()
	}
	return n, err
}

func slicesClone[T any](s []T) []T { return append([]T(nil), s...) }

func atoi(s string) int {
	x, err := strconv.Atoi(s)
	if err != nil {
		panic(err)
	}
	return x
}

// BenchmarkCheck checks cadical's proofs of pigeonhole formulas: PHP(8,7)
// has about 13,000 proof lines, PHP(9,8) about 76,000 (3 MB as text).
func BenchmarkCheck(b *testing.B) {
	cadical := needCadical(b)
	for _, n := range []int{7, 8} {
		vars, clauses := pigeonhole(n)
		cnf := formatCNF(vars, clauses)
		for _, binary := range []bool{false, true} {
			_, proof := solve(b, cadical, cnf, binary)
			format := "text"
			if binary {
				format = "binary"
			}
			b.Run(fmt.Sprintf("PHP(%d,%d)/%s", n+1, n, format), func(b *testing.B) {
				b.SetBytes(int64(len(proof)))
				for b.Loop() {
					if err := Check(context.Background(), bytes.NewReader(cnf), bytes.NewReader(proof)); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

package certify

import (
	"bufio"
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/odtx/odtx/ginisat"
	"github.com/odtx/odtx/internal/testgen"
	"github.com/odtx/odtx/solver"
)

// TestErrorClaims checks the CNF of claims on errors against the
// brute-force oracle on random tables, most with contradictory records,
// over every row or a subset, at depths 0 to 2 and with node budgets:
// "fewer than the least errors" is unsatisfiable and "fewer than one more"
// satisfiable. A sample of the unsatisfiable formulas is refuted by
// cadical, and its DRAT proof accepted.
func TestErrorClaims(t *testing.T) {
	cadical := haveProver(t)
	r := rand.New(rand.NewPCG(9, 10))
	unsat, proofs := 0, 0
	trials := 200
	if testing.Short() {
		trials = 50
	}
	for trial := range trials {
		features, rows, classes := 1+r.IntN(4), 1+r.IntN(12), 2+r.IntN(2)
		ds := testgen.Noisy(r, features, rows, classes)
		if trial%4 == 0 {
			ds = testgen.Dataset(r, features, rows, classes) // weight 1 on each Class
		}
		examples := r.Perm(len(ds.Examples))
		if trial%3 == 0 {
			examples = examples[:1+r.IntN(len(examples))]
		}
		sub := *ds
		sub.Examples = nil
		for _, i := range examples {
			sub.Examples = append(sub.Examples, ds.Examples[i])
		}
		for depth := range 3 {
			for _, nodes := range []int{0, 1, 2, 3, 5} {
				if nodes > 1<<(depth+1)-1 {
					continue
				}
				best := testgen.MinErrors(&sub, depth, nodes)
				for _, errs := range []int{best, best + 1} {
					if errs == 0 {
						continue // the claim that every row is classified
					}
					c := Claim{Depth: depth, MaxNodes: nodes, Errors: errs, Examples: examples}
					var cnf bytes.Buffer
					if err := WriteCNF(&cnf, ds, c); err != nil {
						t.Fatal(err)
					}
					res := solveDIMACS(t, cnf.Bytes())
					if want := errs > best; (res == solver.Sat) != want {
						t.Fatalf("trial %d: %q over %d rows: %v, brute force %d errors", trial, c, len(examples), res, best)
					}
					if !strings.Contains(cnf.String(), " Y line=") || !strings.Contains(cnf.String(), " E node=1 errors>=") {
						t.Fatalf("trial %d: the comments name no Y or E variable:\n%.500s", trial, cnf.String())
					}
					if res == solver.Unsat {
						unsat++
						if cadical && unsat%20 == 0 {
							refute(t, cnf.Bytes())
							proofs++
						}
					}
				}
			}
		}
	}
	if cadical && proofs < trials/10 {
		t.Errorf("only %d proofs checked", proofs)
	}
	t.Logf("%d unsatisfiable formulas, %d proofs checked", unsat, proofs)
}

// TestClaimString: a claim on errors says so, the zero-error claims read
// as before, and a count of one is singular.
func TestClaimString(t *testing.T) {
	for _, c := range []struct {
		claim Claim
		want  string
	}{
		{Claim{Depth: 3}, "no tree of depth 3 classifies the rows"},
		{Claim{Depth: 3, MaxNodes: 7}, "no tree of depth 3 with at most 7 nodes classifies the rows"},
		{Claim{Depth: 2, Errors: 5}, "no tree of depth 2 makes fewer than 5 errors on the rows"},
		{Claim{Depth: 2, MaxNodes: 3, Errors: 5}, "no tree of depth 2 with at most 3 nodes makes fewer than 5 errors on the rows"},
		{Claim{Depth: 1, MaxNodes: 1, Errors: 1}, "no tree of depth 1 with at most 1 node makes fewer than 1 error on the rows"},
	} {
		if got := c.claim.String(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.claim, got, c.want)
		}
	}
}

// haveProver reports whether the prover is installed; where it is not,
// it fails t if $ODTX_REQUIRE_BACKENDS is set, and else says so in the log.
func haveProver(t *testing.T) bool {
	_, err := exec.LookPath(Prover)
	switch {
	case err == nil:
		return true
	case os.Getenv("ODTX_REQUIRE_BACKENDS") != "":
		t.Fatalf("%s not installed (apt-get install cadical)", Prover)
	default:
		t.Logf("%s not installed (apt-get install cadical): no proof checked", Prover)
	}
	return false
}

// solveDIMACS solves a DIMACS formula with gini.
func solveDIMACS(t *testing.T, cnf []byte) solver.Result {
	t.Helper()
	s := ginisat.New()
	defer s.Close()
	sc := bufio.NewScanner(bytes.NewReader(cnf))
	sc.Buffer(nil, 1<<20)
	var clause []int
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == 'c' || line[0] == 'p' {
			continue
		}
		for _, field := range strings.Fields(line) {
			lit, err := strconv.Atoi(field)
			if err != nil {
				t.Fatalf("%q: %v", line, err)
			}
			if lit == 0 {
				s.AddClause(clause)
				clause = clause[:0]
				continue
			}
			clause = append(clause, lit)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	res, err := s.Solve(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// refute runs the prover on an unsatisfiable formula and checks its proof.
func refute(t *testing.T, cnf []byte) {
	t.Helper()
	dir := t.TempDir()
	in, proof := filepath.Join(dir, "f.cnf"), filepath.Join(dir, "f.drat")
	if err := os.WriteFile(in, cnf, 0o644); err != nil {
		t.Fatal(err)
	}
	unsat, err := prove(context.Background(), in, proof)
	if err != nil || !unsat {
		t.Fatalf("%s: unsat %v, %v", Prover, unsat, err)
	}
	if err := checkFiles(context.Background(), in, proof); err != nil {
		t.Fatalf("the proof of an unsatisfiable claim was rejected: %v", err)
	}
}

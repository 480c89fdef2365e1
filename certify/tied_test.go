package certify

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/odtx/odtx/internal/testgen"
	"github.com/odtx/odtx/solver"
)

// TestTiedClaims: where identical rows tie on their labels, the formula
// of a claim lets their leaf have any label of the tie, so that the claims
// that prove the optimum the brute-force oracle finds, giving each tie any
// of its labels, are unsatisfiable and the optimum's own satisfiable, on
// random tables of two and three classes. Before, the formula held each
// tie to its first label, and a certificate proved a larger tree optimal.
func TestTiedClaims(t *testing.T) {
	r := rand.New(rand.NewPCG(34, 3))
	trials := 150
	if testing.Short() {
		trials = 50
	}
	tied := 0
	for trial := range trials {
		tt := testgen.ReadTied(t, testgen.Conflicting(r, 1+r.IntN(4), 4+r.IntN(14), 2+trial%2))
		ds, depth, nodes := tt.Data, tt.Depth, tt.Nodes
		for _, ex := range ds.Examples {
			if ex.Tied != nil {
				tied++
			}
		}
		type claim struct {
			c   Claim
			sat bool
		}
		claims := []claim{{Claim{Depth: depth}, true}}
		if depth > 0 {
			claims = append(claims, claim{Claim{Depth: depth - 1}, false}, claim{Claim{Depth: depth, MaxNodes: nodes}, true},
				claim{Claim{Depth: depth, MaxNodes: nodes - 2}, false})
		}
		every := make([]int, len(ds.Examples))
		for i := range every {
			every[i] = i
		}
		for _, k := range claims {
			k.c.Examples = every
			var cnf bytes.Buffer
			if err := WriteCNF(&cnf, ds, k.c); err != nil {
				t.Fatal(err)
			}
			if got := solveDIMACS(t, cnf.Bytes()) == solver.Sat; got != k.sat {
				t.Fatalf("trial %d: %q satisfiable %v; the oracle, any label to a tie: depth %d, %d nodes", trial, k.c, got, depth, nodes)
			}
		}
	}
	if tied < trials/2 {
		t.Fatalf("%d tied groups in %d tables: the test lost its teeth", tied, trials)
	}
}

// TestVerifyTiedLeaf: a certificate of a single leaf, which needs no
// claim, verifies where the rows' labels differ but a tie lets one label
// fit them all: line 2 ties with line 3, and b, first in the file, is its
// label, but a fits every row.
func TestVerifyTiedLeaf(t *testing.T) {
	dir := t.TempDir()
	data := []byte("x,y\n1,b\n1,a\n2,a\n")
	if err := os.WriteFile(filepath.Join(dir, "data.csv"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	m := Manifest{Dataset: "data.csv", SHA256: digest(data), Split: "threshold", Conflicts: "majority",
		Result: Result{Mode: "size", Depth: 0, Nodes: 1}, Claims: []Entry{}}
	raw, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ManifestFile), raw, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Verify(context.Background(), dir, ""); err != nil {
		t.Fatal(err)
	}
}

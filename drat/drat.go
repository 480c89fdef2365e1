// Package drat checks DRAT proofs of unsatisfiability, such as those CaDiCaL
// writes, so that a SAT solver's "unsatisfiable" need not be taken on trust.
//
// A DRAT proof is a sequence of steps, each adding a lemma or deleting a
// clause. Check replays it forward over the formula: every added lemma must
// follow from the clauses present at that point by reverse unit propagation
// (RUP), or else have the resolution asymmetric tautology property (RAT) on
// its first literal, and the proof must reach the empty clause.
package drat

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Check reads a formula in DIMACS CNF and a DRAT proof of its
// unsatisfiability, and returns nil if and only if the proof refutes the
// formula: every lemma is RUP or RAT on its first literal with respect to the
// clauses present when it is added, and the proof derives the empty clause.
// A formula that unit propagation alone refutes needs no proof, and then the
// proof is not read. Reading stops at the empty clause. A proof without it
// is rejected even when its lemmas propagate to a conflict, since that is
// what a proof cut short looks like.
//
// The formula must match its p line: as many clauses as it declares, and no
// variable beyond its count. Lemmas may use new variables, as extended
// resolution does.
//
// The proof may be in text or binary DRAT; binary is recognised by its first
// byte 'a' or by a control byte, such as the NUL that ends every binary step,
// among its first bytes.
//
// Deleting a clause that is not present is ignored, as drat-trim does. So is
// deleting a clause that is the reason for a literal that unit propagation
// fixes at the top level (such as a unit clause): the checker keeps it.
// Keeping a clause is sound, since a lemma that is RUP without it is RUP with
// it, and RAT is checked against the clauses actually kept; but a proof whose
// RAT lemmas rely on such a deletion may be rejected.
//
// Errors are one line and name the place at fault, as in
// "proof line 12: lemma 4 -7 0 is neither RUP nor RAT on 4". Check looks at
// ctx between steps and returns an error wrapping ctx.Err() once it is done;
// it cannot interrupt a Read that blocks.
func Check(ctx context.Context, cnf io.Reader, proof io.Reader) error {
	c := newChecker()
	if err := c.readCNF(ctx, cnf); err != nil {
		return err
	}
	if c.conflict >= 0 {
		return nil
	}
	return c.checkProof(ctx, proof)
}

// stepsPerCtxCheck bounds the work between two looks at the context: a step
// costs at most one propagation over the clause database, milliseconds on
// formulas of millions of clauses, and a look at ctx next to nothing.
const stepsPerCtxCheck = 16

func (c *checker) checkProof(ctx context.Context, proof io.Reader) error {
	pr := newProofReader(proof, c)
	for n := 0; ; n++ {
		if n%stepsPerCtxCheck == 0 {
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("%s: %w", pr.where(), err)
			}
		}
		st, err := pr.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		if st.del {
			if c.conflict < 0 {
				c.delete(st.lits)
			}
			continue
		}
		if len(st.lits) == 0 {
			if c.conflict < 0 {
				return fmt.Errorf("%s: the empty clause is not RUP", pr.where())
			}
			return nil
		}
		if c.conflict >= 0 {
			// Every clause is RUP once the clauses propagate to a conflict.
			continue
		}
		ok, blocker, err := c.implied(ctx, st.lits)
		if err != nil {
			return fmt.Errorf("%s: %w", pr.where(), err)
		}
		if !ok {
			msg := fmt.Sprintf("%s: lemma %s is neither RUP nor RAT on %d", pr.where(), formatClause(st.ext), st.ext[0])
			if blocker >= 0 {
				msg += fmt.Sprintf(" (resolvent with clause %s is not RUP)", formatClause(c.external(blocker)))
			}
			return errors.New(msg)
		}
		if err := c.add(st.lits); err != nil {
			return fmt.Errorf("%s: %w", pr.where(), err)
		}
	}
	if c.conflict >= 0 {
		return errors.New("proof ends without the empty clause, though its lemmas propagate to a conflict: is it cut short?")
	}
	return errors.New("proof ends without deriving the empty clause")
}

// formatClause writes a clause as in DIMACS, ended by 0, clipped so that an
// error message stays one readable line.
func formatClause(lits []int) string {
	const limit = 12
	var b strings.Builder
	for i, l := range lits {
		if i == limit {
			fmt.Fprintf(&b, "... 0 (%d literals)", len(lits))
			return b.String()
		}
		b.WriteString(strconv.Itoa(l))
		b.WriteByte(' ')
	}
	b.WriteByte('0')
	return b.String()
}

package solver

import (
	"context"
	"fmt"
)

// Checked returns a Solver that passes everything to s, keeps the clauses,
// and checks every model s returns against them and the assumptions. A
// wrong model becomes an error naming the back end, never a wrong tree.
func Checked(s Solver, name string) Solver {
	return &checked{Solver: s, name: name}
}

type checked struct {
	Solver
	name    string
	formula Formula
}

func (c *checked) AddClause(lits []int) {
	c.formula.AddClause(lits)
	c.Solver.AddClause(lits)
}

func (c *checked) Solve(ctx context.Context, assumptions []int) (Result, error) {
	r, err := c.Solver.Solve(ctx, assumptions)
	if err == nil && r == Sat {
		if err := c.formula.Check(c.Solver.Value, assumptions); err != nil {
			return Unknown, fmt.Errorf("%s returned a wrong model: %w", c.name, err)
		}
	}
	return r, err
}

package drat_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/odtx/odtx/drat"
)

func ExampleCheck() {
	// x1 = x2 and x1 != x2: no assignment satisfies all four clauses.
	cnf := `p cnf 2 4
1 2 0
1 -2 0
-1 2 0
-1 -2 0
`
	// Assuming -1 propagates 2 and -2, so 1 is RUP; with 1, the clauses
	// propagate to a conflict, so the empty clause is RUP too.
	proof := "1 0\n0\n"
	err := drat.Check(context.Background(), strings.NewReader(cnf), strings.NewReader(proof))
	fmt.Println(err)

	// Without the lemma, the empty clause does not follow by propagation.
	err = drat.Check(context.Background(), strings.NewReader(cnf), strings.NewReader("0\n"))
	fmt.Println(err)
	// Output:
	// <nil>
	// proof line 1: the empty clause is not RUP
}

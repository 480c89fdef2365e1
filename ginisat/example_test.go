package ginisat_test

import (
	"context"
	"fmt"

	"github.com/odtx/odtx/ginisat"
)

func ExampleNew() {
	s := ginisat.New()
	s.AddClause([]int{1, 2}) // x1 or x2
	s.AddClause([]int{-1})   // not x1
	r, _ := s.Solve(context.Background(), nil)
	fmt.Println(r, s.Value(1), s.Value(2))
	r, _ = s.Solve(context.Background(), []int{-2}) // assume not x2
	fmt.Println(r)
	// Output:
	// SAT false true
	// UNSAT
}

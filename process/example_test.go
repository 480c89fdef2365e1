package process_test

import (
	"context"
	"fmt"
	"time"

	"github.com/odtx/odtx/process"
)

// The example needs MiniSat installed, so it has no Output line: go test
// compiles it but does not run it.
func Example() {
	cfg, err := process.Lookup("minisat")
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := process.New(cfg)
	if err != nil {
		fmt.Println(err) // minisat not found in PATH (install it: apt-get install minisat)
		return
	}
	s.AddClause([]int{1, 2})
	s.AddClause([]int{-1})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	r, err := s.Solve(ctx, nil)
	fmt.Println(r, err, s.Value(1), s.Value(2)) // SAT <nil> false true
	r, err = s.Solve(ctx, []int{-2})
	fmt.Println(r, err) // UNSAT <nil>
}

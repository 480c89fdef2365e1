//go:build (cadical || minisat) && cgo && linux

package csat

import (
	"context"
	"io"
	"os"
	"slices"
	"syscall"
	"testing"

	"github.com/odtx/odtx/internal/testgen"
	"github.com/odtx/odtx/solver"
)

// TestSilent checks that nothing reaches file descriptor 1, where odtx
// writes its trees, over the lives of solvers of every C library. It includes a clause that is
// already false when it is added, on which CaDiCaL 1.5 prints a message
// unless told to be quiet.
func TestSilent(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	saved, err := syscall.Dup(1)
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Close(saved)
	if err := syscall.Dup3(int(w.Fd()), 1, 0); err != nil {
		t.Fatal(err)
	}
	out := make(chan []byte)
	go func() {
		b, _ := io.ReadAll(r)
		out <- b
	}()

	results := solveNoisily()

	if err := syscall.Dup3(saved, 1, 0); err != nil {
		t.Fatal(err)
	}
	w.Close()
	if b := <-out; len(b) > 0 {
		t.Errorf("the solver wrote to stdout:\n%s", b)
	}
	var want []solver.Result
	for range libs {
		want = append(want, solver.Unsat, solver.Sat, solver.Unsat)
	}
	if !slices.Equal(results, want) {
		t.Errorf("answers %v, want %v", results, want)
	}
}

// solveNoisily runs solvers through the calls most likely to print, and
// returns their answers. It must not call the testing package, whose output
// would be captured too.
func solveNoisily() []solver.Result {
	var results []solver.Result
	solve := func(s *Solver) {
		r, _ := s.Solve(context.Background(), nil)
		results = append(results, r)
	}
	for _, l := range libs {
		hard, err := l.open()
		if err != nil {
			panic(err)
		}
		defer hard.Close()
		testgen.Pigeonhole(hard.AddClause, 7, 0)
		solve(hard)

		easy, err := l.open()
		if err != nil {
			panic(err)
		}
		defer easy.Close()
		easy.AddClause([]int{1, 2})
		easy.AddClause([]int{-2})
		solve(easy)
		easy.AddClause([]int{-1})
		solve(easy)
	}
	return results
}

package dimacs_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/odtx/odtx/dimacs"
)

func ExampleWriter() {
	w := dimacs.NewWriter(os.Stdout)
	w.Comment("x1 or not x2, and x2")
	w.Header(2, 2)
	w.Clause([]int{1, -2})
	w.Clause([]int{2})
	if err := w.Flush(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// c x1 or not x2, and x2
	// p cnf 2 2
	// 1 -2 0
	// 2 0
}

func ExampleParseAnswer() {
	out := "c solved by a SAT solver\ns SATISFIABLE\nv 1 2 0\n"
	a, err := dimacs.ParseAnswer(strings.NewReader(out))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(a.Result == dimacs.Sat, a.Model)
	// Output: true [1 2]
}

package gen_test

import (
	"fmt"
	"log"

	"github.com/odtx/odtx/gen"
)

// Three distinct rows over two features, labelled by a random tree of
// depth 1: here it tests f1.
func ExampleCSV() {
	data, err := gen.CSV(gen.Params{Depth: 1, Features: 2, Classes: 2, Rows: 3, Seed: 1})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(string(data))
	// Output:
	// f0,f1,class
	// 1,0,1
	// 0,0,1
	// 1,1,0
}

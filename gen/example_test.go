package gen_test

import (
	"fmt"
	"log"
	"os"

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

// Four rows of two columns of numbers with two decimal places, labelled by
// a random tree of depth 2.
func ExampleNumeric_Write() {
	p := gen.Numeric{Depth: 2, Columns: 2, Classes: 2, Rows: 4, Decimals: 2, Seed: 2}
	if err := p.Write(os.Stdout); err != nil {
		log.Fatal(err)
	}
	// Output:
	// x0,x1,class
	// 0.19,0.99,1
	// 0.61,0.43,0
	// 0.11,0.86,1
	// 0.45,0.58,1
}

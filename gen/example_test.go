package gen_test

import (
	"fmt"
	"log"

	"github.com/odtx/odtx/gen"
)

// The tree of depth 1 tests one of the two features; the three rows are
// distinct and labelled by it.
func ExampleCSV() {
	p := gen.Params{Depth: 1, Features: 2, Classes: 2, Rows: 3, Seed: 1}
	root, err := gen.Tree(p)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("if f%d then class %d else class %d\n", root.Feature, root.True.Class, root.False.Class)

	data, err := gen.CSV(p)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(string(data))
	// Output:
	// if f1 then class 0 else class 1
	// f0,f1,class
	// 1,0,1
	// 0,0,1
	// 1,1,0
}

func ExampleNode_Classify() {
	root, err := gen.Tree(gen.Params{Depth: 1, Features: 2, Classes: 2, Rows: 1, Seed: 1})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(root.Classify([]bool{false, true})) // f0=0, f1=1
	fmt.Println(root.Classify([]bool{true, false})) // f0=1, f1=0
	// Output:
	// 0
	// 1
}

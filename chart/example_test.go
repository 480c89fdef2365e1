package chart_test

import (
	"bytes"
	"fmt"
	"log"
	"strings"

	"github.com/odtx/odtx/chart"
)

func ExampleLines() {
	depths := []float64{2, 3, 4, 5, 6}
	var svg bytes.Buffer
	err := chart.Lines(&svg, "Time to prove optimality", "depth", "seconds", true,
		chart.Series{Name: "gini", X: depths, Y: []float64{0.01, 0.05, 0.4, 3.1, 27}},
		chart.Series{Name: "minisat", X: depths, Y: []float64{0.02, 0.08, 0.9, 6.5, 61}},
	)
	if err != nil {
		log.Fatal(err)
	}
	// A chart is 6 by 4 inches, of 72 points each, with a legend naming
	// each series.
	for line := range strings.Lines(svg.String()) {
		if strings.HasPrefix(line, "<svg ") {
			fmt.Print(line)
		}
	}
	for _, name := range []string{"gini", "minisat"} {
		fmt.Println(name, strings.Contains(svg.String(), ">"+name+"</text>"))
	}
	// Output:
	// <svg width="432pt" height="288pt" viewBox="0 0 432 288"
	// gini true
	// minisat true
}

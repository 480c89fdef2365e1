package chart_test

import (
	"io"
	"log"

	"github.com/odtx/odtx/chart"
)

func ExampleLines() {
	depths := []float64{2, 3, 4, 5, 6}
	err := chart.Lines(io.Discard, "Time to prove optimality", "depth", "seconds", true,
		chart.Series{Name: "gini", X: depths, Y: []float64{0.01, 0.05, 0.4, 3.1, 27}},
		chart.Series{Name: "minisat", X: depths, Y: []float64{0.02, 0.08, 0.9, 6.5, 61}},
	)
	if err != nil {
		log.Fatal(err)
	}
}

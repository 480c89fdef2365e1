package main

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// TestCVRegression: cv --task regression over a range of depths gives a
// line of mean RMSE and R² for each, the deeper optimum no worse on its
// training rows, and picks the depth of the best mean test R².
func TestCVRegression(t *testing.T) {
	r := rand.New(rand.NewPCG(36, 1))
	var csv strings.Builder
	csv.WriteString("a,b,y\n")
	for range 90 {
		a, b := r.IntN(10), r.IntN(10)
		y := 3*float64(a/5) + float64(b/3) + float64(r.IntN(5))/4
		fmt.Fprintf(&csv, "%d,%d,%g\n", a, b, y)
	}
	out := mustRun(t, ".", csv.String(), "cv", "--task", "regression", "--max-depth", "1-3", "--folds", "3", "-").stdout
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 5 {
		t.Fatalf("want a header, 3 depths and a pick:\n%s", out)
	}
	var trainR2, testR2 []float64
	best := 0
	for i, line := range lines[1:4] {
		f := strings.Fields(line)
		tr, err1 := strconv.ParseFloat(f[2], 64)
		te, err2 := strconv.ParseFloat(f[4], 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("line %q: %v %v", line, err1, err2)
		}
		trainR2, testR2 = append(trainR2, tr), append(testR2, te)
		if te > testR2[best] {
			best = i
		}
	}
	for i := 1; i < 3; i++ {
		if trainR2[i] < trainR2[i-1] {
			t.Errorf("depth %d trains to R² %v, below depth %d's %v:\n%s", i+1, trainR2[i], i, trainR2[i-1], out)
		}
	}
	if !strings.HasSuffix(lines[1+best], "<- pick") || !strings.HasPrefix(lines[4], fmt.Sprintf("pick --max-depth %d:", best+1)) {
		t.Errorf("want depth %d picked:\n%s", best+1, out)
	}
	one := mustRun(t, ".", csv.String(), "cv", "--task", "regression", "--max-depth", "2", "--folds", "3", "-").stdout
	if n := strings.Count(one, "fold "); n != 3 || !strings.Contains(one, "mean test RMSE") {
		t.Errorf("want 3 folds and the means:\n%s", one)
	}
}

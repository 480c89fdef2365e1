package testgen

import (
	"math/rand/v2"
	"strings"
)

// WithMissing returns csv, a table without quotes, with each field of its
// columns whose names start with x made missing, empty or NaN, at rate.
func WithMissing(r *rand.Rand, csv string, rate float64) string {
	lines := strings.Split(strings.TrimSuffix(csv, "\n"), "\n")
	header := strings.Split(lines[0], ",")
	for i, line := range lines[1:] {
		fields := strings.Split(line, ",")
		for c, name := range header {
			if strings.HasPrefix(name, "x") && r.Float64() < rate {
				fields[c] = []string{"", "NaN"}[r.IntN(2)]
			}
		}
		lines[1+i] = strings.Join(fields, ",")
	}
	return strings.Join(lines, "\n") + "\n"
}

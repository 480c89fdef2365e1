// Package plural writes counts as English says them: "1 node", "0 nodes",
// "3 training errors". Every count odtx prints goes through it, so that
// none says "1 nodes".
package plural

import (
	"strconv"
	"strings"
)

// Count returns n followed by noun, in the plural unless n is 1.
func Count(n int, noun string) string {
	return strconv.Itoa(n) + " " + Pick(n, noun, of(noun))
}

// Pick returns one where n is 1, else many: for a word other than a
// regular noun's, such as a verb ("contradicts", "contradict").
func Pick(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// of returns the plural of a regular noun, the last word of noun: "es"
// after s, x, z, ch or sh, else "s".
func of(noun string) string {
	for _, end := range []string{"s", "x", "z", "ch", "sh"} {
		if strings.HasSuffix(noun, end) {
			return noun + "es"
		}
	}
	return noun + "s"
}

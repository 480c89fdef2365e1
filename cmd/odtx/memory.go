package main

import (
	"errors"
	"fmt"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/urfave/cli/v3"
)

// flagMaxMemory bounds the memory of odtx's process (see memoryFlag).
const flagMaxMemory = "max-memory"

// leastMemory is the least --max-memory: below it the collector would run
// all the time and a cache hold next to nothing, far more likely a slip
// of the unit than a wish.
const leastMemory = 64 << 20

func memoryFlag() cli.Flag {
	return &cli.StringFlag{
		Name: flagMaxMemory,
		Usage: "keep the process's memory near SIZE (bytes, or with k, m, g or t, or KiB, MiB, GiB or TiB: 1024-fold units; 0 means no limit): Go's collector keeps the heap near it (a soft limit), " +
			"and the caches of subproblems, the memory that grows as a search goes, take half of it, shared among the searches that run at once; " +
			"a cache that fills drops what its search has not used since it last filled, which costs time, never the answer. The data's own copies must fit in the rest",
		Validator: func(s string) error {
			_, err := parseSize(s)
			return err
		},
	}
}

// limitMemory sets Go's soft memory limit to --max-memory, if given.
func limitMemory(cmd *cli.Command) {
	if n, err := parseSize(cmd.String(flagMaxMemory)); err == nil && n > 0 {
		debug.SetMemoryLimit(n)
	}
}

// cacheBytes returns the memory of the cache of each of searches searches
// that run at once: half of --max-memory shared among them, or 0, each
// engine's default, without it.
func cacheBytes(cmd *cli.Command, searches int) int64 {
	n, err := parseSize(cmd.String(flagMaxMemory))
	if err != nil || n == 0 {
		return 0
	}
	return n / 2 / int64(max(searches, 1))
}

// parseSize reads a --max-memory SIZE: 0 for "" or 0 (none), as for
// --timeout.
func parseSize(s string) (int64, error) {
	if s == "" {
		return 0, nil
	}
	num := strings.TrimRightFunc(s, func(r rune) bool { return r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' })
	unit := map[string]int64{"": 1, "b": 1, "k": 1 << 10, "kib": 1 << 10, "m": 1 << 20, "mib": 1 << 20, "g": 1 << 30, "gib": 1 << 30, "t": 1 << 40, "tib": 1 << 40}
	u, ok := unit[strings.ToLower(s[len(num):])]
	v, err := strconv.ParseFloat(num, 64)
	switch {
	case !ok || err != nil || num == "":
		return 0, fmt.Errorf("%q: want a size such as 512m, 2g or 1.5GiB", s)
	case v == 0:
		return 0, nil
	case v*float64(u) < leastMemory:
		return 0, errors.New("want at least 64MiB")
	case v*float64(u) >= 1<<62:
		return 0, fmt.Errorf("%q: too large", s)
	}
	return int64(v * float64(u)), nil
}

package main

import (
	"math"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
)

// gcSettings reads the collector's percent and memory limit.
func gcSettings() (percent, limit int64) {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}, {Name: "/gc/gomemlimit:bytes"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64()), int64(s[1].Value.Uint64())
}

// TestDeferCollection: the collector is off up to the memory limit it is
// given, or the user's if lower, and the first collection sets it back as
// the user had it; a collector the user turned off stays off, under the
// user's limit alone.
func TestDeferCollection(t *testing.T) {
	defer func(percent, limit int64) {
		debug.SetGCPercent(int(percent))
		debug.SetMemoryLimit(limit)
	}(gcSettings())
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(s)
	// The test's process, unlike odtx as it starts, may hold more than
	// collectionStart already.
	const grace = 64 << 20
	used := int64(s[0].Value.Uint64() - s[1].Value.Uint64())
	until, low := used+grace, used+grace/4
	for _, c := range []struct {
		name           string
		percent, limit int64
		// deferred tells the right limit before a collection.
		deferred func(limit int64) bool
	}{
		{"default", 100, math.MaxInt64, func(l int64) bool { return l == until }},
		{"GOGC=137 GOMEMLIMIT=1TiB", 137, 1 << 40, func(l int64) bool { return l == until }},
		{"GOGC=137, GOMEMLIMIT within the grace", 137, low, func(l int64) bool { return l == low }},
		{"GOGC=off GOMEMLIMIT=1TiB", -1, 1 << 40, func(l int64) bool { return l == 1<<40 }},
	} {
		t.Run(c.name, func(t *testing.T) {
			debug.SetGCPercent(int(c.percent))
			debug.SetMemoryLimit(c.limit)
			deferCollection(until)
			p, l := gcSettings()
			if p != -1 || !c.deferred(l) {
				t.Fatalf("before a collection: percent %d, limit %d (the user's %d)", p, l, c.limit)
			}
			// The first collection sets it back as it was.
			for i := 0; ; i++ {
				runtime.GC()
				if p, l = gcSettings(); p == c.percent && l == c.limit {
					break
				}
				if i == 100 {
					t.Fatalf("after %d collections: percent %d, limit %d; want %d, %d", i+1, p, l, c.percent, c.limit)
				}
			}
		})
	}
}

package main

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// collectionGrace is how far a job's memory may grow past what reading
// its data left before the collector first runs.
const collectionGrace = 64 << 20

// pauseCollection turns the collector off and returns a function that
// turns it back on once the process's memory has grown by collectionGrace,
// at the first collection, which the memory limit then starts.
//
// Reading allocates little garbage: nearly all it allocates it keeps, so a
// collection during it would free next to nothing, yet scan every field
// read so far, each time the heap doubled. And a small job ends before its
// memory grows that much: its first collection, whose mark bits and span
// bookkeeping touch pages the job otherwise never would, is the costliest
// part of its search. A large job is collected as it was, from the point
// its heap has grown by the grace, which bounds what the pause adds to its
// peak.
func pauseCollection() (resume func()) {
	percent := debug.SetGCPercent(-1)
	return func() {
		if percent < 0 {
			return // GOGC=off: the collector was off already
		}
		limit := debug.SetMemoryLimit(-1)
		s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
		metrics.Read(s)
		used := s[0].Value.Uint64() - s[1].Value.Uint64()
		debug.SetMemoryLimit(min(limit, int64(used+collectionGrace)))
		// A cleanup runs after the collection that finds its object
		// unreachable, the first one; the object must not be a tiny
		// allocation, whose cleanup may never run.
		runtime.AddCleanup(new([64]byte), func(limit int64) {
			debug.SetGCPercent(percent)
			debug.SetMemoryLimit(limit)
		}, limit)
	}
}

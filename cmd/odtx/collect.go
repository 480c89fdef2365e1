package main

import (
	"runtime"
	"runtime/debug"
)

// collectionStart is the memory odtx may take before the collector first
// runs.
const collectionStart = 64 << 20

// deferCollection turns the collector off until the process's memory
// reaches until, at the first collection, which a memory limit then
// starts, and which turns it back on as it was. odtx calls it as it
// starts, with collectionStart.
//
// Most jobs are small, and end before their memory grows that much. Their
// first collection, whose mark bits and span bookkeeping touch pages the
// job otherwise never would, costs them more than the garbage it frees;
// and reading data, which allocates little garbage, would be collected
// each time the heap doubled, scanning every field read so far to free
// next to nothing. A large job is collected as before once its memory
// reaches until, which bounds what the pause adds to its peak. A user's
// GOGC=off, and a lower GOMEMLIMIT, stand.
func deferCollection(until int64) {
	percent := debug.SetGCPercent(-1)
	if percent < 0 {
		return // GOGC=off: the collector was off already
	}
	limit := debug.SetMemoryLimit(-1)
	debug.SetMemoryLimit(min(limit, until))
	// A cleanup runs after the collection that finds its object
	// unreachable, the first one; the object must not be a tiny
	// allocation, whose cleanup may never run.
	runtime.AddCleanup(new([64]byte), func(limit int64) {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
	}, limit)
}

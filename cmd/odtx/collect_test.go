package main

import (
	"math"
	"runtime"
	"runtime/metrics"
	"testing"
)

// gcSettings reads the collector's percent and memory limit.
func gcSettings() (percent int64, limit uint64) {
	s := []metrics.Sample{{Name: "/gc/gogc:percent"}, {Name: "/gc/gomemlimit:bytes"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64()), s[1].Value.Uint64()
}

func TestPauseCollection(t *testing.T) {
	percent, limit := gcSettings()
	if percent < 0 || limit != math.MaxInt64 {
		t.Skipf("the collector is set by the environment: percent %d, limit %d", percent, limit)
	}
	resume := pauseCollection()
	if p, _ := gcSettings(); p != -1 {
		t.Fatalf("collector percent %d while paused, want off", p)
	}
	resume()
	p, l := gcSettings()
	if p != -1 || l >= math.MaxInt64 || l < collectionGrace {
		t.Fatalf("after resume, before a collection: percent %d, limit %d; want off up to a limit", p, l)
	}
	// The first collection turns it back on, as it was.
	for i := 0; ; i++ {
		runtime.GC()
		if p, l = gcSettings(); p == percent && l == limit {
			break
		}
		if i == 100 {
			t.Fatalf("after %d collections: percent %d, limit %d; want %d, %d", i+1, p, l, percent, limit)
		}
	}
}

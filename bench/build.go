package bench

import (
	"runtime/debug"
	"sync"
)

// A Build names the odtx that made a record, so that figures measured at
// different commits are not taken for one another's. go build in a git
// checkout stamps the commit into the binary (unless -buildvcs=false);
// go run and go test do not, and their records name none.
type Build struct {
	// Version is the module version, as odtx --version reports it: for a
	// checkout's build a pseudo-version of the commit's time and hash,
	// ending in +dirty when the checkout had changes not committed.
	Version string `json:"version"`
	Commit  string `json:"commit"`          // the full hash, "" where unknown
	Dirty   bool   `json:"dirty,omitempty"` // built with changes not committed
}

// thisBuild is the Build of the running binary.
var thisBuild = sync.OnceValue(func() Build {
	bi, _ := debug.ReadBuildInfo() // nil without build info: an unknown build
	return buildOf(bi)
})

// buildOf reads a Build from bi, which may be nil.
func buildOf(bi *debug.BuildInfo) Build {
	b := Build{Version: "(devel)"}
	if bi == nil {
		return b
	}
	if bi.Main.Version != "" {
		b.Version = bi.Main.Version
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			b.Commit = s.Value
		case "vcs.modified":
			b.Dirty = s.Value == "true"
		}
	}
	return b
}

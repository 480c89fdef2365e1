package bench

import (
	"strings"
	"testing"
)

func TestReadRecordsErrors(t *testing.T) {
	for _, tc := range []struct{ jsonl, want string }{
		{`{"suite":"mouse","mode":"size","status":"ok"}` + "\nnot json", "x.jsonl:2: invalid character"},
		{`{"suite":"nope","mode":"size","status":"ok"}`, `x.jsonl:1: unknown suite "nope"`},
		{`{"suite":"mouse","mode":"fast","status":"ok"}`, `x.jsonl:1: unknown mode "fast"`},
		{`{"suite":"scaling","mode":"size","status":"ok"}`, "x.jsonl:1: scaling record without a point"},
		{`{"suite":"mouse","mode":"size"}`, "x.jsonl:1: no status"},
	} {
		_, err := ReadRecords(strings.NewReader(tc.jsonl), "x.jsonl")
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("ReadRecords(%q): error %v, want %q...", tc.jsonl, err, tc.want)
		}
	}
}

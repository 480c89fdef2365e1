package dataset

import (
	"context"
	"os"
	"testing"
)

func BenchmarkZZLoad(b *testing.B) {
	path := os.Getenv("ZZ_FILE")
	for b.Loop() {
		if _, _, err := Load(context.Background(), path, Options{Conflicts: Count}); err != nil {
			b.Fatal(err)
		}
	}
}

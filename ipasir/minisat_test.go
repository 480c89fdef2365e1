//go:build minisat && cgo

package ipasir

func init() { libs = append(libs, lib{"minisat", NewMiniSat}) }

//go:build cadical && cgo

package ipasir

func init() { libs = append(libs, lib{"cadical", NewCaDiCaL}) }

//go:build cadical && cgo

package csat

func init() { libs = append(libs, lib{"cadical", NewCaDiCaL}) }

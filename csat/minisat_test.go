//go:build minisat && cgo

package csat

func init() { libs = append(libs, lib{"minisat", NewMiniSat}) }

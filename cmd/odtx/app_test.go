package main

import (
	"slices"
	"strings"
	"testing"
)

// TestApp checks which commands app builds for a command line: the one it
// invokes alone, past global flags and their values, and every command
// where it invokes none or cli must decide. Each command's name in
// commands is the one its build gives it.
func TestApp(t *testing.T) {
	var all []string
	for _, c := range commands {
		if got := c.build().Name; got != c.name {
			t.Errorf("commands lists %q, whose build names it %q", c.name, got)
		}
		all = append(all, c.name)
	}
	for _, tc := range []struct {
		args string
		want []string
	}{
		{"learn data.csv", []string{"learn"}},
		{"-q --timeout 5s --jobs=1 --engine dp cv data.csv", []string{"cv"}},
		{"--quiet=false bench job", []string{"bench"}},
		{"--solver learn predict", []string{"predict"}}, // learn is --solver's value
		{"", all},
		{"--help", all},
		{"--version learn", all},
		{"help learn", all},
		{"nosuch", all},
		{"-- learn", all},
		{"- learn", all},
		{"--timeout", all},
	} {
		args := append([]string{"odtx"}, strings.Fields(tc.args)...)
		var got []string
		for _, c := range app(args).Commands {
			got = append(got, c.Name)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("app(%q) has commands %q, want %q", tc.args, got, tc.want)
		}
	}
}

package main

import (
	"fmt"

	"github.com/urfave/cli/v3"
)

// notOverInput fails when the -o of cmd names one of the files the
// command reads, inputs, by that path or another (a link, a relative
// path): the output would replace the data it was made from. It is
// checked before the work, which the error would otherwise come after.
// "-", stdin, and "" name no file.
func notOverInput(cmd *cli.Command, inputs ...string) error {
	out := cmd.String(flagOutput)
	if out == "" {
		return nil
	}
	for _, in := range inputs {
		if in != "" && in != "-" && sameFile(out, in) {
			return fmt.Errorf("-o %s names the input %s: the output would overwrite it", out, in)
		}
	}
	return nil
}

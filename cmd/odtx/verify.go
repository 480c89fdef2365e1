package main

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/odtx/odtx/certify"
	"github.com/odtx/odtx/internal/plural"
	"github.com/urfave/cli/v3"
)

func verifyCommand() *cli.Command {
	return &cli.Command{
		Name:      "verify",
		Usage:     "re-check a certificate folder written by learn --certify: the data, each claim's rows and formula, each proof",
		ArgsUsage: "DIR [DATA.csv (default: the file the manifest names)]",
		Action:    verify,
	}
}

func verify(ctx context.Context, cmd *cli.Command) error {
	if cmd.NArg() < 1 || cmd.NArg() > 2 {
		return fmt.Errorf("verify wants a certificate folder and optionally the data file, got %d arguments", cmd.NArg())
	}
	ctx, cancel := withTimeout(ctx, cmd)
	defer cancel()
	m, err := certify.Verify(ctx, cmd.Args().Get(0), cmd.Args().Get(1))
	if err != nil {
		return interrupted(ctx, err)
	}
	var out strings.Builder
	fmt.Fprintf(&out, "%s: %s: %s, every proof accepted\n", cmd.Args().Get(0), m.Result, plural.Count(len(m.Claims), "claim"))
	for _, e := range m.Claims {
		fmt.Fprintf(&out, "  %s: %s\n", e.CNF, e.Claim)
	}
	_, err = os.Stdout.WriteString(out.String())
	return err
}

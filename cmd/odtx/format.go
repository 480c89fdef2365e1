package main

import (
	"fmt"
	"io"

	"github.com/odtx/odtx/tree"
)

type writeFunc func(t *tree.Tree, w io.Writer, meta tree.Meta) error

func writer(format string) (writeFunc, error) {
	switch format {
	case "text":
		return func(t *tree.Tree, w io.Writer, _ tree.Meta) error { return t.WriteText(w) }, nil
	case "json":
		return (*tree.Tree).WriteJSON, nil
	case "dot":
		return func(t *tree.Tree, w io.Writer, _ tree.Meta) error { return t.WriteDOT(w) }, nil
	case "svg":
		return func(t *tree.Tree, w io.Writer, _ tree.Meta) error { return t.WriteSVG(w) }, nil
	}
	return nil, fmt.Errorf("unknown --format %q (want text, json, dot or svg)", format)
}

module github.com/odtx/odtx

go 1.26.0

require (
	github.com/go-air/gini v1.0.4
	github.com/urfave/cli/v3 v3.14.0
	golang.org/x/sync v0.24.0
	golang.org/x/sys v0.46.0
	golang.org/x/term v0.44.0
)

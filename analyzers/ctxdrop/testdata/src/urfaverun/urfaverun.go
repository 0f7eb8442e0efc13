// Package urfaverun runs a urfave/cli app with Run: the action's context
// is the program's root, and a root made there drops nothing.
package urfaverun

import (
	"context"
	"os"

	"github.com/urfave/cli/v2"
)

func query(ctx context.Context, q string) error { _ = ctx.Err(); return nil }

func list(c *cli.Context) error {
	return query(context.Background(), c.String("q"))
}

func Main() error {
	app := &cli.App{Action: list}
	return app.Run(os.Args)
}

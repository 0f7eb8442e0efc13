// Package urfavectx runs a urfave/cli app with RunContext: an action's
// c.Context is the caller's context.
package urfavectx

import (
	"context"
	"os"

	"github.com/urfave/cli/v2"
)

func query(ctx context.Context, q string) error { _ = ctx.Err(); return nil }

func list(c *cli.Context) error {
	return query(context.Background(), c.String("q")) // want `call of query passes a root context \(context.Background\) while c.Context is in scope; pass c.Context`
}

func Main(ctx context.Context) error {
	app := &cli.App{Action: list}
	return app.RunContext(ctx, os.Args)
}

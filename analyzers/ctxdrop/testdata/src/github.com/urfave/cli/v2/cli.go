// Package cli is a stub of github.com/urfave/cli/v2: its Context embeds a
// context.Context but declares its own Value(name string) interface{}, so
// it is not a context.Context.
package cli

import "context"

type Context struct {
	context.Context
	App *App
}

// Value looks up a flag's value.
func (c *Context) Value(name string) interface{} { return nil }

// String returns a flag's value as a string.
func (c *Context) String(name string) string { return "" }

type ActionFunc func(*Context) error

type App struct {
	Action ActionFunc
}

func (a *App) Run(args []string) error { return a.RunContext(context.Background(), args) }

func (a *App) RunContext(ctx context.Context, args []string) error {
	return a.Action(&Context{Context: ctx, App: a})
}

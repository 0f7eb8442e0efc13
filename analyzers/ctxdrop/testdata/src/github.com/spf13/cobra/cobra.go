// Package cobra is a stub of github.com/spf13/cobra: a command's context
// is the one ExecuteContext (or SetContext) gave it, or
// context.Background under Execute.
package cobra

import "context"

type Command struct {
	Use  string
	RunE func(cmd *Command, args []string) error
	Run  func(cmd *Command, args []string)
	ctx  context.Context
}

func (c *Command) Context() context.Context { return c.ctx }

func (c *Command) SetContext(ctx context.Context) { c.ctx = ctx }

func (c *Command) AddCommand(cmds ...*Command) {}

func (c *Command) Execute() error { return c.ExecuteContext(context.Background()) }

func (c *Command) ExecuteC() (*Command, error) { return c, c.Execute() }

func (c *Command) ExecuteContext(ctx context.Context) error {
	c.ctx = ctx
	return c.RunE(c, nil)
}

func (c *Command) ExecuteContextC(ctx context.Context) (*Command, error) {
	return c, c.ExecuteContext(ctx)
}

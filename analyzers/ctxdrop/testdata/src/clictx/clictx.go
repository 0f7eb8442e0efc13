// Package clictx runs its commands with a context the program gives
// (ExecuteContext: a signal context, so that ^C cancels the work): an
// action's cmd.Context() is its caller's, and a root made there drops it.
package clictx

import (
	"context"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"
)

func query(ctx context.Context, q string) error { _ = ctx.Err(); return nil }

var root = &cobra.Command{
	Use: "tool",
	RunE: func(cmd *cobra.Command, args []string) error {
		return query(context.Background(), "list") // want `call of query passes a root context \(context.Background\) while cmd.Context\(\) is in scope; pass cmd.Context\(\)`
	},
}

func sync(cmd *cobra.Command, args []string) error {
	return query(cmd.Context(), "sync")
}

func Execute() error {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT)
	defer stop()
	root.AddCommand(&cobra.Command{Use: "sync", RunE: sync})
	return root.ExecuteContext(ctx)
}

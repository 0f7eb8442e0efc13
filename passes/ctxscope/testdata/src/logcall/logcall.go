// Package logcall: which calls with a context are log lines (LogCall).
package logcall

import (
	"context"
	"log/slog"
)

type logger struct{}

func (logger) Printf(ctx context.Context, format string, args ...any) { _ = ctx.Err() }

// Infof reads the context's values: still a log line, which does not block.
func (logger) Infof(ctx context.Context, format string, args ...any) { _ = ctx.Value("trace") }

func (logger) Send(ctx context.Context, msg string) error { _ = ctx.Err(); return nil }

// Printf with a context but no variadic arguments is no printf-style call.
func (logger) Println(ctx context.Context, msg string) { _ = ctx.Err() }

func logOnly(ctx context.Context, msg string) {
	var l logger
	l.Printf(ctx, "%s", msg)
}

func sends(ctx context.Context) {
	var l logger
	_ = l.Send(ctx, "x")
}

func F(l logger, s *slog.Logger) {
	ctx := context.Background()
	l.Printf(ctx, "x %d", 1)        // want `log call`
	l.Infof(ctx, "x %d", 1)         // want `log call`
	slog.InfoContext(ctx, "x")      // want `log call`
	s.Log(ctx, slog.LevelInfo, "x") // want `log call`
	logOnly(ctx, "x")               // want `log call`
	_ = l.Send(ctx, "x")            // want `other call`
	l.Println(ctx, "x")             // want `other call`
	sends(ctx)                      // want `other call`
	_ = context.WithoutCancel(ctx)  // want `other call`
}

// Package carriers: a gRPC server-streaming handler has no ctx parameter;
// stream.Context() is its caller's context, and the work it spawns
// should keep it.
package carriers

import "context"

type DB struct{}

func (DB) Exec(ctx context.Context, q string) error { _ = ctx.Err(); return nil }

type Stream interface {
	Context() context.Context
	Send(string) error
}

type Server struct{ db DB }

func (s *Server) Watch(req string, stream Stream) error {
	go func() {
		_ = s.db.Exec(context.Background(), req) // want `goroutine drops the caller's context: it calls DB.Exec with a root context \(context.Background\) while stream.Context\(\) is in scope`
	}()
	go func() {
		_ = s.db.Exec(context.WithoutCancel(stream.Context()), req)
	}()
	return nil
}

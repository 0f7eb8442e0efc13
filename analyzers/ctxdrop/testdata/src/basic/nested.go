package basic

import (
	"context"
	"time"
)

func region(ctx context.Context, f func()) { _ = ctx.Err(); f() }

// One root, made once and used in the function and in the literals inside
// it, is one decision: one finding, at its first use.
func (s *Store) Traced(ctx context.Context) error {
	c, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	_ = s.db.Exec(c, "begin") // want `call of DB.Exec passes a context that context\.WithTimeout made from a root context \(context.Background\) while ctx is in scope`
	region(c, func() {
		_ = s.db.Exec(c, "step")
		region(c, func() {
			_ = s.db.Exec(c, "inner")
		})
	})
	return nil
}

// Twin: a root used only inside a literal is reported there.
func (s *Store) Deferred(ctx context.Context) {
	c := context.TODO()
	region(ctx, func() {
		_ = s.db.Exec(c, "step") // want `call of DB.Exec passes a root context \(context.TODO\) while ctx is in scope`
	})
}

// Twin: two roots, one in the function and one in its literal, are two.
func (s *Store) Two(ctx context.Context) {
	_ = s.db.Exec(context.Background(), "a") // want `call of DB.Exec passes a root context \(context.Background\) while ctx is in scope`
	region(ctx, func() {
		_ = s.db.Exec(context.Background(), "b") // want `call of DB.Exec passes a root context \(context.Background\) while ctx is in scope`
	})
}

type taskKey struct{}

func withTask(ctx context.Context, name string) context.Context {
	return context.WithValue(ctx, taskKey{}, name)
}

// A root another call derives its context from (a trace task) is fixed at
// that call: passing ctx to Exec would lose the task.
func (s *Store) Task(ctx context.Context) {
	tctx := withTask(context.Background(), "t")
	_ = s.db.Exec(tctx, "log") // want `^call of DB\.Exec passes a context that withTask made from a root context \(context\.Background\) while ctx is in scope; make it from ctx, or from context\.WithoutCancel\(ctx\) to outlive the caller$`
}

package basic

import (
	"context"
	"io"
)

// A method that an interface requires cannot take a ctx parameter of its
// own: its callers with a context are told to give it a variant that
// takes one (cayley's QuadStore.NameOf, a Namer; a Close that io.Closer
// requires). The twin, a method no interface requires, is told to take a
// ctx parameter.
type Namer interface {
	NameOf(id int) string
}

type Quads struct{ db *DB }

var _ Namer = (*Quads)(nil)

func (q *Quads) NameOf(id int) string {
	q.db.Exec(context.TODO(), "name") // want `Quads.NameOf makes its own root context \(context.TODO\) but is called with a context in scope from Quads.Contains; Quads.NameOf implements Namer, which fixes its parameters: give it a variant that takes ctx, and call that with ctx, or context.WithoutCancel\(ctx\) to outlive the caller`
	return ""
}

func (q *Quads) Close() error {
	q.db.Exec(context.Background(), "close") // want `Quads.Close makes its own root context \(context.Background\) but is called with a context in scope from Quads.Shutdown; Quads.Close implements io.Closer, which fixes its parameters`
	return nil
}

var _ io.Closer = (*Quads)(nil)

func (q *Quads) SizeOf(id int) int {
	q.db.Exec(context.TODO(), "size") // want `Quads.SizeOf makes its own root context \(context.TODO\) but is called with a context in scope from Quads.Contains; give Quads.SizeOf a ctx parameter and pass ctx`
	return 0
}

func (q *Quads) Contains(ctx context.Context, id int) bool {
	return q.NameOf(id) != "" && q.SizeOf(id) > 0
}

func (q *Quads) Shutdown(ctx context.Context) error { return q.Close() }

// An unexported interface of the package is its own to change with the
// method: the maker is told to take a ctx parameter.
type sizer interface{ sizeOf(id int) int }

var _ sizer = (*Quads)(nil)

func (q *Quads) sizeOf(id int) int {
	q.db.Exec(context.TODO(), "size") // want `Quads.sizeOf makes its own root context \(context.TODO\) but is called with a context in scope from Quads.Has; give Quads.sizeOf a ctx parameter and pass ctx`
	return 0
}

func (q *Quads) Has(ctx context.Context, id int) bool { return q.sizeOf(id) > 0 }

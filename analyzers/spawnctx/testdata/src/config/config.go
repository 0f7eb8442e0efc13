// Package config declares a spawner in .ctxbound.json.
package config

import "context"

type Pool struct{ tasks []func() }

// Enqueue runs task on a worker; configured as a spawner (its body is not
// visible to inference here: it only stores the task).
func (p *Pool) Enqueue(task func()) { p.tasks = append(p.tasks, task) }

var _ = (*Pool).Enqueue

type pool = Pool

func send(ctx context.Context) { _ = ctx.Err() }

func use(ctx context.Context, p *Pool) {
	p.Enqueue(func() {
		send(context.Background()) // want `func run by wrapper Pool.Enqueue drops the caller's context`
	})
}

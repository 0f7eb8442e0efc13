package use

import (
	"context"

	"crosspkg/dep"
)

type Notifier struct{ client *dep.Client }

func (n *Notifier) Notify(v any) {
	dep.Go(func() {
		_ = n.client.Send(dep.Background(), v) // want `func run by wrapper dep\.Go runs on a root context that Notifier\.Stop cannot cancel: it calls dep\.Client\.Send with a root context \(dep\.Background, which returns context\.Background\)`
	})
}

// Flush runs another package's helper that makes its own root: not
// followed.
func (n *Notifier) Flush() { go dep.Flush(n.client) }

func (n *Notifier) Stop() {}

var _ = context.Background

// Package suppress: a file-wide ignore.
package suppress

//ctxbound:file-ignore spawnctx -- this file holds the process-lifetime daemons

import "context"

func daemon(ctx context.Context) {
	go func() { send(context.Background()) }()
}

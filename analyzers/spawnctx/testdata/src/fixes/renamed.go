package fixes

import stdctx "context"

// A renamed context import: the fix uses its name.
func renamed(ctx stdctx.Context) {
	go func() {
		send(stdctx.TODO(), "renamed") // want `goroutine drops the caller's context: .*; pass ctx, or stdctx\.WithoutCancel\(ctx\) to outlive the caller`
	}()
}

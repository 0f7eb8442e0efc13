package fixes

import stdctx "context"

// The advice spells WithoutCancel with the file's name for package
// context, as the fix does.
func renamed(ctx stdctx.Context) {
	put(stdctx.Background(), "renamed") // want `pass ctx, or stdctx\.WithoutCancel\(ctx\) to outlive the caller`
}

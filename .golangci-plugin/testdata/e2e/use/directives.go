package use

// Typo holds an unknown verb (directive).
func Typo() {
	//ctxbound:ignroe spawnctx -- a typo silences nothing
}

// NoReason holds an ignore without a reason (directive).
func NoReason() {
	//ctxbound:ignore spawnctx
}

// Spaced holds a directive with a space after // (directive).
func Spaced() {
	// ctxbound:detach -- hidden from go/doc but honoured by nothing
}

// Quiet holds the same typo, hidden by golangci-lint's nolint.
//
//nolint:ctxbound // the e2e test checks that nolint:ctxbound is honoured
func Quiet() {
	//ctxbound:ignroe spawnctx -- a typo silences nothing
}

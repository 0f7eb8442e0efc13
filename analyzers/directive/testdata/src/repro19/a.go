// Package repro19 is issue 13's repro 19: directives spelt as a user might
// mistype them. A look-alike is reported and honoured by nothing: the
// finding it meant to silence is still reported (analyzers/directives_test).
package repro19

import "context"

func helper(ctx context.Context) { _ = ctx.Err() }

func A(ctx context.Context) {
	//  ctxbound:ignore ctxdrop -- two spaces after // // want `malformed directive: no space is allowed between // and ctxbound:ignore`
	helper(context.TODO())
	/*ctxbound:ignore ctxdrop -- block comment*/ // want `malformed directive: a /\* \*/ comment is not a directive; write //ctxbound:ignore as a // comment`
	helper(context.TODO())
	// ctxbound:ignore ctxdrop -- one space // want `malformed directive: no space is allowed between // and ctxbound:ignore`
	helper(context.TODO())
	//	ctxbound:detach -- a tab after // // want `malformed directive: no space is allowed between // and ctxbound:detach`
	helper(context.TODO())
	//ctxbound:ignore	ctxdrop	--	tabs between the words are spaces
	helper(context.TODO())
	//ctxbound:ignore ctxdrop --no-space-reason // want `malformed directive: put a space between -- and the reason: //ctxbound:ignore ctxdrop -- <why>$`
	helper(context.TODO())
	/* ctxbound:detach -- a spaced block comment */ // want `malformed directive: a /\* \*/ comment is not a directive; write //ctxbound:detach`
	helper(context.TODO())
}

// Prose about a ctxbound: directive, or about ctxbound:unknown things, is
// not a directive.
//
/* ctxbound: the suite */
func B() {}

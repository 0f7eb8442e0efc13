package directives

// Help is the text of `ctxbound help directives`: the form of a directive
// and what each verb does. docs/directives.md says the same at length;
// TestHelp keeps every verb in both.
const Help = `directives: //ctxbound: comments that silence or inform the checks

A directive is a comment of the form

	//ctxbound:<verb> [args] [-- <reason>]

with no space after // (like //go: directives). Words are separated by
spaces or tabs; the reason follows a -- that stands alone. A comment that
looks like a directive but is spelt otherwise (// ctxbound:ignore, a /* */
comment) is reported by the directive check and honoured by nothing.

Verbs that change what is reported need a reason:

	ignore <check>[,<check>] -- <reason>
		on the line of a finding or the line above: silences those checks
		there (the name is the one a finding ends with: "... (ctxdrop)")
	file-ignore <check>[,<check>] -- <reason>
		anywhere in a file: silences those checks in the file
	root -- <reason>
		in a function's doc comment: the function is a process root and
		may read and write identity keys in the environment (envidentity)
	detach -- <reason>
		in a function's doc comment, or on (or above) a statement: the
		work intentionally runs without the caller's context (spawnctx,
		ctxdrop)

Declarative annotations need none, and hold in every importing package:

	spawner      on a function, method or interface method: its func
	             parameters run on another goroutine (spawnctx, scopedcopy)
	slot         on a function, method or interface method: a call reads
	             a mutable run slot (slotreread)
	runscoped    on a struct field: the field belongs to one run, copies
	             must reset it (scopedcopy)
	canceltoken  on a type: values of it cancel an owner (cancelshare)

An ignore that silenced nothing, an unknown verb, a missing reason and a
directive in the wrong place are each reported (the directive check).

Documentation: https://github.com/ctxbound/ctxbound/blob/main/docs/directives.md
`

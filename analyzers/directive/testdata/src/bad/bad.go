// Package bad holds directives ctxbound cannot accept.
package bad

// ctxbound:ignore spawnctx -- a space after the slashes // want `malformed directive: no space is allowed between // and ctxbound:ignore`

//ctxbound: // want `malformed directive: //ctxbound: needs a verb`

//ctxbound:silence spawnctx -- typo // want `unknown directive //ctxbound:silence; known verbs are ignore, file-ignore, root, detach, spawner, slot, runscoped, canceltoken`

//ctxbound:ignore spawnctx // want `//ctxbound:ignore needs a reason: //ctxbound:ignore spawnctx -- <why>`

//ctxbound:ignore -- no check named // want `malformed directive: //ctxbound:ignore takes one comma-separated list of checks`

//ctxbound:ignore spawnctx,ctxleak -- unknown check // want `//ctxbound:ignore names unknown check "ctxleak"`

//ctxbound:file-ignore envidentity // want `//ctxbound:file-ignore needs a reason`

//ctxbound:root // want `//ctxbound:root needs a reason`
func main2() {}

//ctxbound:root extra -- args // want `malformed directive: //ctxbound:root takes no arguments; put the reason after --`
func other() {}

//ctxbound:runscoped // want `misplaced directive: //ctxbound:runscoped annotates a named struct field`
func notAField() {}

type T struct {
	//ctxbound:slot // want `misplaced directive: //ctxbound:slot annotates a function, method or interface method`
	f int
}

//ctxbound:canceltoken // want `misplaced directive: //ctxbound:canceltoken annotates a type declaration`
var v int

//ctxbound:spawner // want `misplaced directive: //ctxbound:spawner annotates a function, method or interface method`
var w int

//ctxbound:root -- a root is a function // want `misplaced directive: //ctxbound:root annotates a function`
type R struct{}

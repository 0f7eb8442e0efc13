package suppress

import "os"

//ctxbound:ignore ctxcache -- this binary serves exactly one session
var session = os.Getenv("SESSION_ID")

//ctxbound:ignore ctxcache -- stale // want `//ctxbound:ignore ctxcache suppressed nothing; remove it`
var home = os.Getenv("HOME")

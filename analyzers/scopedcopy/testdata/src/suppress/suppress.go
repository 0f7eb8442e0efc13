// Package suppress shows the directives scopedcopy honours and those it
// reports.
package suppress

type Recorder struct{}

type Config struct {
	//ctxbound:runscoped
	Rec *Recorder
}

func newWorker(Config) {}

func Ignored(c *Config) {
	//ctxbound:ignore scopedcopy -- the worker records into the coordinator's session by design
	newWorker(*c)
}

func Unused(c *Config) {
	//ctxbound:ignore scopedcopy -- nothing here // want `//ctxbound:ignore scopedcopy suppressed nothing; remove it`
	newWorker(Config{})
}

func Other(c *Config) {
	//ctxbound:ignore cancelshare -- another check
	newWorker(*c) // want `a copy of Config carries run-scoped field Rec`
}

// runscoped on a type is misplaced (the directive analyzer reports it) and
// marks nothing.
//
//ctxbound:runscoped
type Session struct{ Rec *Recorder }

func newChild(Session) {}

func Misplaced(s *Session) { newChild(*s) }

// An ignore without a reason is malformed (the directive analyzer reports
// it) and silences nothing.
func Malformed(c *Config) {
	//ctxbound:ignore scopedcopy
	newWorker(*c) // want `a copy of Config carries run-scoped field Rec`
}

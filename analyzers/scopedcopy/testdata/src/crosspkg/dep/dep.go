// Package dep declares a config with a run-scoped field.
package dep

type Recorder struct{}

type Config struct {
	Model string
	//ctxbound:runscoped
	Recorder *Recorder
}

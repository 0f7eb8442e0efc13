package fixes

type Recorder struct{ skills []string }

func (r *Recorder) Record(skill string) { r.skills = append(r.skills, skill) }

// Config's recorder is unexported and every use of it checks for nil
// first (load, background): resetting it keeps the program working, so
// the fix is offered.
type Config struct {
	Task string
	//ctxbound:runscoped
	recorder *Recorder
}

type Worker struct{ config Config }

func (w *Worker) load(skill string) {
	if w.config.recorder != nil {
		w.config.recorder.Record(skill)
	}
}

func createWorker(parent *Config, task string) *Worker {
	cfg := *parent
	cfg.Task = task
	return &Worker{config: cfg} // want `cfg, a copy of Config, carries run-scoped field recorder`
}

func background(parent *Config) {
	var cfg = *parent
	go func() { // want `cfg, a copy of Config, carries run-scoped field recorder into goroutine`
		if cfg.recorder == nil {
			return
		}
	}()
}

// Exported carries an exported run-scoped field: any importer may read it,
// so no reset is offered (TestNoFix).
type Exported struct {
	//ctxbound:runscoped
	Recorder *Recorder
}

func exported(parent *Exported) {
	cp := *parent
	go func() { // want `cp, a copy of Exported, carries run-scoped field Recorder into goroutine`
		_ = cp
	}()
}

package fixes

type Recorder struct{}

type Config struct {
	Task string
	//ctxbound:runscoped
	Recorder *Recorder
}

type Worker struct{ config Config }

func createWorker(parent *Config, task string) *Worker {
	cfg := *parent
	cfg.Task = task
	return &Worker{config: cfg} // want `cfg, a copy of Config, carries run-scoped field Recorder`
}

func background(parent *Config) {
	var cfg = *parent
	go func() { // want `cfg, a copy of Config, carries run-scoped field Recorder into goroutine`
		_ = cfg.Recorder
	}()
}

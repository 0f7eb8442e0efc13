// Package negative holds correct code that scopedcopy must not report.
package negative

import "golang.org/x/sync/errgroup"

type Recorder struct{}

func (r *Recorder) Record(string) {}

type Config struct {
	Model string
	Task  string
	//ctxbound:runscoped
	SkillRecorder *Recorder
}

type Worker struct{ config Config }

type Coordinator struct {
	config Config
	cfgp   *Config
}

// The field is reset before the copy leaves (seed 003's fix).
func (c *Coordinator) CreateWorker(task string) *Worker {
	workerConfig := c.config
	workerConfig.Task = task
	workerConfig.SkillRecorder = nil
	return &Worker{config: workerConfig}
}

func newWorker(cfg Config) *Worker { return &Worker{config: cfg} }

// Reset on every path.
func (c *Coordinator) Both(task string, own *Recorder) *Worker {
	cfg := *c.cfgp
	if own != nil {
		cfg.SkillRecorder = own
	} else {
		cfg.SkillRecorder = nil
	}
	return newWorker(cfg)
}

// The variable replaced by a fresh value.
func (c *Coordinator) Fresh() *Worker {
	cfg := c.config
	cfg = Config{Model: cfg.Model}
	return newWorker(cfg)
}

// A fresh literal does not carry the field.
func (c *Coordinator) Literal(task string) *Worker {
	return newWorker(Config{Model: c.config.Model, Task: task})
}

// Copies that stay: not handed to a child, a worker or a goroutine.
func (c *Coordinator) Snapshot() Config {
	cfg := c.config
	cfg.Task = "audit"
	return cfg
}

func log(Config) {}

func (c *Coordinator) Log() { log(c.config) }

// A pointer shares, it does not copy: the coordinator's own config.
func useWorker(cfg *Config) {}

func (c *Coordinator) Shared() { go func() { _ = c.cfgp.Model }() }

// A goroutine that reads only other fields of the copy.
func (c *Coordinator) Model(g *errgroup.Group) {
	cfg := c.config
	g.Go(func() error {
		_ = cfg.Model + cfg.Task
		return nil
	})
}

// A parameter is the caller's copy: the caller resets it.
func spawnWorker(cfg Config) *Worker { return &Worker{config: cfg} }

// A struct with no run-scoped field.
type Plain struct{ Recorder *Recorder }

func plainWorker(p Plain) {}

func Plains(p *Plain) { plainWorker(*p) }

// Reset, then into a goroutine.
func (c *Coordinator) Go() {
	cfg := c.config
	cfg.SkillRecorder = &Recorder{}
	go func() { cfg.SkillRecorder.Record("own") }()
}

// A value receiver whose method resets the field.
func (cfg Config) ForWorker(task string) Config {
	cfg.Task = task
	cfg.SkillRecorder = nil
	return cfg
}

// Reset in each iteration before the goroutine.
func (c *Coordinator) All(cfgs []Config) {
	for _, cfg := range cfgs {
		cfg.SkillRecorder = nil
		go func() { _ = cfg.SkillRecorder }()
	}
}

// A worker constructor that returns a description, not the copy.
func describe(cfg Config) string { return cfg.Model }

func (c *Coordinator) WorkerName() string {
	cfg := c.config
	return describe(cfg)
}

// A named result is the function's own value.
func (c *Coordinator) WorkerConfig() (cfg Config) {
	cfg.Model = c.config.Model
	return cfg
}

// A copy reset in the outer function, handed on inside a closure.
func (c *Coordinator) Nested() {
	cfg := c.config
	cfg.SkillRecorder = nil
	func() { go log(cfg) }()
}

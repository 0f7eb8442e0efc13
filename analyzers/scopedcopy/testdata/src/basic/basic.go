// Package basic holds the shapes scopedcopy reports. The first is seed
// 003's create_worker: a worker's config was copied from the coordinator's
// and no longer cleared skill_recorder, so task-scoped skill loads were
// written into the session.
package basic

import "golang.org/x/sync/errgroup"

type Recorder struct{ events []string }

func (r *Recorder) Record(e string) { r.events = append(r.events, e) }

type Config struct {
	Model string
	Task  string
	//ctxbound:runscoped
	SkillRecorder *Recorder
}

type Worker struct {
	config Config
}

type Coordinator struct {
	config Config
	cfgp   *Config
}

func (c *Coordinator) CreateWorker(task string) *Worker {
	workerConfig := c.config
	workerConfig.Task = task
	return &Worker{config: workerConfig} // want `workerConfig, a copy of Config, carries run-scoped field SkillRecorder into the result of CreateWorker: the child would use the parent's SkillRecorder; reset workerConfig\.SkillRecorder \(or give the child its own\) on every path before the copy leaves`
}

// The copy through a pointer, handed to a worker constructor.
func newWorker(cfg Config) *Worker { return &Worker{config: cfg} }

func (c *Coordinator) Start(task string) *Worker {
	cfg := *c.cfgp
	cfg.Task = task
	w := newWorker(cfg) // want `cfg, a copy of Config, carries run-scoped field SkillRecorder into worker constructor newWorker`
	return w
}

// Reset on one path only.
func (c *Coordinator) Maybe(task string, fresh bool) *Worker {
	cfg := c.config
	if fresh {
		cfg.SkillRecorder = nil
	}
	return newWorker(cfg) // want `cfg, a copy of Config, carries run-scoped field SkillRecorder into worker constructor newWorker`
}

// A copy made in the call: no chance to reset.
func (c *Coordinator) Direct() *Worker {
	return newWorker(*c.cfgp) // want `a copy of Config carries run-scoped field SkillRecorder into worker constructor newWorker: the child would use the parent's SkillRecorder; reset the field`
}

// A literal that carries the field over from another instance.
func (c *Coordinator) Literal(task string) *Worker {
	cfg := Config{Model: c.config.Model, Task: task, SkillRecorder: c.config.SkillRecorder}
	return newWorker(cfg) // want `cfg, a copy of Config, carries run-scoped field SkillRecorder into worker constructor newWorker`
}

// Into another goroutine, as an argument and captured.
func run(cfg Config) {}

func (c *Coordinator) Go() {
	cfg := c.config
	go run(cfg) // want `cfg, a copy of Config, carries run-scoped field SkillRecorder into goroutine`
}

func (c *Coordinator) Captured() {
	cfg := c.config
	go func() { // want `cfg, a copy of Config, carries run-scoped field SkillRecorder into goroutine`
		cfg.SkillRecorder.Record("loaded")
	}()
}

// Through a spawner.
func (c *Coordinator) Group(g *errgroup.Group) {
	cfg := c.config
	g.Go(func() error { // want `cfg, a copy of Config, carries run-scoped field SkillRecorder into errgroup\.Group\.Go`
		run(cfg)
		return nil
	})
}

// A value receiver is a copy of the caller's value.
func (cfg Config) ForWorker(task string) Config {
	cfg.Task = task
	return cfg // want `cfg, a copy of Config, carries run-scoped field SkillRecorder into the result of ForWorker`
}

// A value-receiver call returning the type copies it too.
func (cfg Config) With(model string) Config { cfg.Model = model; return cfg }

func (c *Coordinator) Chained() *Worker {
	return newWorker(c.config.With("small")) // want `a copy of Config carries run-scoped field SkillRecorder into worker constructor newWorker`
}

// Into a worker value.
func (c *Coordinator) Value() Worker {
	w := Worker{config: c.config} // want `a copy of Config carries run-scoped field SkillRecorder into a Worker value`
	return w
}

// Each element of a range over values is a copy.
func (c *Coordinator) All(cfgs []Config) {
	for _, cfg := range cfgs {
		go run(cfg) // want `cfg, a copy of Config, carries run-scoped field SkillRecorder into goroutine`
	}
}

// Built by another constructor inside a worker constructor (seed 003:
// "anything that built a worker through Agent::new").
type Agent struct{ cfg Config }

func NewAgent(cfg Config) *Agent { return &Agent{cfg: cfg} }

func (c *Coordinator) BuildWorker() *Agent {
	cfg := c.config
	return NewAgent(cfg) // want `cfg, a copy of Config, carries run-scoped field SkillRecorder into the result of BuildWorker`
}

// Two uses in one goroutine: one finding.
func (c *Coordinator) TwoUses() {
	cfg := c.config
	go func() { // want `cfg, a copy of Config, carries run-scoped field SkillRecorder into goroutine`
		cfg.SkillRecorder.Record("a")
		cfg.SkillRecorder.Record("b")
	}()
}

// A package-level value is copied when it is passed by value.
var defaults Config

func FromDefaults() *Worker {
	return newWorker(defaults) // want `a copy of Config carries run-scoped field SkillRecorder into worker constructor newWorker`
}

package identity

import (
	"fmt"
	"strings"
)

// An Op is what an environment access does.
type Op uint8

// The operations.
const (
	OpRead  Op = iota + 1 // os.Getenv, os.LookupEnv, syscall.Getenv, an os.Environ scan, os.ExpandEnv
	OpWrite               // os.Setenv, os.Unsetenv, syscall.Setenv, syscall.Unsetenv
	OpClear               // os.Clearenv, syscall.Clearenv
)

func (o Op) String() string {
	switch o {
	case OpRead:
		return "read"
	case OpWrite:
		return "write"
	case OpClear:
		return "clear"
	}
	return fmt.Sprintf("Op(%d)", uint8(o))
}

// Forwards is the fact of a function that hands one of its string
// parameters, as the key, to an access of the process environment,
// directly or through another forwarding function:
//
//	func getenv(k string) string { return os.Getenv(k) }
//
// A call of getenv with an identity key is then an access of that key at
// the call site; the helper itself is silent.
type Forwards struct {
	Params []Param // sorted by Index, one per parameter
}

// A Param is one forwarded key parameter.
type Param struct {
	Index int    // the parameter's index in the signature
	Op    Op     // what the environment access does with the key
	API   string // the environment function finally reached: "os.Getenv"
}

// AFact marks Forwards as a fact.
func (*Forwards) AFact() {}

func (f *Forwards) String() string {
	parts := make([]string, len(f.Params))
	for i, p := range f.Params {
		parts[i] = fmt.Sprintf("param %d to %s", p.Index, p.API)
	}
	return "forwards key " + strings.Join(parts, ", ")
}

// Param returns the forwarded parameter with index i.
func (f *Forwards) Param(i int) (Param, bool) {
	for _, p := range f.Params {
		if p.Index == i {
			return p, true
		}
	}
	return Param{}, false
}

// EnvRead is the fact of a function, not a root, that reads an identity key
// from the process environment, directly or through functions it calls.
// Only the first read found, in source order, is kept.
type EnvRead struct {
	Key  string // the identity key
	Desc string // the read: os.Getenv("AGENT_SESSION_KEY")
	Via  string // the callee through which the read happens ("" when direct), as lintkit.ShortName spells it
}

// AFact marks EnvRead as a fact.
func (*EnvRead) AFact() {}

func (e *EnvRead) String() string {
	s := "reads identity key " + e.Key + ": " + e.Desc
	if e.Via != "" {
		s += " via " + e.Via
	}
	return s
}

// PerRun is the fact of a function that returns a per-run value: a value
// of ctx.Value, an identity key of the process environment, or the result
// of a function that returns one.
type PerRun struct {
	Key  string // the identity key when the value comes from the environment, "" for ctx.Value
	Desc string // the source: ctx.Value, os.Getenv("AGENT_SESSION_KEY")
	Via  string // the callee that returns it ("" when direct)
}

// AFact marks PerRun as a fact.
func (*PerRun) AFact() {}

func (p *PerRun) String() string {
	s := "returns a per-run value from " + p.Desc
	if p.Via != "" {
		s += " via " + p.Via
	}
	return s
}

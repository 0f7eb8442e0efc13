// Package config is the one typed configuration of every ctxbound check.
//
// Configuration comes from two places, merged: the analyzer flags of this
// pass (-config.identity-keys=..., the same flags under go vet -vettool and
// in the golangci-lint plugin's settings) and a .ctxbound.json file in the
// package's directory or any parent up to the module root (the directory
// holding go.mod), nearest first, like staticcheck.conf. Unknown keys in
// the file, unknown flags and bad patterns are errors, never ignored.
package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// FileName is the name of the configuration file looked up from each
// package's directory up to its module root.
const FileName = ".ctxbound.json"

// Analyzer computes the configuration for a package. It reports nothing.
var Analyzer = &analysis.Analyzer{
	Name:       "config",
	Doc:        "shared configuration of the ctxbound checks (identity keys, roots, spawners); reports nothing",
	URL:        "https://github.com/ctxbound/ctxbound/blob/main/docs/config.md",
	Run:        lintkit.Safe(run),
	ResultType: reflect.TypeFor[*Config](),
	Flags:      flags(),
}

// Config is the configuration of one package.
type Config struct {
	// IdentityKeys are exact environment keys that carry identity, in
	// addition to the default rule (see IsIdentityKey).
	IdentityKeys []string `json:"identity_keys,omitempty"`
	// IdentityPatterns are path.Match patterns of identity keys: "AGENT_*_TOKEN".
	IdentityPatterns []string `json:"identity_patterns,omitempty"`
	// BehaviourKeys are exact keys or patterns that are behaviour-only
	// (configuration, never identity), even where the default rule says
	// identity.
	BehaviourKeys []string `json:"behaviour_keys,omitempty"`
	// Roots are import paths of packages that are process entry points
	// (allowed to read and write identity keys); "example.com/cmd/..."
	// matches a tree.
	Roots []string `json:"roots,omitempty"`
	// Spawners are extra functions that run a func argument on another
	// goroutine: "example.com/pool.Go", "(*example.com/pool.Pool).Submit".
	Spawners []string `json:"spawners,omitempty"`
	// ContextTypes are further named types the checks treat as contexts,
	// spelt pkg/path.Type: a workflow engine's "go.temporal.io/sdk/workflow.Context".
	// Values derived from one (a call that takes one and returns one) are
	// derived; a parameter of one is the caller's context.
	ContextTypes []string `json:"context_types,omitempty"`
	// ContextRoots are functions that make a root of a context type, like
	// context.Background: "go.temporal.io/sdk/workflow.NewDisconnectedContext".
	ContextRoots []string `json:"context_roots,omitempty"`
	// StrictSpawnEnv makes spawnenv require every literal key handed to a
	// child process to be classified as identity or behaviour-only.
	StrictSpawnEnv bool `json:"spawnenv_strict,omitempty"`
	// EnvWrite makes envidentity report every os.Setenv, os.Unsetenv and
	// os.Clearenv outside a root in non-test code, whatever the key.
	EnvWrite bool `json:"envwrite,omitempty"`
}

// listFlag is a comma-separated list flag that accumulates. check, if set,
// validates each element when the flag is parsed, so that a bad value is a
// usage error before any package is loaded.
type listFlag struct {
	list  *[]string
	check func(string) error
}

func (f listFlag) String() string {
	if f.list == nil {
		return ""
	}
	return strings.Join(*f.list, ",")
}

func (f listFlag) Set(s string) error {
	for v := range strings.SplitSeq(s, ",") {
		if v = strings.TrimSpace(v); v == "" {
			continue
		}
		if f.check != nil {
			if err := f.check(v); err != nil {
				return err
			}
		}
		*f.list = append(*f.list, v)
	}
	return nil
}

// Get implements flag.Getter.
func (f listFlag) Get() any { return slices.Clone(*f.list) }

// flags declares the Analyzer's flags. Their values live in the FlagSet
// alone, set only by flag parsing (command line, go vet, the golangci-lint
// plugin); run reads them back through flag.Getter.
func flags() flag.FlagSet {
	var c Config
	fs := flag.NewFlagSet("config", flag.ContinueOnError)
	fs.Var(listFlag{&c.IdentityKeys, checkKey}, "identity-keys", "comma-separated environment keys that carry identity, beyond the default rule")
	fs.Var(listFlag{&c.IdentityPatterns, checkPattern}, "identity-patterns", "comma-separated path.Match patterns of identity keys (AGENT_*_TOKEN)")
	fs.Var(listFlag{&c.BehaviourKeys, checkPattern}, "behaviour-keys", "comma-separated keys or patterns that are behaviour-only, never identity")
	fs.Var(listFlag{&c.Roots, checkRoot}, "roots", "comma-separated import paths of root packages (pkg/... for a tree) that may read and write identity keys")
	fs.Var(listFlag{&c.Spawners, checkSpawner}, "spawners", "comma-separated functions that run a func argument on another goroutine: pkg.Func, (*pkg.Type).Method")
	fs.Var(listFlag{&c.ContextTypes, checkType}, "context-types", "comma-separated named types treated as contexts: pkg/path.Type")
	fs.Var(listFlag{&c.ContextRoots, checkContextRoot}, "context-roots", "comma-separated functions that make a root context, like context.Background: pkg/path.Func")
	fs.BoolVar(&c.StrictSpawnEnv, "spawnenv-strict", false, "require every literal key handed to a child process to be classified in configuration")
	fs.BoolVar(&c.EnvWrite, "envwrite", false, "report every os.Setenv, os.Unsetenv and os.Clearenv outside a root in non-test code, whatever the key")
	fs.Var(&fileFlag{}, "file", "a "+FileName+" file to use instead of looking one up from each package's directory")
	return *fs
}

// fileFlag names a configuration file, loaded and checked when the flag is
// parsed.
type fileFlag struct{ file string }

func (f *fileFlag) String() string {
	if f == nil {
		return ""
	}
	return f.file
}
func (f *fileFlag) Get() any { return f.file }
func (f *fileFlag) Set(file string) error {
	if file == "" {
		f.file = "" // back to looking the file up
		return nil
	}
	if _, err := Load(file); err != nil {
		return err
	}
	f.file = file
	return nil
}

// fromFlags reads the configuration the flags hold.
func fromFlags(fs *flag.FlagSet) (c Config, file string) {
	get := func(name string) any { return fs.Lookup(name).Value.(flag.Getter).Get() }
	c.IdentityKeys = get("identity-keys").([]string)
	c.IdentityPatterns = get("identity-patterns").([]string)
	c.BehaviourKeys = get("behaviour-keys").([]string)
	c.Roots = get("roots").([]string)
	c.Spawners = get("spawners").([]string)
	c.ContextTypes = get("context-types").([]string)
	c.ContextRoots = get("context-roots").([]string)
	c.StrictSpawnEnv = get("spawnenv-strict").(bool)
	c.EnvWrite = get("envwrite").(bool)
	return c, get("file").(string)
}

func run(pass *analysis.Pass) (any, error) {
	c, file := fromFlags(&pass.Analyzer.Flags)
	found := false
	if dir := packageDir(pass); file == "" && dir != "" {
		file, found = Find(dir), true
	}
	if file != "" {
		fc, err := Load(file)
		if err != nil {
			return nil, err
		}
		if found && pass.Module != nil && pass.Module.Path != "" {
			if err := CheckRootsInModule(file, fc, pass.Module.Path); err != nil {
				return nil, err
			}
		}
		c.merge(fc)
	}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return &c, nil
}

// Applies reports whether a configuration file applies to the package of
// pass, for a (the Analyzer, whose flags are set): the -config.file flag's
// file, or one Find returns for the package's directory. It is the
// Configured of a prefilter's lintkit.Unit for a driver that has the pass
// (go vet's unit runs).
func Applies(a *analysis.Analyzer, pass *analysis.Pass) bool {
	if _, file := fromFlags(&a.Flags); file != "" {
		return true
	}
	dir := packageDir(pass)
	return dir != "" && Find(dir) != ""
}

// packageDir returns the directory of the package's source files. In a
// package that imports "C" the files are cmd/cgo's output (in the build
// cache, or go vet's work directory), and the user's directory is where the
// //line directive of a rewritten file points.
func packageDir(pass *analysis.Pass) string {
	for _, f := range pass.Files {
		if lintkit.CgoRewritten(pass.Fset, f) {
			return filepath.Dir(pass.Fset.Position(f.Package).Filename)
		}
	}
	if len(pass.Files) > 0 {
		return filepath.Dir(pass.Fset.File(pass.Files[0].FileStart).Name())
	}
	return ""
}

// FileFor returns the configuration file a (the Analyzer, whose flags are
// set) reads for a package whose first source file is first (the user's
// file, not cmd/cgo's rewrite of it): the -config.file flag's file, else
// the one Find returns for first's directory, else "". Drivers that cache
// results use it to key them by the file's content.
func FileFor(a *analysis.Analyzer, first string) string { return fileFor(&a.Flags, first) }

// FlagFile returns the file the -config.file flag of a names, or "".
func FlagFile(a *analysis.Analyzer) string {
	_, file := fromFlags(&a.Flags)
	return file
}

func fileFor(fs *flag.FlagSet, first string) string {
	if _, file := fromFlags(fs); file != "" {
		return file
	}
	return Find(filepath.Dir(first))
}

// Find returns the configuration file that applies to packages in dir: the
// nearest FileName in dir or a parent, stopping at the directory that holds
// go.mod. It returns "" when there is none. A FileName that exists in any
// form (a dangling or looping symbolic link, a directory) is found, so that
// Load reports it instead of it being silently ignored.
func Find(dir string) string {
	for {
		f := filepath.Join(dir, FileName)
		if _, err := os.Lstat(f); err == nil {
			return f
		}
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return ""
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// Every error about a configuration file starts with one prefix,
// "ctxbound config <file>: ", and one about a place in the JSON with
// "ctxbound config <file>:<line>:<col>: ", so that editors and CI logs
// link it and every driver shows it alike.

// Load reads a configuration file strictly: unknown keys are an error.
func Load(file string) (*Config, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the file is named once, in the prefix
		}
		return nil, fmt.Errorf("ctxbound config %s: cannot read it: %v", file, err)
	}
	return Parse(file, data)
}

// Parse decodes configuration data strictly; name is used in errors.
func Parse(name string, data []byte) (*Config, error) {
	var c Config
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return nil, fmt.Errorf("ctxbound config %s%s: %v", name, jsonPosition(data, err, dec), err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("ctxbound config %s%s: trailing data after the JSON object", name, lineCol(data, dec.InputOffset()))
	}
	if err := c.Validate(); err != nil {
		return nil, fmt.Errorf("ctxbound config %s: %v", name, err)
	}
	return &c, nil
}

func (c *Config) merge(o *Config) {
	c.IdentityKeys = append(c.IdentityKeys, o.IdentityKeys...)
	c.IdentityPatterns = append(c.IdentityPatterns, o.IdentityPatterns...)
	c.BehaviourKeys = append(c.BehaviourKeys, o.BehaviourKeys...)
	c.Roots = append(c.Roots, o.Roots...)
	c.Spawners = append(c.Spawners, o.Spawners...)
	c.ContextTypes = append(c.ContextTypes, o.ContextTypes...)
	c.ContextRoots = append(c.ContextRoots, o.ContextRoots...)
	c.StrictSpawnEnv = c.StrictSpawnEnv || o.StrictSpawnEnv
	c.EnvWrite = c.EnvWrite || o.EnvWrite
}

// Validate reports every malformed key, pattern or spawner name.
func (c *Config) Validate() error {
	var errs []error
	for _, p := range slices.Concat(c.IdentityPatterns, c.BehaviourKeys) {
		errs = append(errs, checkPattern(p))
	}
	for _, k := range c.IdentityKeys {
		errs = append(errs, checkKey(k))
	}
	for _, s := range c.Spawners {
		errs = append(errs, checkSpawner(s))
	}
	for _, t := range c.ContextTypes {
		errs = append(errs, checkType(t))
	}
	for _, f := range c.ContextRoots {
		errs = append(errs, checkContextRoot(f))
	}
	for _, r := range c.Roots {
		errs = append(errs, checkRoot(r))
	}
	return errors.Join(errs...)
}

func checkPattern(p string) error {
	if _, err := path.Match(p, ""); err != nil {
		return fmt.Errorf("bad key pattern %q: %v", p, err)
	}
	return nil
}

func checkKey(k string) error {
	if k == "" || strings.ContainsAny(k, "=*?[") {
		return fmt.Errorf("bad identity key %q: an exact key has no = or pattern characters (use identity_patterns)", k)
	}
	return nil
}

func checkSpawner(s string) error {
	if !validFuncName(s) {
		return fmt.Errorf("bad spawner %q: write pkg/path.Func or (*pkg/path.Type).Method", s)
	}
	return nil
}

func checkType(s string) error {
	i := strings.LastIndex(s, ".")
	if i <= 0 || i == len(s)-1 || strings.ContainsAny(s, " ()*[]") {
		return fmt.Errorf("bad context type %q: write pkg/path.Type", s)
	}
	return nil
}

func checkContextRoot(s string) error {
	if !validFuncName(s) {
		return fmt.Errorf("bad context root %q: write pkg/path.Func or (*pkg/path.Type).Method", s)
	}
	return nil
}

// IsContextType reports whether the named type pkgPath.name is a
// configured context type.
func (c *Config) IsContextType(pkgPath, name string) bool {
	return slices.Contains(c.ContextTypes, pkgPath+"."+name)
}

// IsContextRoot reports whether the function with the given qualified name
// (as lintkit.FuncName spells it) is a configured root of a context type.
func (c *Config) IsContextRoot(name string) bool { return slices.Contains(c.ContextRoots, name) }

func validFuncName(s string) bool {
	if strings.HasPrefix(s, "(") {
		recv, name, ok := strings.Cut(s[1:], ").")
		return ok && name != "" && strings.Contains(recv, ".") && !strings.ContainsAny(name, ". ")
	}
	i := strings.LastIndex(s, ".")
	return i > 0 && i < len(s)-1 && !strings.ContainsAny(s, " ()")
}

// IsSpawner reports whether the function with the given qualified name (as
// lintkit.FuncName spells it) is a configured spawner.
func (c *Config) IsSpawner(name string) bool { return slices.Contains(c.Spawners, name) }

// IsRootPackage reports whether the package path is a configured root.
func (c *Config) IsRootPackage(pkgPath string) bool {
	for _, r := range c.Roots {
		if tree, ok := strings.CutSuffix(r, "/..."); ok {
			if pkgPath == tree || strings.HasPrefix(pkgPath, tree+"/") {
				return true
			}
		} else if pkgPath == r {
			return true
		}
	}
	return false
}

// jsonPosition is ":line:col" of a JSON decoding error: where the syntax
// broke, where a value of the wrong type starts; for an unknown field
// (which encoding/json reports without an offset), where the decoder
// stopped, after the field's value.
func jsonPosition(data []byte, err error, dec *json.Decoder) string {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syntax):
		return lineCol(data, syntax.Offset)
	case errors.As(err, &typ):
		return lineCol(data, typ.Offset)
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return lineCol(data, int64(len(data)))
	}
	// json: unknown field "name": at the key, where it first appears as one.
	if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		if re, rerr := regexp.Compile(regexp.QuoteMeta(name) + `\s*:`); rerr == nil {
			if loc := re.FindIndex(data); loc != nil {
				return lineCol(data, int64(loc[0]))
			}
		}
	}
	return lineCol(data, dec.InputOffset())
}

// lineCol is ":line:col" (1-based, col in bytes) of byte offset off.
func lineCol(data []byte, off int64) string {
	off = min(max(off, 0), int64(len(data)))
	before := data[:off]
	line := bytes.Count(before, []byte("\n")) + 1
	col := int(off) - (bytes.LastIndexByte(before, '\n') + 1) + 1
	return fmt.Sprintf(":%d:%d", line, col)
}

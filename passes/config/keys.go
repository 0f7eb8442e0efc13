package config

import (
	"path"
	"slices"
	"strings"
)

// identityWords end an identity key: SESSION_ID, APP_RUN_ID, AGENT_KANBAN_TASK.
var identityWords = []string{"SESSION", "TASK", "RUN", "REQUEST", "TENANT", "CLAIM", "JOB", "WORKER", "CONVERSATION"}

// identitySuffixes may follow an identity word: WORKER_CLAIM_LOCK, and
// the handles of a session's own endpoint or credential:
// AGENT_SESSION_TOKEN, ENGINE_SESSION_PORT.
var identitySuffixes = []string{"ID", "KEY", "LOCK", "TOKEN", "PORT", "SOCKET", "ADDR"}

// processSettings are common process-wide settings that the default rule
// must never call identity, whatever their words: the login, desktop and
// terminal session the process runs in, and the standard credential of a
// cloud SDK that every credential chain reads for the process's own
// identity (AWS_SESSION_TOKEN goes with AWS_ACCESS_KEY_ID, which is no
// identity key either).
var processSettings = []string{
	"HOME", "PATH", "USER", "LOGNAME", "SHELL", "TERM", "LANG", "PWD", "TMPDIR", "TZ",
	"XDG_SESSION_ID", "XDG_SESSION_TYPE", "XDG_SESSION_CLASS", "XDG_SESSION_DESKTOP",
	"XDG_RUNTIME_DIR", "DBUS_SESSION_BUS_ADDRESS", "SESSION_MANAGER", "DESKTOP_SESSION",
	"TERM_SESSION_ID", "ITERM_SESSION_ID", "WT_SESSION",
	"AWS_SESSION_TOKEN",
	"GOPATH", "GOROOT", "GOFLAGS", "GOOS", "GOARCH", "GODEBUG", "GOMAXPROCS", "GOTRACEBACK",
}

// IsDefaultIdentityKey reports whether key is an identity key by the default
// rule: its last underscore-separated words are one of SESSION, TASK, RUN,
// REQUEST, TENANT, CLAIM, JOB, WORKER or CONVERSATION, optionally followed by
// ID, KEY, LOCK, TOKEN, PORT, SOCKET or ADDR (RUN only so: a bare DRY_RUN
// or HOST_RUN is no run); a key of one word (RUN, TASK) and common process
// settings (HOME, PATH, USER, XDG_SESSION_ID, ...) never are. It looks only
// at the last two words: a key may be a constant of megabytes.
func IsDefaultIdentityKey(key string) bool {
	i := strings.LastIndexByte(key, '_')
	if i < 0 {
		return false // a bare RUN or TASK is a flag more often than an identity
	}
	if slices.Contains(processSettings, key) {
		return false
	}
	last := key[i+1:]
	if last == "RUN" {
		// A bare RUN names an action or a place more often than a run:
		// DRY_RUN, FIRST_RUN, HOST_RUN (the host's /run directory). A run
		// is identified with a suffix: APP_RUN_ID, CI_RUN_TOKEN.
		return false
	}
	if slices.Contains(identityWords, last) {
		return true
	}
	if !slices.Contains(identitySuffixes, last) {
		return false
	}
	rest := key[:i]
	return slices.Contains(identityWords, rest[strings.LastIndexByte(rest, '_')+1:])
}

// IsIdentityKey reports whether key carries per-run identity: configured as
// an identity key or pattern, or matching the default rule, and not
// configured behaviour-only. An exact identity key wins over a behaviour
// pattern; a behaviour key wins over the default rule and identity patterns.
func (c *Config) IsIdentityKey(key string) bool {
	if slices.Contains(c.IdentityKeys, key) {
		return true
	}
	if c.IsBehaviourKey(key) {
		return false
	}
	return matchAny(c.IdentityPatterns, key) || IsDefaultIdentityKey(key)
}

// IsBehaviourKey reports whether key is configured behaviour-only.
func (c *Config) IsBehaviourKey(key string) bool { return matchAny(c.BehaviourKeys, key) }

// IsClassified reports whether key is classified either way in
// configuration or by the default rule (spawnenv -strict).
func (c *Config) IsClassified(key string) bool {
	return c.IsIdentityKey(key) || c.IsBehaviourKey(key)
}

func matchAny(patterns []string, key string) bool {
	for _, p := range patterns {
		if ok, _ := path.Match(p, key); ok {
			return true
		}
	}
	return false
}

package driver

import (
	"bytes"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxbound/ctxbound/internal/lintkit"
)

// filtered is reaches with a prefilter of its own: a package may export a
// reachesFact only if it names mark or a function with the fact. wrong
// makes the prefilter say no to everything.
var (
	filtered = func() *analysis.Analyzer {
		a := *reaches
		a.Name = "filtered"
		return &a
	}()
	wrong bool
)

func init() {
	lintkit.SetPrefilter(filtered, func(u *lintkit.Unit) bool {
		return !wrong && (u.Mentions("mark") || u.MentionsFact(new(reachesFact)))
	})
}

// filterModule copies testdata/filtermod and makes it the current
// directory, with a cache of its own.
func filterModule(t *testing.T) {
	t.Helper()
	src, _ := filepath.Abs("testdata/filtermod")
	copyModule(t, src)
	t.Setenv(cacheEnv, filepath.Join(t.TempDir(), "cache"))
	t.Setenv("GOWORK", "off")
}

// runFiltered runs the suite of filtered in the current directory.
func runFiltered(t *testing.T, env string, args ...string) (code int, stdout, stderr string, st runStats) {
	t.Helper()
	t.Setenv(prefilterEnv, env)
	statsHook = func(s runStats) { st = s }
	defer func() { statsHook = nil }()
	suite := Suite{Name: "testlint", Checks: []*analysis.Analyzer{filtered}}
	defer resetFlags(suite)
	var o, e bytes.Buffer
	code = Run(suite, args, &o, &e)
	slices.Sort(st.Analyzed)
	slices.Sort(st.Filtered)
	return code, o.String(), e.String(), st
}

const findingFiltered = "use/use.go:11:2: call of dep.Helper reaches mark"

// TestPrefilter: a dependency that no fact pass can export a fact for is
// parsed, not analyzed, and the findings are those of a run that analyzes
// it; check mode analyzes it and agrees.
func TestPrefilter(t *testing.T) {
	for _, tc := range []struct {
		env      string
		analyzed []string
		filtered []string
	}{
		{"", []string{"example.com/filtermod/dep", "example.com/filtermod/use"}, []string{"example.com/filtermod/plain"}},
		{"off", []string{"example.com/filtermod/dep", "example.com/filtermod/plain", "example.com/filtermod/use"}, nil},
		{"check", []string{"example.com/filtermod/dep", "example.com/filtermod/plain", "example.com/filtermod/use"}, nil},
	} {
		t.Run("env="+tc.env, func(t *testing.T) {
			filterModule(t)
			code, out, stderr, st := runFiltered(t, tc.env, "./use")
			if code != exitFindings || !strings.Contains(out, findingFiltered) || stderr != "" {
				t.Fatalf("code %d, stdout %q, stderr %q; want the finding %q", code, out, stderr, findingFiltered)
			}
			if !slices.Equal(st.Analyzed, tc.analyzed) || !slices.Equal(st.Filtered, tc.filtered) {
				t.Errorf("analyzed %v, filtered %v; want %v and %v", st.Analyzed, st.Filtered, tc.analyzed, tc.filtered)
			}
			if tc.env == "check" {
				return // check mode reads and writes no cache
			}
			// Again: everything from the cache, the filtered package too.
			code, out, _, st = runFiltered(t, tc.env, "./use")
			if code != exitFindings || !strings.Contains(out, findingFiltered) || len(st.Analyzed)+len(st.Filtered) != 0 || st.Cached != 3 {
				t.Errorf("re-run: code %d, stdout %q, analyzed %v, filtered %v, %d cached; want all 3 from the cache", code, out, st.Analyzed, st.Filtered, st.Cached)
			}
		})
	}
}

// TestPrefilterCheckFails: in check mode, a prefilter that says no to a
// package that exports a fact fails the run, naming the package and the
// fact; without check mode its importers lose the finding, which is what
// check mode is for.
func TestPrefilterCheckFails(t *testing.T) {
	wrong = true
	defer func() { wrong = false }()
	filterModule(t)
	code, out, stderr, _ := runFiltered(t, "check", "./use")
	if code != exitError || !strings.Contains(stderr, "CTXBOUND_PREFILTER: the prefilters said no fact pass exports a fact for example.com/filtermod/dep, but it exports 1: Helper reaches") {
		t.Errorf("code %d, stdout %q, stderr %q; want the prefilter's error", code, out, stderr)
	}
	if code, _, stderr, _ := runFiltered(t, "", "./use"); code != exitOK || stderr != "" {
		t.Errorf("a wrong prefilter, not checked: code %d, stderr %q; want the finding lost", code, stderr)
	}
}

// TestPrefilterBadSetting: an unknown mode is a usage error.
func TestPrefilterBadSetting(t *testing.T) {
	filterModule(t)
	code, _, stderr, _ := runFiltered(t, "maybe", "./use")
	if code != exitUsage || !strings.Contains(stderr, `CTXBOUND_PREFILTER="maybe": want on, off or check`) {
		t.Errorf("code %d, stderr %q; want a usage error", code, stderr)
	}
}

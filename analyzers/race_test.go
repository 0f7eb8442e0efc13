package analyzers_test

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/ctxbound/ctxbound/analyzers"
)

// TestConcurrentSuite runs the whole suite, in parallel as the drivers do,
// over the fixtures, where every check reports. The checks share the
// results of the passes they require on a package; under -race (make test)
// this catches a result mutated after its pass returned.
func TestConcurrentSuite(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the fixtures module")
	}
	cfg := &packages.Config{
		Mode:  packages.LoadAllSyntax,
		Dir:   filepath.Join("..", "fixtures"),
		Tests: true,
		Env:   append(os.Environ(), "GOWORK=off"),
	}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("fixtures do not load")
	}
	g, err := checker.Analyze(analyzers.All(), pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	byCheck := map[string]int{}
	for act := range g.All() {
		if act.Err != nil {
			t.Errorf("%s on %s: %v", act.Analyzer.Name, act.Package.PkgPath, act.Err)
		}
		if act.IsRoot {
			byCheck[act.Analyzer.Name] += len(act.Diagnostics)
		}
	}
	// The seed scenarios cross goroutine, pool, process and run boundaries;
	// none of them drops a context synchronously (ctxdrop) or has a broken
	// directive.
	for _, name := range []string{"spawnctx", "envidentity", "ctxcache", "spawnenv", "slotreread", "cancelshare", "scopedcopy"} {
		if byCheck[name] == 0 {
			t.Errorf("%s reported nothing on the fixtures", name)
		}
	}
}

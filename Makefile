# ctxbound: the commands that matter. See README.md.
GO        ?= go
BIN       := $(CURDIR)/bin
CTXBOUND  := $(BIN)/ctxbound
STATICCHECK_VERSION := v0.8.2

.PHONY: all build run test test-unit test-fixtures test-long lint std corpus corpus-update bench plugin plugin-test docs fixtures-update clean

all: build

build:
	$(GO) build -o $(CTXBOUND) ./cmd/ctxbound
	$(GO) build -o $(BIN)/ctxbound-vet ./cmd/ctxbound-vet

## run: build ctxbound and run it on the bundled example (fixtures/, the seed scenarios)
run: build
	cd fixtures && $(CTXBOUND) ./... ; test $$? -le 3

# Test budgets: each go test below sets -timeout to its budget, about three
# times what the step takes on a quiet 2-core machine, so that a hung test
# fails with its name well before anyone waits for it (README.md, "Tests",
# has the measured times). TestMakefileTimeouts holds every go test here to it.
# go test of every package but the fix harness (~2 min):
BUDGET_UNIT := 8m
# the fix harness's own unit tests, -short (seconds):
BUDGET_HARNESS := 2m
# runctx, and the concurrent suite, under -race (~1 min each):
BUDGET_RACE := 4m
# the golangci-lint plugin module's unit tests (seconds):
BUDGET_PLUGIN := 2m
# the plugin's end-to-end test, once the binary is built (~1 min):
BUDGET_PLUGIN_E2E := 5m
# the fixtures under -race (~10 s):
BUDGET_FIXTURES := 3m
# the fix harness over every tree, its behavioural mode, the fuzz seed corpus (~6 min):
BUDGET_LONG := 30m
# regenerating the docs (seconds):
BUDGET_DOCS := 2m

## test: the quick, sure first command (under 5 minutes on a quiet 2-core machine): every test of the
## module but the long suites (test-long), runctx and the concurrent suite under -race, the fixtures
test: test-unit test-fixtures

test-unit:
	$(GO) test -timeout $(BUDGET_UNIT) $$($(GO) list ./... | grep -v '/internal/fixtest$$')
	$(GO) test -timeout $(BUDGET_HARNESS) -short ./internal/fixtest
	$(GO) test -timeout $(BUDGET_RACE) -race ./runctx/...
	$(GO) test -timeout $(BUDGET_RACE) -race -run TestConcurrentSuite ./analyzers
	cd .golangci-plugin && $(GO) test -timeout $(BUDGET_PLUGIN) ./...

test-fixtures: build
	cd fixtures && CTXBOUND=$(CTXBOUND) $(GO) test -timeout $(BUDGET_FIXTURES) -race ./...

## test-long: the long suites, in CI (.ci/run) and before a change to a check's fixes: the fix harness
## over every tree (every fix type-checked, and judged by the package's own tests), the mutation fuzz
## target's seed corpus, and the golangci-lint plugin built and tested end to end (plugin-test)
test-long: plugin-test
	$(GO) test -timeout $(BUDGET_LONG) ./internal/fixtest

## lint: gofmt, go vet, staticcheck and ctxbound on itself
lint: build
	@test -z "$$(gofmt -l $$(git ls-files '*.go' | grep -v /testdata/))" || { gofmt -l $$(git ls-files '*.go' | grep -v /testdata/); echo "gofmt: files above need formatting"; exit 1; }
	$(GO) vet ./...
	$(GO) run honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION) ./...
	$(CTXBOUND) ./...
	cd .golangci-plugin && $(GO) vet ./... && $(GO) run honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION) ./...

## std: run ctxbound over the Go standard library (with tests) and check every
## finding against its verdict in docs/precision/std.tsv; list them (ctxcorpus -v)
std: build
	$(GO) run ./internal/cmd/ctxcorpus -ctxbound $(CTXBOUND) -only std -v

## corpus: the precision ledger on real code: ctxbound -json on every target of
## docs/precision/corpus.txt (pinned modules, with their tests, and std) whose batch
## is not staged, each finding checked against its verdict in docs/precision/<name>.tsv;
## fails on a finding without a verdict, on a row whose finding is gone or back (until
## corpus-update), on a judged row without a first-look verdict and on a lost true or
## intended finding without a reason; prints precision per check, first-look beside
## tuned precision per batch, and each run's CPU and peak RSS. Never writes a ledger.
## Not in CI (.ci/run): the first run downloads the modules and their dependencies
## through the module proxy (into bin/corpus and the module cache), and the whole takes minutes.
## CORPUSFLAGS=-only=grpc,pgx runs some targets, -batch=ledger a batch; -v lists every finding;
## -prepare downloads, type-checks and counts the lines of the targets (staged ones too)
## without running ctxbound.
CORPUSFLAGS ?=
corpus: build
	$(GO) run ./internal/cmd/ctxcorpus -ctxbound $(CTXBOUND) $(CORPUSFLAGS)

## corpus-update: write the ledgers from a new run: new findings unjudged, a changed
## message keeps its verdicts marked for re-reading (fp?), gone findings kept and
## marked gone (? asks why losing a true or intended one is right), findings back made
## live; never writes a first-look verdict (review the diff, then judge every unjudged
## row, verdict and first, re-read every ? verdict, and give every ? gone row its reason).
## CORPUSFLAGS=-first-look=BATCH is a staged batch's first look, run once: it writes its
## ledgers (every finding unjudged) and makes the batch active.
corpus-update: build
	$(GO) run ./internal/cmd/ctxcorpus -ctxbound $(CTXBOUND) -update $(CORPUSFLAGS)

## bench: CPU, wall time and peak RSS of the suite (fresh, re-run, after touching a leaf file) against the
## export-data floor, go vet and staticcheck; BEFORE=path/to/an/older/ctxbound adds it as a row
BENCHFLAGS ?=
BEFORE ?=
bench: build
	$(GO) run ./internal/cmd/ctxbench $(if $(BEFORE),-before $(BEFORE)) $(BENCHFLAGS)

## plugin: build the golangci-lint v2 custom binary with ctxbound (bin/golangci-lint-ctxbound)
plugin:
	bash .golangci-plugin/build.sh $(BIN)

## plugin-test: build the plugin once and run its end-to-end test
plugin-test: plugin
	cd .golangci-plugin && GOLANGCI_LINT_CTXBOUND=$(BIN)/golangci-lint-ctxbound $(GO) test -timeout $(BUDGET_PLUGIN_E2E) -count=1 -run E2E -v ./...

## docs: regenerate docs/checks.md from each check's doc.go, and the nogo deps list of docs/integrations.md from the suite
docs:
	$(GO) test -timeout $(BUDGET_DOCS) ./analyzers -run TestChecksDoc -update
	$(GO) test -timeout $(BUDGET_DOCS) ./cmd/ctxbound -run TestNogoDeps -update

## fixtures-update: rewrite fixtures/*/expected.txt from the current findings (review the diff!)
fixtures-update: build
	cd fixtures && CTXBOUND=$(CTXBOUND) $(GO) test -timeout $(BUDGET_FIXTURES) ./ -run TestExpected -update

clean:
	rm -rf $(BIN)

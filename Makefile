# ctxbound: the commands that matter. See README.md.
GO        ?= go
BIN       := $(CURDIR)/bin
CTXBOUND  := $(BIN)/ctxbound
STATICCHECK_VERSION := v0.8.2

.PHONY: all build run test test-unit test-fixtures lint std corpus corpus-update bench plugin plugin-test docs fixtures-update clean

all: build

build:
	$(GO) build -o $(CTXBOUND) ./cmd/ctxbound
	$(GO) build -o $(BIN)/ctxbound-vet ./cmd/ctxbound-vet

## run: build ctxbound and run it on the bundled example (fixtures/, the seed scenarios)
run: build
	cd fixtures && $(CTXBOUND) ./... ; test $$? -le 3

## test: every test of the module and of the fixtures (race detector on runctx)
test: test-unit test-fixtures

test-unit:
	$(GO) test ./...
	$(GO) test -race ./runctx/...
	$(GO) test -race -run TestConcurrentSuite ./analyzers
	cd .golangci-plugin && $(GO) test ./...

test-fixtures: build
	cd fixtures && CTXBOUND=$(CTXBOUND) $(GO) test -race ./...

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
## docs/precision/corpus.txt (pinned modules, with their tests, and std), each finding
## checked against its verdict in docs/precision/<name>.tsv; fails on a finding
## without a verdict and on a verdict whose finding is gone, prints precision per
## check and each run's CPU and peak RSS. Not in CI (.ci/run): the first run
## downloads the modules and their dependencies through the module proxy
## (into bin/corpus and the module cache), and the whole takes minutes.
## CORPUSFLAGS=-only=grpc,pgx runs some targets; CORPUSFLAGS=-v lists every finding.
CORPUSFLAGS ?=
corpus: build
	$(GO) run ./internal/cmd/ctxcorpus -ctxbound $(CTXBOUND) $(CORPUSFLAGS)

## corpus-update: write the ledgers from a new run: new findings unjudged, a changed
## message keeps its verdict marked for re-reading (fp?), gone findings dropped
## (review the diff, then judge every unjudged row and ? verdict)
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
	cd .golangci-plugin && GOLANGCI_LINT_CTXBOUND=$(BIN)/golangci-lint-ctxbound $(GO) test -count=1 -run E2E -v ./...

## docs: regenerate docs/checks.md from each check's doc.go, and the nogo deps list of docs/integrations.md from the suite
docs:
	$(GO) test -timeout 2m ./analyzers -run TestChecksDoc -update
	$(GO) test -timeout 2m ./cmd/ctxbound -run TestNogoDeps -update

## fixtures-update: rewrite fixtures/*/expected.txt from the current findings (review the diff!)
fixtures-update: build
	cd fixtures && CTXBOUND=$(CTXBOUND) $(GO) test ./ -run TestExpected -update

clean:
	rm -rf $(BIN)

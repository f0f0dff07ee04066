# Slotwise — one Makefile for the whole workspace.
#   make up      build and run everything in the foreground (API :5001, web :3000)
#   make test    every test of every module, the chart and its alert rules, the web app and its e2e suite
#   make bench   benchmarks and fault drills (writes docs/bench/)

GO_MODULES := api platform gateway auth-svc catalog-svc booking-svc review-svc notification-svc devstack $(if $(wildcard bench/go.mod),bench)
GO_PKGS    := $(addprefix ./,$(addsuffix /...,$(GO_MODULES)))
BIN        := $(CURDIR)/bin
NPM_OK     := $(shell command -v npm >/dev/null 2>&1 && echo yes)

.PHONY: admin dev-tools test-tools jaeger drills test-go-packages test-drills-short lint-modules test-rules test-tracing up build build-go build-devstack build-web generate check-generated lint test test-go test-helm test-web test-e2e bench clean

JAEGER := $(BIN)/jaeger
MAILPIT := $(BIN)/mailpit
PROMETHEUS := $(BIN)/prometheus
GOLANGCI := $(BIN)/golangci-lint
SQUAWK := $(BIN)/squawk

# The devstack and the web app build side by side; Jaeger, slow to build the
# first time, is built by the devstack in the background and joins when it is
# ready; so do Mailpit (web inbox :8025, SMTP :1025) and Prometheus (:9090,
# scraping every process and evaluating the alert rules). NO_JAEGER=1,
# NO_MAILPIT=1 and NO_PROMETHEUS=1 skip them. SPLIT=1 runs every program as its own process from
# bin/<program> (BOOKING_REPLICAS=n, REVIEW_REPLICAS=n, NOTIFICATION_REPLICAS=n).
up:
	@$(MAKE) --no-print-directory -j2 build-devstack build-web
	SPLIT=$(SPLIT) BOOKING_REPLICAS=$(BOOKING_REPLICAS) REVIEW_REPLICAS=$(REVIEW_REPLICAS) NOTIFICATION_REPLICAS=$(NOTIFICATION_REPLICAS) PROGRAMS_DIR=$(BIN) \
	NO_JAEGER=$(NO_JAEGER) JAEGER_BIN=$(JAEGER) JAEGER_BUILD='$(MAKE) --no-print-directory $(JAEGER)' \
	NO_MAILPIT=$(NO_MAILPIT) MAILPIT_BIN=$(MAILPIT) MAILPIT_BUILD='$(MAKE) --no-print-directory $(MAILPIT)' \
	NO_PROMETHEUS=$(NO_PROMETHEUS) PROMETHEUS_BIN=$(PROMETHEUS) PROMETHEUS_BUILD='$(MAKE) --no-print-directory $(PROMETHEUS)' $(BIN)/devstack

# Mailpit (the notification mails' SMTP server and web inbox) built from the Go module proxy
# like Jaeger (first build a few minutes, then cached).
$(MAILPIT): devstack/mailpit/go.mod
	cd devstack/mailpit && GOWORK=off GOFLAGS=-mod=mod GOSUMDB=off go build -o $(MAILPIT) github.com/axllent/mailpit

# Prometheus (the server; module v0.316.0 is release 3.316.0) built from the Go module proxy
# like Jaeger, pinned by devstack/prometheus/go.mod, without the cloud service discoveries
# (remove_all_sd, as promtool: the devstack scrapes static targets).
$(PROMETHEUS): devstack/prometheus/go.mod
	cd devstack/prometheus && GOWORK=off GOFLAGS=-mod=mod GOSUMDB=off go build -tags remove_all_sd -o $(PROMETHEUS) github.com/prometheus/prometheus/cmd/prometheus

# Jaeger v2 built from the Go module proxy (first build ~12 min, then cached).
$(JAEGER): devstack/jaeger/go.mod
	cd devstack/jaeger && GOWORK=off GOFLAGS=-mod=mod GOSUMDB=off go build -o $(JAEGER) github.com/jaegertracing/jaeger/cmd/jaeger

# golangci-lint v2, pinned by lint/golangci/go.mod (its own module, outside
# go.work, so no service's go.mod carries it); first build ~4 min, then cached.
$(GOLANGCI): lint/golangci/go.mod
	cd lint/golangci && GOWORK=off go build -o $(GOLANGCI) github.com/golangci/golangci-lint/v2/cmd/golangci-lint

# squawk (the PostgreSQL migration linter), pinned by lint/squawk/package-lock.json:
# its npm platform package carries the binary, copied here (lint/squawk/README.md).
$(SQUAWK): lint/squawk/package-lock.json
	@command -v npm >/dev/null || { echo "npm is needed to install squawk (lint/squawk/README.md)"; exit 1; }
	cd lint/squawk && npm ci --ignore-scripts --no-audit --no-fund
	mkdir -p $(BIN) && cp lint/squawk/node_modules/@squawk-cli/linux-x64/bin/squawk $(SQUAWK)

build: build-go build-web

build-go: build-devstack
	go build $(GO_PKGS)

# With SPLIT=1 also the programs (cmd/<program>, what the images run), in the same go build.
PROGRAMS := auth-svc catalog-svc booking-svc review-svc notification-svc gateway
build-devstack:
	go build -o $(BIN)/ ./devstack/cmd/devstack $(if $(SPLIT),$(foreach p,$(PROGRAMS),./$(p)/cmd/$(p)))

build-web:
ifeq ($(NPM_OK),yes)
	@if [ -f frontend/Makefile ]; then $(MAKE) -C frontend build; else echo "frontend not yet in the tree"; fi
else
	@echo "npm not found: skipping the web app (the API still runs)"
endif

# An account becomes an operator (decides reported reviews) only here:
# make admin EMAIL=someone@example.com [REVOKE=1] (DATABASE_URL: default the devstack's).
admin:
	@test -n "$(EMAIL)" || { echo "usage: make admin EMAIL=someone@example.com [REVOKE=1]"; exit 1; }
	go run ./auth-svc/cmd/auth-operator -email '$(EMAIL)' $(if $(REVOKE),-revoke)

generate:
	./scripts/generate.sh

# Fails when the committed generated code (Go, OpenAPI, the web app's TypeScript types)
# differs from what the protos produce.
GENERATED := api/ frontend/libs/shared/contract/src/generated/
check-generated: generate
	@git diff --exit-code --stat -- $(GENERATED) || { echo "generated code is stale: run 'make generate' and commit"; exit 1; }
	@test -z "$$(git status --porcelain -- $(GENERATED))" || { git status --porcelain -- $(GENERATED); echo "generated code is stale: run 'make generate' and commit"; exit 1; }

# gofmt, vet, the migration checks (the in-repo linter and squawk), golangci-lint
# (.golangci.yml) over every module of go.work, then ESLint on the web app (when npm is there).
lint: lint-modules $(GOLANGCI) $(SQUAWK)
	@out=$$(gofmt -l $(GO_MODULES) helm/chartcheck); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	go vet -tags drills $(GO_PKGS)
	SQUAWK=$(SQUAWK) go test -count=1 ./platform/postgres/migrationlint/ ./devstack/migrationcheck/
	$(GOLANGCI) run $(GO_PKGS)
ifeq ($(NPM_OK),yes)
	@if [ -f frontend/Makefile ]; then $(MAKE) -C frontend lint; fi
else
	@echo "npm not found: skipping ESLint on the web app"
endif

# Every module stands alone: outside the workspace (GOWORK=off) it builds and
# vets (vet type-checks the tests too), and `go mod tidy` changes nothing.
lint-modules:
	@for m in $(GO_MODULES); do \
	  (cd $$m && GOWORK=off go mod tidy -diff && GOWORK=off go build ./... && GOWORK=off go vet ./...) \
	    || { echo "$$m does not stand alone (GOWORK=off; 'go mod tidy' there shows what is missing)"; exit 1; }; \
	done

# Every stage, timed (scripts/test.sh prints the summary); the slow tools
# and the web checks run in the background at nice 19 meanwhile.
test:
	@./scripts/test.sh

# What make test's stages need that a fresh machine must build first
# (minutes each): Jaeger, Mailpit, golangci-lint, helm and promtool.
# Prometheus (~10 min cold) is for make up and make drills only, which
# build it when missing: no stage of make test runs it. make test builds
# test-tools and jaeger side by side in the background (only its last
# stage, tracing, needs Jaeger, the longest build); golangci-lint is built
# by the lint stage, which needs it first (built twice at once, it cost a
# fresh run minutes).
dev-tools: test-tools jaeger $(GOLANGCI)

test-tools: $(MAILPIT)
	$(MAKE) --no-print-directory -C helm helm promtool

jaeger: $(JAEGER)

# Every Go test: the packages, then the bench's short fault drills.
test-go: test-go-packages test-drills-short

# The bench's drills and the devstack's integration tests each run whole
# stacks against the one PostgreSQL (100 connections by default); side by
# side they can exhaust it, so the drills never run beside the packages.
test-go-packages: $(SQUAWK)
	SQUAWK=$(SQUAWK) go test -count=1 -timeout 20m $(filter-out ./bench/...,$(GO_PKGS))

# The short form of each fault drill (a stack at a time, pools of 4 per
# program: under 40 connections). They spend most of their ~80 s waiting
# on the stack (a replica joining, a consumer group handing over), so
# make test runs them beside the e2e suite, whose one devstack holds
# about 20 more. The soak guard (bench/soak_guard_test.go, 80 s) is the
# one that keeps the CPU busy: it judges CPU per request, not latency.
test-drills-short:
	$(if $(filter ./bench/...,$(GO_PKGS)),go test -count=1 -timeout 20m ./bench/...)

# One trace across every hop, checked in a real Jaeger.
test-tracing: $(JAEGER)
	JAEGER_BIN=$(JAEGER) go test -count=1 -run TestTracing ./devstack/integration/

test-helm:
	$(MAKE) -C helm test

# The alert and SLO rules: promtool check + unit tests (promtool built once into bin/).
test-rules:
	$(MAKE) -C helm test-rules

test-web:
	@if [ -f frontend/Makefile ]; then $(MAKE) -C frontend test; else echo "frontend not yet in the tree: no web tests"; fi

# The e2e suite starts the devstack itself (Playwright webServer).
test-e2e: $(MAILPIT)
	./scripts/ensure-chromium.sh
	@if [ -f frontend/Makefile ]; then $(MAKE) -C frontend e2e; else echo "frontend not yet in the tree: no e2e tests"; fi

bench:
	go run ./bench/cmd/bench

# Every drill in its short form, the long ones too (soak, marketplace hour):
# minutes each, so they are not in make test, which keeps the fault drills'
# short forms (contention, Kafka outage, crash, bad input, authz, scale-out).
# The alert drill needs Prometheus (built once into bin/).
drills: $(PROMETHEUS)
	PROMETHEUS_BIN=$(PROMETHEUS) go test -count=1 -tags drills -timeout 30m -run 'TestDrill|TestMarketplace' -v ./bench/...

# Every Go fuzz target for FUZZTIME each (default 30s); `make test` runs their seeds only.
fuzz:
	FUZZTIME=$(FUZZTIME) ./scripts/fuzz.sh

clean:
	rm -rf $(BIN) .devstack

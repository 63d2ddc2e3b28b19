# The two commands of the README. Both install missing system packages first (scripts/setup.sh).
.PHONY: demo test setup release bench format check-source build-info icu-data dist dist-check install uninstall

setup:
	@bash scripts/setup.sh

# The main job: the bundled demo API with apix exploring it. The demo API is the sibling program apix-demo, built
# beside apix (apix itself links no server stack).
demo: setup
	swift build --product apix-demo
	swift run apix demo

# Every test: unit, integration against the demo API on loopback, CLI and TUI end to end; first the source checks
# (formatting with .swift-format, long files; scripts/check-source.sh).
# At most TEST_WIDTH tests run at once (swift-testing's SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH). Unbounded,
# all 1,200 start together on a 2-core machine: each waits minutes for a thread of the shared pool, and the tests
# whose in-process servers and terminals answer on that pool hit their bounds (CI failed on a different one each
# time). A toolchain without the variable runs them unbounded, as before.
TEST_WIDTH ?= 8
test: setup check-source
	TEST_WIDTH=$(TEST_WIDTH) bash scripts/test.sh

check-source:
	@bash scripts/check-source.sh

# Formats every Swift file in place with the toolchain's swift-format and .swift-format.
format:
	swift format format --parallel --recursive --in-place Package.swift Sources Tests

# The programs as shipped, in .build/release. The Swift runtime and Foundation are linked into them
# (--static-swift-stdlib): start-up is about 10 ms shorter without loading and relocating a dozen Swift shared
# libraries. They are linked at a fixed address (-no-pie), as Go links its programs: a position-independent apix
# carries some 92,000 relative relocations that every start applies, about 1 ms of each `apix run` (the libraries
# it loads are still placed at random). Only a binary with the static runtime can: against the shared one, the loader
# warns on every start. Each program is built by product: a plain build would also link GRDB's dynamic library
# product, which cannot take a static Swift runtime.
# ICU's data is linked English-only (ICU_DATA, below): 22 MB less in each program.
RELEASE = -c release --static-swift-stdlib -Xlinker -no-pie -Xlinker --build-id=sha1 -Xlinker $(BUILD_INFO) \
	-Xlinker $(ICU_DATA) -Xlinker $(shell cat $(ICU_DATA:.o=.flag) 2>/dev/null)

# The commit `apix --version` names (`CBuildInfo`): a strong `apix_commit` in an object the link takes as an input,
# over the weak "unknown" a plain `swift build` keeps. Linker inputs only relink; a compiler define would rebuild
# every dependency. The object's name carries the commit, so a new commit changes the link command and SwiftPM links
# again (it does not watch the object itself). `-dirty` marks a build from a tree with uncommitted changes.
COMMIT := $(shell git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)$(shell git diff --quiet HEAD -- 2>/dev/null || echo -dirty)
BUILD_INFO = $(CURDIR)/.build/build-info/commit-$(COMMIT).o

build-info:
	@mkdir -p .build/build-info
	@[ -f $(BUILD_INFO) ] || printf 'const char apix_commit[] = "%s";\n' '$(COMMIT)' | cc -c -x c -o $(BUILD_INFO) -

# ICU's data symbol with English and the locale-independent tables only (scripts/icu-data.sh, scripts/icu-filter.py),
# linked in place of the toolchain's 34 MB member of lib_FoundationICU.a by `--wrap` (docs/PACKAGING.md, Sizes).
ICU_DATA = $(CURDIR)/.build/icu/icudata-en.o

icu-data:
	@[ -f $(ICU_DATA:.o=.flag) ] || scripts/icu-data.sh $(ICU_DATA)

# apix-helpers is apix-demo and apix-openapi in one program, for the packages (`make dist`).
release: setup build-info icu-data
	for product in apix apix-demo apix-openapi apix-helpers; do swift build $(RELEASE) --product $$product || exit 1; done

# Benchmarks against curl and of the TUI, on the release build (writes docs/BENCHMARKS.md).
bench: release
	@bash scripts/setup.sh bench
	swift build $(RELEASE) --product apix-bench
	.build/release/apix-bench

# Packages a user installs without Swift (docs/PACKAGING.md): in dist/, apix_VERSION_amd64.deb (dpkg-deb, Depends by
# dpkg-shlibdeps, lintian-clean), apix-VERSION-linux-x86_64.tar.gz (the same files and install.sh), the debug
# information kept aside (apix-VERSION-linux-x86_64-dbg.tar.xz, by build id) and SHA256SUMS. From `make release`'s
# programs, stripped; man pages generated from the ArgumentParser definitions, completions by the program itself.
dist: release
	bash scripts/dist.sh

# The heavier checks of `make dist`'s artifacts (scripts/dist-check.sh): contents, sizes, lintian, the tarball's
# programs run with no toolchain on PATH. `scripts/package-test.sh` (root) installs the .deb in a clean Debian root.
dist-check:
	bash scripts/dist-check.sh

# The same layout as the packages, under $(DESTDIR)$(PREFIX): bin/apix, lib/apix/ (the helper programs),
# share/{man,doc,bash-completion,zsh,fish}. `make uninstall` with the same PREFIX and DESTDIR removes it.
PREFIX ?= /usr/local
DESTDIR ?=
install: release
	bash scripts/dist.sh --stage-only
	sh dist/stage/install.sh --prefix '$(PREFIX)' --destdir '$(DESTDIR)'

uninstall:
	sh scripts/install.sh --uninstall --prefix '$(PREFIX)' --destdir '$(DESTDIR)'

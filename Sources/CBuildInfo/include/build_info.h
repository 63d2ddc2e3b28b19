#ifndef APIX_BUILD_INFO_H
#define APIX_BUILD_INFO_H

// What the build knows about itself, for `apix --version`.
//
// The commit is a weak symbol: a plain `swift build` links the weak "unknown" of build_info.c, and `make release`
// links a strong definition from an object the Makefile compiles from `git rev-parse` (`-Xlinker`). Passing the
// commit as a compiler define instead would change the compiler flags, and SwiftPM rebuilds every dependency when
// those change; a linker input only relinks.
const char *apix_build_commit(void);

#endif

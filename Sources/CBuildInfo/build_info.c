#include "build_info.h"

// Overridden by the strong definition `make release` links in (see build_info.h); this one says the truth for
// every other build.
__attribute__((weak)) const char apix_commit[] = "unknown";

const char *apix_build_commit(void) { return apix_commit; }

#ifndef APIX_CPSEUDOTERMINAL_SHIM_H
#define APIX_CPSEUDOTERMINAL_SHIM_H

// Pseudo-terminals for the benchmarks: openpty and the window-size ioctl (variadic, so not importable).

#include <stddef.h>
#include <pty.h>
#include <sys/ioctl.h>
#include <termios.h>

/// A new pseudo-terminal of `columns` x `rows`: both ends, or -1 (errno set).
static inline int apix_openpty(int *primary, int *secondary, unsigned short columns, unsigned short rows) {
    struct winsize size = { .ws_row = rows, .ws_col = columns, .ws_xpixel = 0, .ws_ypixel = 0 };
    return openpty(primary, secondary, NULL, NULL, &size);
}

#endif

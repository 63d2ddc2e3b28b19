#ifndef APIX_CZLIB_SHIM_H
#define APIX_CZLIB_SHIM_H

// zlib's init functions are macros (they pass ZLIB_VERSION and sizeof(z_stream)
// for an ABI check), so Swift cannot call them: each gets a typed wrapper.
// crc32, deflate, inflate and friends are plain functions and import as they are.

#include <zlib.h>

/// deflateInit2 producing a gzip stream (window bits 15 + 16 selects the gzip wrapper).
static inline int apix_deflate_init_gzip(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}

/// inflateInit2 accepting gzip or zlib streams (window bits 15 + 32 detects the header).
static inline int apix_inflate_init_auto(z_streamp stream) {
    return inflateInit2(stream, 15 + 32);
}

/// inflateInit2 for raw deflate data (negative window bits: no zlib or gzip wrapper), as permessage-deflate sends
/// it (RFC 7692 §7.2.2). Window 15 inflates whatever window the peer compressed with.
static inline int apix_inflate_init_raw(z_streamp stream) {
    return inflateInit2(stream, -15);
}

/// deflateInit2 producing raw deflate data with a window of `window_bits` (9–15), for permessage-deflate.
static inline int apix_deflate_init_raw(z_streamp stream, int level, int window_bits) {
    return deflateInit2(stream, level, Z_DEFLATED, -window_bits, 8, Z_DEFAULT_STRATEGY);
}

#endif

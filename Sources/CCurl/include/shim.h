#ifndef APIX_CCURL_SHIM_H
#define APIX_CCURL_SHIM_H

// libcurl for Swift, loaded when first used.
//
// Swift cannot import C variadic functions, so every curl_easy_setopt / curl_easy_getinfo / curl_multi_setopt use
// goes through one typed wrapper. Callback wrappers are separate because function pointers through varargs are
// not portable.
//
// libcurl is not linked: `apix_curl()` opens libcurl.so.4 with dlopen on the first call and every wrapper calls
// through its table. Loading libcurl and the 30-odd libraries it needs takes about 9 ms here, which would
// otherwise be paid by every start of apix, also by `apix --version`, `apix list` and the TUI before its first
// send. Only the header's types and constants come from <curl/curl.h>.

#include <curl/curl.h>

typedef size_t (*apix_data_callback)(char *ptr, size_t size, size_t nmemb, void *userdata);
typedef int (*apix_seek_callback)(void *userp, curl_off_t offset, int origin);
typedef int (*apix_xferinfo_callback)(void *clientp, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal,
                                      curl_off_t ulnow);
typedef int (*apix_debug_callback)(CURL *handle, curl_infotype type, char *data, size_t size, void *userdata);

/// The libcurl functions apix calls.
typedef struct apix_curl_api {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *handle);
    CURLcode (*easy_setopt)(CURL *handle, CURLoption option, ...);
    CURLcode (*easy_getinfo)(CURL *handle, CURLINFO info, ...);
    const char *(*easy_strerror)(CURLcode code);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_setopt)(CURLM *handle, CURLMoption option, ...);
    CURLMcode (*multi_add_handle)(CURLM *multi, CURL *easy);
    CURLMcode (*multi_remove_handle)(CURLM *multi, CURL *easy);
    CURLMcode (*multi_perform)(CURLM *multi, int *running);
    CURLMcode (*multi_poll)(CURLM *multi, struct curl_waitfd *extra, unsigned int count, int timeout_ms, int *ret);
    CURLMcode (*multi_wakeup)(CURLM *multi);
    CURLMsg *(*multi_info_read)(CURLM *multi, int *remaining);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *string);
    void (*slist_free_all)(struct curl_slist *list);
    CURLSH *(*share_init)(void);
    CURLSHcode (*share_setopt)(CURLSH *share, CURLSHoption option, ...);
    // WebSocket connections (CURLOPT_CONNECT_ONLY): the connection is libcurl's, the bytes on it apix's.
    CURLcode (*easy_perform)(CURL *handle);
    CURLcode (*easy_send)(CURL *handle, const void *buffer, size_t length, size_t *sent);
    CURLcode (*easy_recv)(CURL *handle, void *buffer, size_t length, size_t *received);
    // A download to a FIFO whose reader is slow: the write callback pauses it, the loop resumes it.
    CURLcode (*easy_pause)(CURL *handle, int bitmask);
} apix_curl_api;

/// The table, filled on the first call (thread-safe), with libcurl's global setup done. When libcurl cannot be loaded
/// the process ends with a message on stderr and exit status 70: apix cannot send anything without it.
const apix_curl_api *apix_curl(void);

/// Starts loading libcurl on a thread of its own, once, so that a command about to send overlaps the load (about
/// as long as the rest of a small `apix run`) with its own work; `apix_curl()` then waits for it if it must.
void apix_curl_preload(void);

/// Waits for a load `apix_curl_preload` started: call it before `exit`, which must not run the libraries'
/// destructors while that thread is still inside `dlopen` or `curl_global_init`.
void apix_curl_preload_wait(void);

static inline CURL *apix_easy_init(void) { return apix_curl()->easy_init(); }
static inline void apix_easy_cleanup(CURL *handle) { apix_curl()->easy_cleanup(handle); }
static inline const char *apix_easy_strerror(CURLcode code) { return apix_curl()->easy_strerror(code); }
static inline CURLM *apix_multi_init(void) { return apix_curl()->multi_init(); }
static inline CURLMcode apix_multi_add_handle(CURLM *multi, CURL *easy) {
    return apix_curl()->multi_add_handle(multi, easy);
}
static inline CURLMcode apix_multi_remove_handle(CURLM *multi, CURL *easy) {
    return apix_curl()->multi_remove_handle(multi, easy);
}
static inline CURLMcode apix_multi_perform(CURLM *multi, int *running) {
    return apix_curl()->multi_perform(multi, running);
}
static inline CURLMcode apix_multi_poll(CURLM *multi, struct curl_waitfd *extra, unsigned int count, int timeout_ms,
                                        int *ret) {
    return apix_curl()->multi_poll(multi, extra, count, timeout_ms, ret);
}
static inline CURLMcode apix_multi_wakeup(CURLM *multi) { return apix_curl()->multi_wakeup(multi); }
static inline CURLcode apix_easy_pause(CURL *handle, int bitmask) { return apix_curl()->easy_pause(handle, bitmask); }
/// What a write callback returns to pause its transfer (a macro Swift does not import as a `size_t`).
static inline size_t apix_writefunc_pause(void) { return CURL_WRITEFUNC_PAUSE; }
static inline CURLMsg *apix_multi_info_read(CURLM *multi, int *remaining) {
    return apix_curl()->multi_info_read(multi, remaining);
}
static inline struct curl_slist *apix_slist_append(struct curl_slist *list, const char *string) {
    return apix_curl()->slist_append(list, string);
}
static inline void apix_slist_free_all(struct curl_slist *list) { apix_curl()->slist_free_all(list); }

static inline CURLcode apix_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return apix_curl()->easy_setopt(handle, option, value);
}
static inline CURLcode apix_easy_setopt_off(CURL *handle, CURLoption option, curl_off_t value) {
    return apix_curl()->easy_setopt(handle, option, value);
}
static inline CURLcode apix_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return apix_curl()->easy_setopt(handle, option, value);
}
static inline CURLcode apix_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return apix_curl()->easy_setopt(handle, option, value);
}
static inline CURLcode apix_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return apix_curl()->easy_setopt(handle, option, value);
}
static inline CURLcode apix_easy_setopt_data_callback(CURL *handle, CURLoption option, apix_data_callback cb) {
    return apix_curl()->easy_setopt(handle, option, cb);
}
static inline CURLcode apix_easy_setopt_xferinfo_callback(CURL *handle, apix_xferinfo_callback cb) {
    return apix_curl()->easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, cb);
}
/// The verbose text of an exchange goes to `cb` (with CURLOPT_VERBOSE): the TLS version and cipher, and the ALPN
/// answer, are said there and nowhere else libcurl 7.88 offers.
static inline CURLcode apix_easy_setopt_debug_callback(CURL *handle, apix_debug_callback cb) {
    return apix_curl()->easy_setopt(handle, CURLOPT_DEBUGFUNCTION, cb);
}
static inline CURLcode apix_easy_setopt_seek_callback(CURL *handle, apix_seek_callback cb) {
    return apix_curl()->easy_setopt(handle, CURLOPT_SEEKFUNCTION, cb);
}

static inline CURLcode apix_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return apix_curl()->easy_getinfo(handle, info, value);
}
static inline CURLcode apix_easy_getinfo_off(CURL *handle, CURLINFO info, curl_off_t *value) {
    return apix_curl()->easy_getinfo(handle, info, value);
}
static inline CURLcode apix_easy_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return apix_curl()->easy_getinfo(handle, info, value);
}
static inline CURLcode apix_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **value) {
    return apix_curl()->easy_getinfo(handle, info, value);
}

/// The server's certificate chain (CURLOPT_CERTINFO): `num_of_certs` lists of `Name:value` lines.
static inline CURLcode apix_easy_getinfo_certinfo(CURL *handle, struct curl_certinfo **info) {
    return apix_curl()->easy_getinfo(handle, CURLINFO_CERTINFO, info);
}

static inline CURLcode apix_easy_getinfo_socket(CURL *handle, curl_socket_t *socket) {
    return apix_curl()->easy_getinfo(handle, CURLINFO_ACTIVESOCKET, socket);
}
static inline CURLcode apix_easy_getinfo_slist(CURL *handle, CURLINFO info, struct curl_slist **list) {
    return apix_curl()->easy_getinfo(handle, info, list);
}

/// Connects (with CURLOPT_CONNECT_ONLY set: TCP, proxy tunnel and TLS, no request), blocking the calling thread.
static inline CURLcode apix_easy_perform(CURL *handle) { return apix_curl()->easy_perform(handle); }
static inline CURLcode apix_easy_send(CURL *handle, const void *buffer, size_t length, size_t *sent) {
    return apix_curl()->easy_send(handle, buffer, length, sent);
}
static inline CURLcode apix_easy_recv(CURL *handle, void *buffer, size_t length, size_t *received) {
    return apix_curl()->easy_recv(handle, buffer, length, received);
}

static inline CURLMcode apix_multi_setopt_long(CURLM *handle, CURLMoption option, long value) {
    return apix_curl()->multi_setopt(handle, option, value);
}

/// A new share of cookies and TLS sessions between easy handles, with locks so handles may be set up and cleaned up
/// on any thread.
CURLSH *apix_cookie_share(void);

/// The process's share of TLS sessions for exchanges without a cookie jar (made on first use; NULL if it cannot be).
CURLSH *apix_tls_share(void);

/// 1 when the TLS handshake of `handle`'s connection resumed a session, 0 when it was a full handshake, -1 when not
/// known (another TLS library than OpenSSL, or no connection). Call it while the connection is up: in a callback.
int apix_tls_session_resumed(CURL *handle);

static inline CURLcode apix_easy_setopt_share(CURL *handle, CURLSH *share) {
    return apix_curl()->easy_setopt(handle, CURLOPT_SHARE, share);
}

/// Whether `host` may set a cookie for `domain` (its `Domain=`, lower case, no leading dot), as libcurl decides for the
/// answers it reads itself: libpsl's psl_is_cookie_domain_acceptable, so never for a public suffix (`co.uk`,
/// `github.io`) other than the host itself. 1 or 0; -1 when libpsl or its list cannot be loaded (psl.c).
int apix_psl_cookie_domain_acceptable(const char *host, const char *domain);

/// The CURLAUTH_* bits apix asks for (macros with casts, which Swift does not import).
typedef enum apix_http_auth { APIX_AUTH_DIGEST, APIX_AUTH_NTLM, APIX_AUTH_NEGOTIATE } apix_http_auth;

/// Sets CURLOPT_HTTPAUTH to exactly one scheme: libcurl then answers that scheme's challenge and no other.
static inline CURLcode apix_easy_setopt_httpauth(CURL *handle, apix_http_auth scheme) {
    unsigned long bits = CURLAUTH_NONE;
    switch (scheme) {
    case APIX_AUTH_DIGEST: bits = CURLAUTH_DIGEST; break;
    case APIX_AUTH_NTLM: bits = CURLAUTH_NTLM; break;
    case APIX_AUTH_NEGOTIATE: bits = CURLAUTH_NEGOTIATE; break;
    }
    return apix_curl()->easy_setopt(handle, CURLOPT_HTTPAUTH, bits);
}

// CURLMsg.data is a union; expose the result code without Swift poking at it.
static inline CURLcode apix_msg_result(const CURLMsg *msg) { return msg->data.result; }

#endif

// Loads libcurl on first use (see include/shim.h for why).

#include "shim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <unistd.h>

static apix_curl_api table;
static pthread_once_t once = PTHREAD_ONCE_INIT;

/// Resolves `name` or ends the process: a libcurl without one of these functions is too old for apix.
static void *resolve(void *library, const char *name) {
    void *symbol = dlsym(library, name);
    if (symbol == NULL) {
        fprintf(stderr, "apix: libcurl has no %s (libcurl 7.68 or later is needed)\n", name);
        _exit(70);
    }
    return symbol;
}

static void load(void) {
    // RTLD_DEEPBIND: libcurl and its 30-odd libraries look their symbols up in their own dependency tree first,
    // not after apix's 12,000 exported symbols and the libraries apix starts with (SQLite, ncurses, libstdc++), each
    // of which every lookup walked past before (about 4.6 million instructions of the 21 million the load took).
    // Nothing of apix's is meant to interpose on them. RTLD_LAZY: functions of the libraries linked without BIND_NOW
    // are bound on first call, as curl's own start binds them (2.5 million more); most of Debian's are BIND_NOW.
    // docs/BENCHMARKS.md, "apix run of one small GET".
    void *library = dlopen("libcurl.so.4", RTLD_LAZY | RTLD_LOCAL | RTLD_DEEPBIND);
    if (library == NULL) {
        const char *reason = dlerror();
        fprintf(stderr, "apix: cannot load libcurl: %s (install libcurl4)\n", reason ? reason : "unknown error");
        _exit(70);
    }
    table.global_init = resolve(library, "curl_global_init");
    table.easy_init = resolve(library, "curl_easy_init");
    table.easy_cleanup = resolve(library, "curl_easy_cleanup");
    table.easy_setopt = resolve(library, "curl_easy_setopt");
    table.easy_getinfo = resolve(library, "curl_easy_getinfo");
    table.easy_strerror = resolve(library, "curl_easy_strerror");
    table.multi_init = resolve(library, "curl_multi_init");
    table.multi_setopt = resolve(library, "curl_multi_setopt");
    table.multi_add_handle = resolve(library, "curl_multi_add_handle");
    table.multi_remove_handle = resolve(library, "curl_multi_remove_handle");
    table.multi_perform = resolve(library, "curl_multi_perform");
    table.multi_poll = resolve(library, "curl_multi_poll");
    table.multi_wakeup = resolve(library, "curl_multi_wakeup");
    table.multi_info_read = resolve(library, "curl_multi_info_read");
    table.slist_append = resolve(library, "curl_slist_append");
    table.slist_free_all = resolve(library, "curl_slist_free_all");
    table.share_init = resolve(library, "curl_share_init");
    table.share_setopt = resolve(library, "curl_share_setopt");
    table.easy_perform = resolve(library, "curl_easy_perform");
    table.easy_send = resolve(library, "curl_easy_send");
    table.easy_recv = resolve(library, "curl_easy_recv");
    table.easy_pause = resolve(library, "curl_easy_pause");
    // libcurl's process-wide setup, once, before any handle exists (curl_global_init is not thread-safe; this
    // runs under pthread_once). Never dlclose'd: the table lives as long as the process.
    CURLcode status = table.global_init(CURL_GLOBAL_ALL);
    if (status != CURLE_OK) {
        fprintf(stderr, "apix: libcurl did not initialise (code %d)\n", (int)status);
        _exit(70);
    }
}

const apix_curl_api *apix_curl(void) {
    pthread_once(&once, load);
    return &table;
}

static pthread_t preload_thread;
static pthread_once_t preload_once = PTHREAD_ONCE_INIT;
// Set once `preload_thread` holds the thread; cleared by the one join.
static atomic_int preload_started = 0;

static void *preload_main(void *unused) {
    (void)unused;
    apix_curl();
    return NULL;
}

static void start_preload(void) {
    if (pthread_create(&preload_thread, NULL, preload_main, NULL) == 0) atomic_store(&preload_started, 1);
}

void apix_curl_preload(void) { pthread_once(&preload_once, start_preload); }

void apix_curl_preload_wait(void) {
    if (atomic_exchange(&preload_started, 0)) pthread_join(preload_thread, NULL);
}

// One mutex per kind of shared data: libcurl locks them one at a time, from whichever thread uses a handle.
static pthread_mutex_t share_locks[CURL_LOCK_DATA_LAST];
static pthread_once_t share_locks_once = PTHREAD_ONCE_INIT;

static void init_share_locks(void) {
    for (int index = 0; index < CURL_LOCK_DATA_LAST; index++) pthread_mutex_init(&share_locks[index], NULL);
}

static void share_lock(CURL *handle, curl_lock_data data, curl_lock_access access, void *user) {
    (void)handle;
    (void)access;
    (void)user;
    pthread_mutex_lock(&share_locks[data]);
}

static void share_unlock(CURL *handle, curl_lock_data data, void *user) {
    (void)handle;
    (void)user;
    pthread_mutex_unlock(&share_locks[data]);
}

// A share with the locks, holding TLS sessions: libcurl keeps a session cache per easy handle unless a share holds
// it, and apix makes an easy handle per exchange, so without one a new connection to a host never resumed a session.
static CURLSH *new_share(void) {
    pthread_once(&share_locks_once, init_share_locks);
    const apix_curl_api *api = apix_curl();
    CURLSH *share = api->share_init();
    if (share == NULL) return NULL;
    api->share_setopt(share, CURLSHOPT_LOCKFUNC, share_lock);
    api->share_setopt(share, CURLSHOPT_UNLOCKFUNC, share_unlock);
    api->share_setopt(share, CURLSHOPT_SHARE, CURL_LOCK_DATA_SSL_SESSION);
    return share;
}

CURLSH *apix_cookie_share(void) {
    CURLSH *share = new_share();
    if (share != NULL) apix_curl()->share_setopt(share, CURLSHOPT_SHARE, CURL_LOCK_DATA_COOKIE);
    return share;
}

static CURLSH *tls_share;
static pthread_once_t tls_share_once = PTHREAD_ONCE_INIT;

static void make_tls_share(void) { tls_share = new_share(); }

CURLSH *apix_tls_share(void) {
    pthread_once(&tls_share_once, make_tls_share);
    return tls_share;
}

// OpenSSL's SSL_session_reused, found in the libssl libcurl already loaded (RTLD_NOLOAD: never loads one of its
// own). libcurl 7.88 says only that it offered a session, not whether the server took it.
static int (*session_reused)(const void *ssl);
static pthread_once_t session_reused_once = PTHREAD_ONCE_INIT;

static void find_session_reused(void) {
    const char *names[] = {"libssl.so.3", "libssl.so.1.1"};
    for (size_t index = 0; index < sizeof names / sizeof names[0]; index++) {
        void *library = dlopen(names[index], RTLD_LAZY | RTLD_NOLOAD);
        if (library == NULL) continue;
        session_reused = (int (*)(const void *))dlsym(library, "SSL_session_reused");
        if (session_reused != NULL) return;
    }
}

int apix_tls_session_resumed(CURL *handle) {
    pthread_once(&session_reused_once, find_session_reused);
    if (session_reused == NULL) return -1;
    struct curl_tlssessioninfo *info = NULL;
    if (apix_curl()->easy_getinfo(handle, CURLINFO_TLS_SSL_PTR, &info) != CURLE_OK || info == NULL) return -1;
    if (info->backend != CURLSSLBACKEND_OPENSSL || info->internals == NULL) return -1;
    return session_reused(info->internals) ? 1 : 0;
}

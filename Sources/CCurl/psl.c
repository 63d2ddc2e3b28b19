// The public suffix list libcurl checks a cookie's Domain against (see include/shim.h).

#include "shim.h"

#include <dlfcn.h>
#include <pthread.h>

// libpsl's types and functions, declared here: they are looked up at run time, like libcurl's, so building apix
// needs no libpsl headers. libcurl itself links libpsl (Debian's does), so opening it loads nothing new.
typedef struct psl_ctx_st psl_ctx_t;

static const psl_ctx_t *list;
static int (*acceptable)(const psl_ctx_t *psl, const char *hostname, const char *cookie_domain);
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen("libpsl.so.5", RTLD_LAZY | RTLD_LOCAL);
    if (library == NULL) return;
    // As libcurl does (Curl_psl_use): the system's list if there is one, else the one built into libpsl.
    typedef psl_ctx_t *(*latest_function)(const char *file);
    typedef const psl_ctx_t *(*builtin_function)(void);
    typedef int (*acceptable_function)(const psl_ctx_t *psl, const char *hostname, const char *cookie_domain);
    latest_function latest = (latest_function)dlsym(library, "psl_latest");
    builtin_function builtin = (builtin_function)dlsym(library, "psl_builtin");
    if (latest != NULL) list = latest(NULL);
    if (list == NULL && builtin != NULL) list = builtin();
    acceptable = (acceptable_function)dlsym(library, "psl_is_cookie_domain_acceptable");
}

int apix_psl_cookie_domain_acceptable(const char *host, const char *domain) {
    pthread_once(&once, load);
    if (list == NULL || acceptable == NULL) return -1;
    return acceptable(list, host, domain) ? 1 : 0;
}

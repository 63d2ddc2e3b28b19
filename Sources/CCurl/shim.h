#ifndef APIX_CCURL_SHIM_H
#define APIX_CCURL_SHIM_H

// Swift cannot import C variadic functions, so every curl_easy_setopt /
// curl_easy_getinfo / curl_multi_setopt use goes through one typed wrapper.
// Callback wrappers are separate because function pointers through varargs
// are not portable.

#include <curl/curl.h>

typedef size_t (*apix_data_callback)(char *ptr, size_t size, size_t nmemb, void *userdata);
typedef int (*apix_seek_callback)(void *userp, curl_off_t offset, int origin);
typedef int (*apix_xferinfo_callback)(void *clientp, curl_off_t dltotal, curl_off_t dlnow,
                                      curl_off_t ultotal, curl_off_t ulnow);

static inline CURLcode apix_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode apix_easy_setopt_off(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode apix_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode apix_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode apix_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode apix_easy_setopt_data_callback(CURL *handle, CURLoption option, apix_data_callback cb) {
    return curl_easy_setopt(handle, option, cb);
}
static inline CURLcode apix_easy_setopt_xferinfo_callback(CURL *handle, apix_xferinfo_callback cb) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, cb);
}

static inline CURLcode apix_easy_setopt_seek_callback(CURL *handle, apix_seek_callback cb) {
    return curl_easy_setopt(handle, CURLOPT_SEEKFUNCTION, cb);
}

static inline CURLcode apix_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode apix_easy_getinfo_off(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode apix_easy_getinfo_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode apix_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **value) {
    return curl_easy_getinfo(handle, info, value);
}

static inline CURLMcode apix_multi_setopt_long(CURLM *handle, CURLMoption option, long value) {
    return curl_multi_setopt(handle, option, value);
}

static inline CURLcode apix_global_init_all(void) { return curl_global_init(CURL_GLOBAL_ALL); }

// CURLMsg.data is a union; expose the result code without Swift poking at it.
static inline CURLcode apix_msg_result(const CURLMsg *msg) { return msg->data.result; }

#endif

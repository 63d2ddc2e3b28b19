import CCurl

/// libcurl itself: loaded with `dlopen` on first use (`Sources/CCurl/include/shim.h` says why), or earlier, in the
/// background, by a command that knows it is about to send.
package enum CurlLibrary {
    /// Starts loading libcurl and the libraries it needs on a thread of their own (once). A small `apix run` spends
    /// about as long on that as on everything else it does before sending, so the two overlap on a second core.
    package static func preload() { apix_curl_preload() }

    /// Waits until a load `preload()` started has finished. The process must not `exit` while it runs: `exit` runs
    /// the loaded libraries' destructors, which must not meet a `dlopen` or `curl_global_init` halfway.
    package static func waitForPreload() { apix_curl_preload_wait() }
}

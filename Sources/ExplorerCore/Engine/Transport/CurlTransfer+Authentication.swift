import CCurl

/// The credential libcurl works out itself (`TransferOptions.authentication`): Digest, NTLM and Negotiate answer the
/// server's challenge on the same handle, AWS SigV4 signs the request.
extension CurlTransfer {
    /// Sets the scheme, user name and password. `CURLOPT_UNRESTRICTED_AUTH` is set off explicitly (its default): the
    /// client follows redirects hop by hop and `RedirectPolicy` drops the credential at another origin, so libcurl
    /// must never carry it further on its own.
    func configureAuthentication(_ credential: TransportCredential?) {
        apix_easy_setopt_long(easy, CURLOPT_UNRESTRICTED_AUTH, 0)
        guard let credential else { return }
        switch credential.scheme {
        case .digest: apix_easy_setopt_httpauth(easy, APIX_AUTH_DIGEST)
        case .ntlm: apix_easy_setopt_httpauth(easy, APIX_AUTH_NTLM)
        case .negotiate: apix_easy_setopt_httpauth(easy, APIX_AUTH_NEGOTIATE)
        case .awsSigV4(let parameter):
            apix_easy_setopt_string(easy, CURLOPT_AWS_SIGV4, parameter)
            // libcurl 7.88 signs the query as written; AWS checks its canonical form (see `canonicalQueryURL`).
            // Only the URL libcurl is given changes: the response still names `request.url`.
            apix_easy_setopt_string(easy, CURLOPT_URL, TransportCredential.canonicalQueryURL(request.url))
        }
        // Separate options, so a `:` in the user name is not taken for the end of it.
        apix_easy_setopt_string(easy, CURLOPT_USERNAME, credential.username)
        apix_easy_setopt_string(easy, CURLOPT_PASSWORD, credential.password)
    }
}

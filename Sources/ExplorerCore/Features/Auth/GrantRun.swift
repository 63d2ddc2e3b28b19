/// One run of a grant, as `TokenRefresher` starts it: the issuer's metadata first when endpoints come from it, then
/// the browser or device login the grant needs, then the token request.
struct GrantRun: Sendable {
    let grant: OAuthTokenClient.Grant
    /// As written (endpoints from the metadata are filled in by `result()`).
    let settings: OAuth2Settings
    /// The front end's login, for the authorization code and device grants.
    let login: BrowserLogin?
    let tokenClient: OAuthTokenClient
    let discovery: AuthorizationServerDiscovery
    let key: ProfileEnvironmentKey
    /// What a failure is remembered as.
    let operation: AuthError.Operation

    func result() async -> Result<OAuthToken, AuthError> {
        var result: Result<OAuthToken, AuthError>
        do throws(AuthError) {
            let settings = try await discovery.complete(settings, key: key)
            if let login, settings.grant == .deviceCode {
                result = .success(try await login.authorizeDevice(settings, tokenClient: tokenClient))
            } else if let login {
                let code = try await login.authorize(settings)
                result = await tokenClient.obtain(.authorizationCode(code), settings: settings)
            } else {
                result = await tokenClient.obtain(grant, settings: settings)
            }
        } catch {
            result = .failure(error)
        }
        guard case .failure(var error) = result else { return result }
        // Endpoints the metadata named that are gone: the next login reads it again.
        if settings.needsDiscovery, error.endpointMayHaveMoved { discovery.forget(key) }
        error.operation = operation
        return .failure(error)
    }
}

import Foundation

/// Adds credentials to every attempt of a request and, for OAuth2, fixes a 401 with one refresh.
///
/// - Static kinds (bearer, basic, API key) put their credential in its header or query item.
/// - Digest, NTLM, Negotiate and AWS SigV4 hand theirs to libcurl (`TransferOptions.authentication`), which answers
///   the server's challenge or signs the request; AWS's session token goes as a header.
/// - OAuth2 adds `Authorization: Bearer` with the refresher's token, waiting first when that token is known to
///   have expired. After a 401 to a token it handed out, it asks the refresher for a newer one (joining the single
///   refresh in flight) and asks the client for the one retry the client allows.
///
/// A request that already carries the credential's header or query item (written in the profile or by the user)
/// is sent as it is and never retried.
package struct AuthInterceptor: RequestInterceptor {
    package enum Credential: Sendable {
        case fixed(CredentialPlacement)
        case oauth2(TokenRefresher)
        /// Worked out by libcurl (Digest, NTLM, Negotiate, AWS SigV4), with fields that go beside it as they are.
        case transport(TransportCredential, headers: [CredentialPlacement])
    }

    package let credential: Credential

    package init(_ credential: Credential) {
        self.credential = credential
    }

    package func adapt(_ request: PreparedRequest, attempt: Int) async throws(ClientError) -> PreparedRequest {
        switch credential {
        case .fixed, .transport:
            return withFixedCredential(request) ?? request
        case .oauth2(let refresher):
            guard !request.headers.contains("Authorization") else { return request }
            do {
                let token = try await refresher.validToken()
                return CredentialPlacement.authorization(token.authorization).apply(to: request)
            } catch {
                throw error.clientError
            }
        }
    }

    /// `request` with a credential that needs no token server: every kind but OAuth2, which gives nil.
    package func withFixedCredential(_ request: PreparedRequest) -> PreparedRequest? {
        switch credential {
        case .fixed(let placement):
            return placement.apply(to: request)
        case .transport(let credential, let headers):
            var request = request
            for header in headers { request = header.apply(to: request) }
            // An `Authorization` of the user's wins, as for every kind: libcurl would not replace it anyway.
            if !request.headers.contains("Authorization") { request.options.authentication = credential }
            return request
        case .oauth2:
            return nil
        }
    }

    package func retry(_ request: PreparedRequest, after response: Response, attempt: Int) async throws(ClientError)
        -> Bool
    {
        guard response.statusCode == 401, case .oauth2(let refresher) = credential,
            let rejected = Self.credentials(inAuthorization: request.headers["Authorization"]),
            await refresher.issued(rejected)
        else { return false }
        do {
            _ = try await refresher.token(replacing: rejected)
            return true
        } catch {
            throw error.clientError
        }
    }

    /// The token file's problem, when it had to be ignored (unreadable, damaged, or open to others).
    package func warnings() async -> [String] {
        guard case .oauth2(let refresher) = credential, let problem = await refresher.status().storeProblem else {
            return []
        }
        return [problem.message]
    }

    /// `abc` from `Bearer abc`.
    static func credentials(inAuthorization value: String?) -> String? {
        guard let value, let space = value.firstIndex(of: " ") else { return nil }
        let rest = value[value.index(after: space)...].trimmingCharacters(in: .whitespaces)
        return rest.isEmpty ? nil : rest
    }
}

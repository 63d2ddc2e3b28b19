import Foundation

/// A credential and where it goes on a request: a header (`Authorization`, `X-API-Key`) or a query item.
package struct CredentialPlacement: Sendable, Hashable {
    package enum Target: Sendable, Hashable {
        case header(String)
        case query(String)
    }

    package var target: Target
    package var value: String

    package init(_ target: Target, _ value: String) {
        self.target = target
        self.value = value
    }

    /// `Authorization: value`.
    package static func authorization(_ value: String) -> CredentialPlacement {
        CredentialPlacement(.header("Authorization"), value)
    }

    /// Whether `request` already carries this credential's header or query item. What the user wrote wins:
    /// such a request is sent as it is.
    func isPresent(in request: PreparedRequest) -> Bool {
        switch target {
        case .header(let name): request.headers.contains(name)
        case .query(let name): Self.queryNames(in: request.url).contains(name)
        }
    }

    /// `request` with the credential added, unless it already carries one of its own. Either way its name is
    /// declared in `credentialNames`: a value the user wrote there is just as secret.
    package func apply(to request: PreparedRequest) -> PreparedRequest {
        var request = request
        let present = isPresent(in: request)
        switch target {
        case .header(let name):
            request.credentialNames.insertHeader(name)
            if !present { request.headers.set(name, value) }
        case .query(let name):
            request.credentialNames.insertQueryItem(name)
            if !present { request.url = URLBuilder.appendingQuery([(name, value)], to: request.url) }
        }
        return request
    }

    /// The decoded names of `url`'s query items.
    static func queryNames(in url: String) -> Set<String> {
        Set(URLComponents(string: url)?.queryItems?.map(\.name) ?? [])
    }
}

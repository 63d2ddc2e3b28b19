import ExplorerCore
import Foundation

/// The secret values one exchange used (secret variables, the credential, a token), so that none of them is
/// recorded in clear anywhere: not in the request as shown (already masked), nor in what the server echoed back
/// (an echoed `Authorization`, a token in a body).
package struct HistorySecrets: Sendable, Equatable {
    /// Longest first, so a value containing another is replaced whole.
    private(set) var values: [String]

    /// Values shorter than 4 characters are not secrets worth hiding (they would mask every `a` or `1`).
    package init(_ values: some Sequence<String>) {
        var all = Set<String>()
        for value in values where value.count >= 4 {
            all.insert(value)
            // As a URL or form carries it: RFC 3986's unreserved characters kept, the rest escaped.
            let encoded = PercentEncoding.encode(value, allowed: PercentEncoding.unreserved)
            if encoded != value {
                all.insert(encoded)
            }
        }
        self.values = all.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
    }

    package static let none = HistorySecrets([])

    package var isEmpty: Bool { values.isEmpty }

    /// These secrets and the credential `request` carries: its header values (whole and without a scheme) and its
    /// query values, for a request that holds nothing but a credential (`AuthProvider.currentCredentials` on an
    /// empty request).
    package func adding(credentialsOf request: PreparedRequest) -> HistorySecrets {
        var more = values
        for field in request.headers {
            more.append(field.value)
            if let space = field.value.firstIndex(of: " ") {
                more.append(String(field.value[field.value.index(after: space)...]))
            }
        }
        if let query = URLComponents(string: request.url)?.queryItems {
            more += query.compactMap(\.value)
        }
        return HistorySecrets(more)
    }

    /// `text` with every secret replaced by `••••`.
    package func scrub(_ text: String) -> String {
        guard !values.isEmpty else { return text }
        var result = text
        // By bytes: Foundation's search would miss a secret followed by a combining mark, leaving it in the history.
        for value in values {
            result = result.replacingBytes(of: value, with: VariableScope.mask)
        }
        return result
    }

    package func scrub(_ headers: HTTPHeaders) -> HTTPHeaders {
        guard !values.isEmpty else { return headers }
        return HTTPHeaders(headers.map { (scrub($0.name), scrub($0.value)) })
    }

    /// `data` with every secret's UTF-8 bytes replaced by `••••`'s.
    package func scrub(_ data: Data) -> Data {
        guard !values.isEmpty, !data.isEmpty else { return data }
        var result = data
        let mask = Array(VariableScope.mask.utf8)
        for value in values {
            if let replaced = result.withUnsafeBytes({ $0.replacing(Array(value.utf8), with: mask) }) {
                result = Data(replaced)
            }
        }
        return result
    }
}

import ExplorerCore
import Foundation

/// How a recorded request is sent again, the one rule of `apix replay` and the explorer's resend key: as recorded
/// (method, URL, headers, body), its masked credential fields left out (the profile's auth adds the current ones),
/// the fields libcurl writes itself left to libcurl. A secret masked elsewhere (in the URL or the body) cannot be
/// sent as it was: such a request is refused.
package enum HistoryReplay {
    /// Header fields libcurl writes itself from the request: sent again, they could disagree with it.
    static let derivedHeaders: Set = ["host", "content-length", "accept-encoding"]

    package static func request(replaying entry: HistoryEntry) throws(HistoryStoreError) -> PreparedRequest {
        let mask = VariableScope.mask
        guard !entry.request.url.contains(mask) else {
            throw HistoryStoreError(
                "cannot replay \(entry.id): its URL held a secret, which the history keeps masked; "
                    + "send the endpoint again instead")
        }
        var request = PreparedRequest(method: entry.request.method, url: entry.request.url)
        for field in entry.request.headers
        where !field.value.contains(mask) && !derivedHeaders.contains(field.name.lowercased()) {
            request.headers.add(field.name, field.value)
        }
        switch entry.request.body {
        case .bytes(let data, let type):
            guard data.range(of: Data(mask.utf8)) == nil else {
                throw HistoryStoreError(
                    "cannot replay \(entry.id): its body held a secret, which the history keeps masked; "
                        + "send the endpoint again instead")
            }
            request.body = .bytes(data, contentType: type)
        case .multipart:
            throw HistoryStoreError(
                "cannot replay \(entry.id): its multipart body was not kept in the history (its parts may be files); "
                    + "send the endpoint again instead")
        default:
            request.body = entry.request.body
        }
        return request
    }
}

import ExplorerCore
import ExplorerHistory
import Foundation

/// The Request tab's lines: the request line, every header field as it went on the wire (the core's
/// `PreparedRequest.headersOnTheWire`, the list `apix run --json` shows, libcurl's own fields included), a blank
/// line and the body, or what it was when it is not text (its size, its file). Secrets masked, and in clear for
/// `V`. Built by the runtime once the request is sent (a file body's size is read from the disk).
package struct ShownRequest: Sendable {
    /// The request with secrets masked, and in clear.
    let maskedRequest: PreparedRequest
    let revealedRequest: PreparedRequest
    let masked: [String]
    let revealed: [String]

    /// Body lines shown at most; the rest is counted.
    static let maxBodyLines = 5_000

    /// `sent`: the request that went (its body sets `Content-Length` and the multipart boundary).
    init(masked: PreparedRequest, revealed: PreparedRequest, sent: PreparedRequest) {
        maskedRequest = masked
        revealedRequest = revealed
        self.masked = Self.lines(masked, sent: sent, jarCookie: sent.jarCookie.map(RequestCookies.masked))
        self.revealed = Self.lines(revealed, sent: sent, jarCookie: sent.jarCookie)
    }

    /// The lines as given (a WebSocket upgrade's, read from the head it wrote).
    private init(masked: PreparedRequest, revealed: PreparedRequest, maskedLines: [String], revealedLines: [String]) {
        maskedRequest = masked
        revealedRequest = revealed
        self.masked = maskedLines
        self.revealed = revealedLines
    }

    /// A WebSocket session's Request tab once it opened: the upgrade as it was written (`head`), each field in the
    /// head's order; masked as the history keeps it (`HistoryRecording.handshakeHeaders`), in clear for `V`.
    func upgrade(head: String) -> ShownRequest {
        var shown = maskedRequest
        shown.headers = HistoryRecording.handshakeHeaders(shown: maskedRequest.headers, head: head)
        var clear = revealedRequest
        clear.headers = HistoryRecording.headFields(head)
        func lines(_ request: PreparedRequest, url: String) -> [String] {
            ["GET \(url)"] + request.headers.map { "\($0.name): \($0.value)" }
        }
        return ShownRequest(
            masked: shown, revealed: clear,
            maskedLines: lines(shown, url: WebSocketConnection.shownURL(CredentialPresentation.readable(shown.url))),
            revealedLines: lines(clear, url: WebSocketConnection.shownURL(clear.url)))
    }

    /// The Request tab of an exchange the runtime sent (`sent`: the request that went): the revealed form gets the
    /// credential at hand (an OAuth2 token too, when one is held; else it keeps the masked one).
    static func make(_ plan: ExchangePlan, sent: PreparedRequest, auth: (any AuthProvider)?) async -> ShownRequest {
        let masked = plan.masked.request
        var revealed = (try? plan.shown(.revealed).request) ?? masked
        if let auth, let bare = try? plan.shown(.revealed, withCredential: false).request,
            let current = await auth.currentCredentials(on: bare, auth: plan.auth, key: plan.authKey)
        {
            revealed = current
        }
        return ShownRequest(masked: masked, revealed: revealed, sent: sent)
    }

    func lines(revealed: Bool) -> [String] { revealed ? self.revealed : masked }

    /// The URL as the Request tab shows it.
    func url(revealed: Bool) -> String {
        revealed ? revealedRequest.url : CredentialPresentation.readable(maskedRequest.url)
    }

    /// `GET URL`, `Name: value` per wire field (`jarCookie`: the jar's `Cookie` as shown), then a blank line and the
    /// body when there is one.
    static func lines(_ shown: PreparedRequest, sent: PreparedRequest, jarCookie: String? = nil) -> [String] {
        var lines = ["\(shown.method.rawValue) \(CredentialPresentation.readable(shown.url))"]
        let wire = shown.headersOnTheWire(sentBody: sent.body, jarCookie: jarCookie)
        lines += wire.map { "\($0.name): \($0.value)" }
        let size = wire["Content-Length"].flatMap { Int64($0) }
        let sizeText = size.map { Units.bytes($0) } ?? "size unknown"
        switch shown.body {
        case .none:
            return lines
        case .bytes(let data, _):
            lines.append("")
            if data.isEmpty { return lines }
            guard !data.contains(0), let text = String(data: data, encoding: .utf8) else {
                return lines + ["(\(sizeText) of binary data)"]
            }
            var body = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if body.count > maxBodyLines {
                let more = body.count - maxBodyLines
                body = Array(body.prefix(maxBodyLines)) + ["(\(more) more lines)"]
            }
            return lines + body
        case .file(let path, _):
            return lines + ["", "(\(sizeText) from the file \(path))"]
        case .multipart(let multipart):
            lines += ["", "(multipart body, \(sizeText) in \(multipart.parts.count) parts)"]
            for part in multipart.parts {
                switch part.content {
                case .text(let value): lines.append("  \(part.name) = \(value)")
                case .file(let path, _, _): lines.append("  \(part.name) = the file \(path)")
                }
            }
            return lines
        }
    }
}

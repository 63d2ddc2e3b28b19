import Foundation

/// The opening handshake (RFC 6455 §4): the upgrade request apix writes, and the checks of the server's answer.
package struct WebSocketHandshake: Sendable {
    /// Why a handshake did not open a session, in one line.
    package enum Failure: Error, Sendable, Equatable {
        /// Not `101 Switching Protocols` (a 401, a redirect, a plain HTTP server): the status and reason.
        case status(Int, String)
        /// A 101 missing what §4.1 requires (Upgrade, Connection, the right Sec-WebSocket-Accept).
        case invalidAnswer(String)
        /// A subprotocol apix did not offer.
        case subprotocolRefused(String)
        /// An extension or parameter apix did not offer or cannot accept.
        case extensionRefused(String)

        package var message: String {
            switch self {
            case .status(let code, let reason): "the server answered \(code) \(reason), not 101 Switching Protocols"
            case .invalidAnswer(let why): "the server's upgrade answer is invalid: \(why)"
            case .subprotocolRefused(let name): "the server chose a subprotocol apix did not offer: \(name)"
            case .extensionRefused(let why): why
            }
        }
    }

    /// What the handshake agreed.
    package struct Agreement: Sendable, Equatable {
        /// The subprotocol the server chose, if any.
        package var subprotocol: String?
        /// `permessage-deflate`'s parameters when the server accepted it.
        package var deflate: PerMessageDeflate?
    }

    /// The `Sec-WebSocket-Key`: 16 random bytes in base64 (§4.1, step 7).
    package let key: String
    package let subprotocols: [String]
    package let offersDeflate: Bool

    package init(key: String = WebSocketHandshake.newKey(), subprotocols: [String] = [], offersDeflate: Bool = true) {
        self.key = key
        self.subprotocols = subprotocols
        self.offersDeflate = offersDeflate
    }

    /// A fresh key (a nonce: from the system's generator).
    package static func newKey() -> String {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }).base64EncodedString()
    }

    /// The `Sec-WebSocket-Accept` a server must answer `key` with (§4.2.2, step 5.4).
    package static func accept(for key: String) -> String {
        Data(SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
    }

    /// The fields the handshake adds to the request's own (§4.1): Upgrade, Connection, the key, the version, the
    /// subprotocols and the extension offer. Added after the request's headers; a request header of the same name
    /// is replaced (a profile cannot break the handshake by accident).
    package var fields: HTTPHeaders {
        var fields = HTTPHeaders()
        fields.add("Upgrade", "websocket")
        fields.add("Connection", "Upgrade")
        fields.add("Sec-WebSocket-Key", key)
        fields.add("Sec-WebSocket-Version", "13")
        if !subprotocols.isEmpty { fields.add("Sec-WebSocket-Protocol", subprotocols.joined(separator: ", ")) }
        if offersDeflate { fields.add("Sec-WebSocket-Extensions", PerMessageDeflate.offer) }
        return fields
    }

    /// The request head to write on the connection: `GET path HTTP/1.1`, `Host`, then `headers` (the request's,
    /// with the handshake's `fields` in place of any of the same name) and `cookie`, the one `Cookie` field (the jar's
    /// cookies and the request's own, `PreparedRequest.cookieField`).
    package func requestHead(url: URLComponents, headers: HTTPHeaders, cookie: String? = nil) -> String {
        var target = url.percentEncodedPath.isEmpty ? "/" : url.percentEncodedPath
        if let query = url.percentEncodedQuery { target += "?" + query }
        var all = HTTPHeaders()
        if !headers.contains("Host") { all.add("Host", Self.host(of: url)) }
        for field in headers where !fields.contains(field.name) && !field.value.isEmpty {
            all.add(field.name, field.value)
        }
        if let cookie, !cookie.isEmpty { all.add("Cookie", cookie) }
        for field in fields { all.add(field.name, field.value) }
        var head = "GET \(target) HTTP/1.1\r\n"
        for field in all { head += "\(field.name): \(field.value)\r\n" }
        return head + "\r\n"
    }

    /// `host[:port]`, the port only when it is not the scheme's default (80 for ws, 443 for wss).
    static func host(of url: URLComponents) -> String {
        let host = url.percentEncodedHost ?? ""
        let shown = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        let scheme = url.scheme?.lowercased()
        guard let port = url.port, !((scheme == "ws" || scheme == "http") && port == 80),
            !((scheme == "wss" || scheme == "https") && port == 443)
        else { return shown }
        return "\(shown):\(port)"
    }

    /// Checks the server's answer (§4.1, the client's five checks after "If the status code received from the
    /// server is not 101").
    package func check(status: Int, reason: String, headers: HTTPHeaders) -> Result<Agreement, Failure> {
        guard status == 101 else { return .failure(.status(status, reason)) }
        guard headers["Upgrade"]?.trimmingCharacters(in: .whitespaces).lowercased() == "websocket" else {
            return .failure(.invalidAnswer("no Upgrade: websocket"))
        }
        let connection = headers.values(for: "Connection").flatMap { $0.split(separator: ",") }
        guard connection.contains(where: { $0.trimmingCharacters(in: .whitespaces).lowercased() == "upgrade" }) else {
            return .failure(.invalidAnswer("no Connection: Upgrade"))
        }
        guard headers["Sec-WebSocket-Accept"]?.trimmingCharacters(in: .whitespaces) == Self.accept(for: key) else {
            return .failure(.invalidAnswer("Sec-WebSocket-Accept does not match the key"))
        }
        var agreement = Agreement()
        if let chosen = headers["Sec-WebSocket-Protocol"]?.trimmingCharacters(in: .whitespaces), !chosen.isEmpty {
            guard subprotocols.contains(chosen) else { return .failure(.subprotocolRefused(chosen)) }
            agreement.subprotocol = chosen
        }
        let extensions = headers.values(for: "Sec-WebSocket-Extensions").joined(separator: ", ")
        if !extensions.isEmpty && !offersDeflate {
            return .failure(.extensionRefused("the server chose an extension apix did not offer: \(extensions)"))
        }
        switch PerMessageDeflate.accept(extensions.isEmpty ? nil : extensions) {
        case .success(let deflate): agreement.deflate = deflate
        case .failure(let failure): return .failure(failure)
        }
        return .success(agreement)
    }
}

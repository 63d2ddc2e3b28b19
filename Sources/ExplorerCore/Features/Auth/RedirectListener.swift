import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where a browser login's redirect arrives (RFC 8252 section 7.3): one TCP socket on 127.0.0.1 only, plain POSIX
/// (apix links no server stack), open for one login. `receive` takes connections until one asks for the redirect
/// path, answers it with a short page that holds no token, code or server text, and returns what its query said;
/// other paths (a browser's `/favicon.ico`) get a 404 and the wait goes on. Each connection is read for at most
/// 5 s and 16 KiB; the whole wait ends at the deadline. With `--no-browser` the redirected URL may be pasted on
/// stdin instead (the same check applies).
package final class RedirectListener: Sendable {
    /// A loopback redirect URI taken apart: `http://127.0.0.1[:port]/path` (no port: any free one).
    package struct Address: Sendable, Equatable {
        package var port: Int
        package var path: String

        /// The default: `http://127.0.0.1:{free port}/callback`.
        package static let standard = Address(port: 0, path: "/callback")

        package init(port: Int, path: String) {
            self.port = port
            self.path = path
        }

        /// `uri` read as a loopback redirect URI, or what is wrong with it.
        package init(_ uri: String) throws(AuthError) {
            if let problem = Self.problem(uri) { throw AuthError(.missingSetting("`redirect_uri` \(problem)")) }
            // By scalars, not `Character`s: a prepended mark (U+0602) and the "?" after it are one `Character`, so
            // the query would have stayed in the path (found by the OAuthRedirect fuzz target).
            let rest = uri.unicodeScalars.dropFirst("http://127.0.0.1".count)
            let slash = rest.firstIndex(of: "/") ?? rest.endIndex
            port = rest.first == ":" ? Int(String(rest[rest.index(after: rest.startIndex)..<slash])) ?? 0 : 0
            let path = rest[slash...].prefix { $0 != "?" && $0 != "#" }
            self.path = path.isEmpty ? "/" : String(path)
        }

        /// Why `uri` cannot be where apix listens, or nil: it must be `http://127.0.0.1`, an optional port, a path.
        package static func problem(_ uri: String) -> String? {
            let why =
                "must be http://127.0.0.1:PORT/PATH (apix listens on 127.0.0.1 only, RFC 8252 section 7.3; leave it "
                + "out for http://127.0.0.1:{free port}/callback), got \"\(uri)\""
            guard uri.hasPrefix("http://127.0.0.1") else { return why }
            let rest = uri.dropFirst("http://127.0.0.1".count)
            guard rest.isEmpty || rest.hasPrefix("/") || rest.hasPrefix(":") else { return why }
            if rest.hasPrefix(":") {
                let digits = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
                guard let port = Int(digits), (1...65535).contains(port) else { return why }
                let after = rest.dropFirst(1 + digits.count)
                guard after.isEmpty || after.hasPrefix("/") else { return why }
            }
            return nil
        }
    }

    /// Bytes of one request head read at most.
    static let maxRequest = 16 * 1024
    /// How long one connection may take to send its request.
    static let connectionTimeout: Duration = .seconds(5)

    private let socket: Int32
    package let port: Int
    package let path: String

    /// The redirect URI this listener answers: `http://127.0.0.1:PORT/path`.
    package var redirectURI: String { "http://127.0.0.1:\(port)\(path)" }

    /// Listens on 127.0.0.1 at `address` (port 0: a free one).
    package init(_ address: Address) throws(AuthError) {
        // Close-on-exec: the browser apix starts next must not inherit the listening socket.
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw Self.failure("cannot open a socket", port: address.port) }
        var one: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var bound = sockaddr_in()
        bound.sin_family = sa_family_t(AF_INET)
        bound.sin_addr.s_addr = inet_addr("127.0.0.1")
        bound.sin_port = UInt16(address.port).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &bound) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(socket, pointer, length) == 0 && listen(socket, 8) == 0
                    && getsockname(socket, pointer, &length) == 0
            }
        }
        guard ready else {
            let error = Self.failure("cannot listen", port: address.port)
            close(socket)
            throw error
        }
        self.socket = socket
        port = Int(UInt16(bigEndian: bound.sin_port))
        path = address.path
    }

    deinit {
        close(socket)
    }

    private static func failure(_ what: String, port: Int) -> AuthError {
        AuthError(.authorization("\(what) on 127.0.0.1:\(port) for the redirect: \(String(cString: strerror(errno)))"))
    }

    // MARK: - Waiting

    /// Blocks (call it on a thread of its own) until a redirect to `path` arrives, a line is pasted on `pasted`
    /// (a descriptor, stdin), `deadline` passes or `cancelled()` says so; `check` reads the redirect's target or
    /// the pasted line.
    package func receive(
        until deadline: ContinuousClock.Instant, pasted: Int32?, timeout: Duration,
        cancelled: () -> Bool, check: (String) -> Result<AuthorizationCode, AuthError>
    ) -> Result<AuthorizationCode, AuthError> {
        var input = pasted
        var line: [UInt8] = []
        while true {
            if cancelled() { return .failure(AuthError(.cancelled)) }
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else {
                return .failure(
                    AuthError(
                        .authorization(
                            "no redirect to \(redirectURI) within \(timeout.components.seconds) s (--timeout); nothing "
                                + "stored")))
            }
            var descriptors = [pollfd(fd: socket, events: Int16(POLLIN), revents: 0)]
            if let input { descriptors.append(pollfd(fd: input, events: Int16(POLLIN), revents: 0)) }
            // A short poll, so cancellation is seen within 200 ms.
            let milliseconds = left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
            let wait = Int32(min(200, max(1, milliseconds)))
            guard poll(&descriptors, nfds_t(descriptors.count), wait) > 0 else { continue }
            if let descriptor = input, descriptors.count > 1, descriptors[1].revents != 0 {
                var buffer = [UInt8](repeating: 0, count: 4096)
                let count = read(descriptor, &buffer, buffer.count)
                if count <= 0 {
                    input = nil  // stdin ended: the browser's redirect may still come
                } else {
                    line += buffer[..<count]
                    if line.count > Self.maxRequest { line.removeAll() }
                    while let end = line.firstIndex(of: UInt8(ascii: "\n")) {
                        let text = String(decoding: line[..<end], as: UTF8.self)
                        line.removeSubrange(...end)
                        if !text.trimmingCharacters(in: .whitespaces).isEmpty { return check(text) }
                    }
                }
            }
            if descriptors[0].revents & Int16(POLLIN) != 0 {
                let client = accept(socket, nil, nil)
                guard client >= 0 else { continue }
                _ = fcntl(client, F_SETFD, FD_CLOEXEC)
                defer { close(client) }
                if let result = answer(client, check: check) { return result }
            }
        }
    }

    /// Reads one request from `client` and answers it: the redirect's result for the redirect path, nil (after a
    /// 404) for anything else or a request that never completes.
    private func answer(_ client: Int32, check: (String) -> Result<AuthorizationCode, AuthError>)
        -> Result<AuthorizationCode, AuthError>?
    {
        guard let head = readHead(client) else { return nil }
        let target: String
        switch Self.request(head, path: path) {
        case .redirect(let redirect): target = redirect
        case .wrongMethod:
            write(client, status: "405 Method Not Allowed", page: "Not here.")
            return nil
        case .otherPath:
            write(client, status: "404 Not Found", page: "Not here.")
            return nil
        }
        let result = check(target)
        switch result {
        case .success:
            write(client, status: "200 OK", page: "Signed in. You can close this tab and return to apix.")
        case .failure:
            write(
                client, status: "400 Bad Request",
                page: "The sign-in did not complete; apix says why in the terminal. You can close this tab.")
        }
        return result
    }

    /// What a request head asks of a listener waiting on `path`.
    package enum Request: Sendable, Equatable {
        /// A GET of the redirect path: its target (the path and query the browser sent), for the check.
        case redirect(String)
        /// Not a GET (answered 405).
        case wrongMethod
        /// A GET of another path, a browser's `/favicon.ico` say (answered 404).
        case otherPath
    }

    /// The request line of `head` (the request as read, up to its blank line) taken apart. By scalars, not
    /// characters: "\r\n" is one `Character`, neither "\r" nor "\n", so a line cut at either would run on into the
    /// next line (and a request line without a version would carry the headers into the target).
    package static func request(_ head: String, path: String) -> Request {
        let requestLine = head.unicodeScalars.prefix { $0 != "\r" && $0 != "\n" }.split(separator: " ")
            .map { String(String.UnicodeScalarView($0)) }
        guard requestLine.count >= 2, requestLine[0] == "GET" else { return .wrongMethod }
        let target = requestLine[1]
        guard String(String.UnicodeScalarView(target.unicodeScalars.prefix { $0 != "?" })) == path else {
            return .otherPath
        }
        return .redirect(target)
    }

    /// The request head (up to the blank line), within `maxRequest` bytes and `connectionTimeout`.
    private func readHead(_ client: Int32) -> String? {
        let deadline = ContinuousClock.now + Self.connectionTimeout
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count < Self.maxRequest {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return nil }
            var descriptor = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) >= 0 else { return nil }
            guard descriptor.revents != 0 else { continue }
            let count = read(client, &buffer, min(buffer.count, Self.maxRequest - bytes.count))
            guard count > 0 else { return nil }
            bytes += buffer[..<count]
            let text = String(decoding: bytes, as: UTF8.self)
            if text.contains("\r\n\r\n") || text.contains("\n\n") { return text }
        }
        return nil
    }

    /// A complete answer with a fixed page: no server or redirect text in it, never cached, connection closed.
    private func write(_ client: Int32, status: String, page: String) {
        let body =
            "<!doctype html><meta charset=\"utf-8\"><title>apix</title><p style=\"font-family:sans-serif\">\(page)</p>\n"
        let response =
            "HTTP/1.1 \(status)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\n"
            + "Cache-Control: no-store\r\nReferrer-Policy: no-referrer\r\nConnection: close\r\n\r\n" + body
        var bytes = Array(response.utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeMutableBytes {
                send(client, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { return }
            offset += sent
        }
    }
}

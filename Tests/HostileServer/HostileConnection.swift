import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One accepted connection, as a route sees it: the request's path, raw writes that report a client gone (or the
/// server stopped), a reset instead of a close, and waiting for a client that will not hang up by itself.
public final class HostileConnection: @unchecked Sendable {
    // @unchecked: used only by the one thread that serves the connection.
    let socket: Int32
    private let server: HostileServer
    private(set) var wasReset = false
    /// The request target, as sent (`/path?query`).
    public private(set) var path = ""
    /// The request head, as sent (for the WebSocket routes: `Sec-WebSocket-Key`, the extensions offered).
    public private(set) var head = ""

    init(socket: Int32, server: HostileServer) {
        self.socket = socket
        self.server = server
    }

    /// The server's own address, for redirects back to it.
    public var baseURL: String { server.baseURL }

    /// Reads up to the end of the request head (bodies are not read) and returns the request target.
    func readRequestHead() -> String? {
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while head.count < 1 << 20 {
            let count = read(socket, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            head.append(contentsOf: buffer[0..<count])
            if let end = head.firstRange(of: [13, 10, 13, 10]) {
                self.head = String(decoding: head[..<end.lowerBound], as: UTF8.self)
                let line = head[..<end.lowerBound].split(separator: 10).first ?? []
                let parts = String(decoding: line, as: UTF8.self).split(separator: " ")
                path = parts.count > 1 ? String(parts[1]) : "/"
                return path
            }
        }
        return nil
    }

    /// Writes every byte; false when the client went away or the server stopped (never a SIGPIPE).
    @discardableResult
    public func write(_ bytes: some Collection<UInt8>) -> Bool {
        guard !server.isStopped else { return false }
        let array = Array(bytes)
        var offset = 0
        while offset < array.count {
            let sent = array.withUnsafeBytes { buffer in
                send(socket, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent < 0, errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    @discardableResult
    public func write(_ text: String) -> Bool { write(Array(text.utf8)) }

    /// Sleeps in small steps; false when the server stopped meanwhile.
    public func pause(milliseconds: Int) -> Bool {
        var left = milliseconds
        while left > 0 {
            guard !server.isStopped else { return false }
            usleep(UInt32(min(left, 20)) * 1000)
            left -= 20
        }
        return !server.isStopped
    }

    /// Ends the connection with a TCP reset (SO_LINGER 0), not an orderly close.
    public func reset() {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(socket, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        close(socket)
        wasReset = true
    }

    /// Blocks until the client closes its side or the server stops: a server that accepts and never answers.
    public func waitForClientToLeave() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(socket, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            if count <= 0 || server.isStopped { return }
        }
    }
}

/// What a route does with a connection.
public struct HostileRoute: Sendable {
    let respond: @Sendable (HostileConnection) -> Void

    public init(_ respond: @escaping @Sendable (HostileConnection) -> Void) {
        self.respond = respond
    }

    /// A fixed answer: `head` (lines without their CRLFs; the empty line is added), then `body`, then close.
    public static func fixed(_ head: [String], body: some Collection<UInt8> & Sendable) -> HostileRoute {
        let bytes = Array((head.joined(separator: "\r\n") + "\r\n\r\n").utf8) + Array(body)
        return HostileRoute { $0.write(bytes) }
    }

    public static func fixed(_ head: [String], body: String = "") -> HostileRoute {
        fixed(head, body: Array(body.utf8))
    }
}

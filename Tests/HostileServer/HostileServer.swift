import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A deliberately broken HTTP server for tests: raw sockets on 127.0.0.1 (any free port), so a route can send
/// anything (no head at all, a 10 MB header line, a lying Content-Length, a reset mid-body), which no HTTP
/// framework would. Each connection gets its own thread; the route behind the request's path writes the answer.
/// `stop()` closes the listener and every open connection, which ends routes that never finish: always call it
/// (the accepting thread keeps the server alive until then).
public final class HostileServer: Sendable {
    public let port: Int
    private let listener: Int32
    private let routes: [String: HostileRoute]
    private let state = Mutex(State())

    private struct State {
        var stopped = false
        var clients: Set<Int32> = []
    }

    /// Starts listening; `routes` are looked up by the request's path without its query (`/reason-escapes`).
    public init(routes: [String: HostileRoute] = HostileRoutes.all) throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) }
        }
        guard bound == 0, listen(socket, 64) == 0 else {
            close(socket)
            throw POSIXError(.EADDRINUSE)
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        listener = socket
        port = Int(UInt16(bigEndian: address.sin_port))
        self.routes = routes
        let server = self
        Thread { server.acceptLoop() }.start()
    }

    /// `http://127.0.0.1:PORT`
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Closes the listener and every connection still open; routes still writing see their writes fail.
    public func stop() {
        let clients = state.withLock { state -> Set<Int32> in
            guard !state.stopped else { return [] }
            state.stopped = true
            return state.clients
        }
        // shutdown wakes a thread blocked in accept or read on these sockets; the owner closes them.
        Glibc.shutdown(listener, Int32(SHUT_RDWR))
        for client in clients { Glibc.shutdown(client, Int32(SHUT_RDWR)) }
    }

    var isStopped: Bool { state.withLock { $0.stopped } }

    private func acceptLoop() {
        defer { close(listener) }
        while !isStopped {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            let admitted = state.withLock { state -> Bool in
                guard !state.stopped else { return false }
                state.clients.insert(client)
                return true
            }
            guard admitted else {
                close(client)
                return
            }
            let server = self
            Thread { server.serve(client) }.start()
        }
    }

    private func serve(_ client: Int32) {
        let connection = HostileConnection(socket: client, server: self)
        defer {
            _ = state.withLock { $0.clients.remove(client) }
            if !connection.wasReset { close(client) }
        }
        guard let path = connection.readRequestHead() else { return }
        let route = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path
        guard let handler = routes[route] else {
            _ = connection.write("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            return
        }
        handler.respond(connection)
    }
}

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A deliberately tiny HTTP/1.1 client over a plain TCP socket, so tests see exactly what went over the wire
/// (no automatic redirects, decompression or header rewriting) and can send any Host header.
///
/// Socket calls block, so each request runs on its own thread: blocking the cooperative pool (two threads on a
/// two-core machine) could starve the server under test, whose handlers run there too.
enum RawHTTPClient {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Sends one request with `Connection: close` and reads the whole reply.
    static func send(
        port: Int,
        method: String = "GET",
        path: String,
        headers: [(String, String)] = [],
        body: [UInt8] = [],
        host: String? = nil
    ) async throws -> HTTPReply {
        try await onThread {
            let connection = try RawConnection(port: port)
            defer { connection.close() }
            try connection.sendRequest(
                method: method,
                path: path,
                headers: headers + [("Connection", "close")],
                body: body,
                host: host ?? "127.0.0.1:\(port)"
            )
            return try HTTPReply(parsing: connection.readToEnd(), method: method)
        }
    }

    /// Runs blocking `body` on a new thread and returns its result.
    static func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try body() })
            }
            thread.start()
        }
    }
}

/// One blocking TCP connection to 127.0.0.1.
final class RawConnection: Sendable {
    let descriptor: Int32

    init(port: Int, receiveTimeout: Int = 60) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw RawHTTPClient.Failure(description: "socket() failed") }
        var timeout = timeval(tv_sec: receiveTimeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            Glibc.close(descriptor)
            throw RawHTTPClient.Failure(description: "connect() to port \(port) failed: errno \(errno)")
        }
        self.descriptor = descriptor
    }

    func close() {
        Glibc.close(descriptor)
    }

    func sendRequest(method: String, path: String, headers: [(String, String)], body: [UInt8], host: String) throws {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host)\r\n"
        for (name, value) in headers {
            head += "\(name): \(value)\r\n"
        }
        if !body.isEmpty || ["POST", "PUT", "PATCH"].contains(method) {
            head += "Content-Length: \(body.count)\r\n"
        }
        head += "\r\n"
        try sendAll(Array(head.utf8) + body)
    }

    func sendAll(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { throw RawHTTPClient.Failure(description: "send() failed: errno \(errno)") }
            offset += sent
        }
    }

    /// Reads until the peer closes the connection (or the receive timeout passes, which throws).
    func readToEnd() throws -> [UInt8] {
        var received: [UInt8] = []
        while let chunk = try readChunk() {
            received += chunk
        }
        return received
    }

    /// Reads until at least `count` bytes have arrived in total or the peer closes.
    func read(atLeast count: Int) throws -> [UInt8] {
        var received: [UInt8] = []
        while received.count < count, let chunk = try readChunk() {
            received += chunk
        }
        return received
    }

    /// The next bytes available, or `nil` at end of stream.
    func readChunk() throws -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 256 << 10)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count == 0 { return nil }
        guard count > 0 else { throw RawHTTPClient.Failure(description: "recv() failed: errno \(errno)") }
        return Array(buffer[..<count])
    }
}

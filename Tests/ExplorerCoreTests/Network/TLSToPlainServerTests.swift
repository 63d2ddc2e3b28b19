import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// `https://` to a server that speaks plain HTTP on that port (a common slip with local servers): the failure says
/// so first, instead of OpenSSL's "wrong version number" alone.
@Suite("TLS to a plain HTTP server")
struct TLSToPlainServerTests {
    @Test("https:// to a plain HTTP server's port: one line that says it may be plain HTTP; curl's code 35")
    func plainServer() async throws {
        let server = try PlainAnswer()
        defer { server.stop() }
        let result = await Client(transport: CurlTransport()).send(
            PreparedRequest(url: "https://127.0.0.1:\(server.port)/todos/1"))
        guard case .failure(let error) = result else {
            Issue.record("an answer came over TLS from a plain server")
            return
        }
        #expect(error.message.hasPrefix("TLS: the server did not answer in TLS: it may speak plain HTTP"), "\(error)")
        #expect(error.exitCode == 35)
    }

    @Test("OpenSSL's and LibreSSL's words for bytes that are not TLS are read as a plain server; others are not")
    func words() {
        let options = TransferOptions()
        for message in [
            "error:0A00010B:SSL routines::wrong version number", "packet length too long", "unknown protocol",
        ] {
            #expect(TLSFailure(curlCode: 35, message: message, options: options).side == .notTLS, "\(message)")
        }
        #expect(TLSFailure(curlCode: 35, message: "sslv3 alert handshake failure", options: options).side != .notTLS)
    }
}

/// A server that answers whatever comes first with a plain HTTP 400, as a plain HTTP server (nginx, werkzeug) does
/// when a TLS handshake arrives: one connection at a time, on a thread, until `stop`.
final class PlainAnswer: Sendable {
    let port: Int
    private let listener: Int32

    init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) }
        }
        guard listener >= 0, bound == 0, listen(listener, 8) == 0 else { throw POSIXError(.EADDRINUSE) }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread {
            // Bounded: at most 16 connections, each read once.
            for _ in 0..<16 {
                let client = accept(listener, nil, nil)
                guard client >= 0 else { return }
                var buffer = [UInt8](repeating: 0, count: 4096)
                _ = read(client, &buffer, buffer.count)
                let answer = Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
                _ = write(client, answer, answer.count)
                close(client)
            }
        }.start()
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }
}

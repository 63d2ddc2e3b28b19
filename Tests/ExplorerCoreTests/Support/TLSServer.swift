import Foundation
import TestSupport

/// A throwaway HTTPS server on 127.0.0.1 with a self-signed certificate made by `openssl` at test time
/// (Python's `ssl` module serves it), for TLS verification tests. Stopped on `stop()` or deinit.
final class TLSServer {
    let port: Int
    let certificatePath: String
    private let process: Process
    private let directory: TemporaryDirectory

    static let script = """
        import http.server, ssl, sys
        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                body = b'{"tls": true}'
                self.send_response(200)
                self.send_header('Content-Type', 'application/json')
                self.send_header('Content-Length', str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            def log_message(self, *args):
                pass
        server = http.server.HTTPServer(('127.0.0.1', 0), Handler)
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(sys.argv[1], sys.argv[2])
        server.socket = context.wrap_socket(server.socket, server_side=True)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """

    init() async throws {
        directory = try TemporaryDirectory()
        certificatePath = directory.file("cert.pem")
        let key = directory.file("key.pem")
        try Self.runToEnd(
            "/usr/bin/env",
            [
                "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                "-keyout", key, "-out", certificatePath, "-days", "1", "-subj", "/CN=127.0.0.1",
                "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
            ])
        let script = try directory.write("server.py", Self.script)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, certificatePath, key]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Read the port on a plain thread: blocking reads must stay off the cooperative pool.
        let line = await withCheckedContinuation { continuation in
            Thread {
                var bytes = Data()
                while let byte = try? output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty,
                    byte != Data("\n".utf8)
                {
                    bytes.append(byte)
                }
                continuation.resume(returning: String(decoding: bytes, as: UTF8.self))
            }.start()
        }
        guard let port = Int(line) else {
            process.terminate()
            throw CocoaError(.fileReadCorruptFile)
        }
        self.port = port
    }

    deinit {
        stop()
    }

    /// SIGKILL, not SIGTERM: the child inherits the signal mask of the test runner's thread that started it, where
    /// SIGTERM is blocked, so a polite stop would leave the server running after the tests.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    static func runToEnd(_ tool: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
    }
}

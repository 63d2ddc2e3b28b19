import Foundation
import TestSupport

/// A forward proxy on 127.0.0.1 (port 0) that records what passes through it: one line per request,
/// `METHOD TARGET PROXY-AUTHORIZATION` (`CONNECT host:port` for tunnels, an absolute URL for plain HTTP). With
/// `requiring`, requests without that `Proxy-Authorization` value get a 407.
final class RecordingProxy {
    let port: Int
    private let child: ChildServer
    private let directory: TemporaryDirectory
    private let log: String

    static let script = #"""
        import select, socket, sys, threading
        from urllib.parse import urlsplit
        log = open(sys.argv[1], 'a', buffering=1)
        required = sys.argv[2] if len(sys.argv) > 2 else None
        server = socket.socket()
        server.bind(('127.0.0.1', 0))
        server.listen(32)
        print(server.getsockname()[1], flush=True)
        def pipe(a, b):
            while True:
                ready, _, _ = select.select([a, b], [], [], 30)
                if not ready:
                    return
                for s in ready:
                    data = s.recv(65536)
                    if not data:
                        return
                    (b if s is a else a).sendall(data)
        def handle(client):
            try:
                buffer = b''
                while b'\r\n\r\n' not in buffer:
                    data = client.recv(65536)
                    if not data:
                        return
                    buffer += data
                head, rest = buffer.split(b'\r\n\r\n', 1)
                lines = head.decode('latin-1').split('\r\n')
                method, target, version = lines[0].split(' ', 2)
                auth = ''
                for line in lines[1:]:
                    if line.lower().startswith('proxy-authorization:'):
                        auth = line.split(':', 1)[1].strip()
                log.write(f'{method} {target} {auth}\n')
                if required is not None and auth != required:
                    client.sendall(b'HTTP/1.1 407 Proxy Authentication Required\r\n'
                                   b'Proxy-Authenticate: Basic realm="test"\r\nContent-Length: 0\r\n\r\n')
                    return
                if method == 'CONNECT':
                    host, port = target.rsplit(':', 1)
                    upstream = socket.create_connection((host, int(port)))
                    client.sendall(b'HTTP/1.1 200 Connection established\r\n\r\n')
                    if rest:
                        upstream.sendall(rest)
                    pipe(client, upstream)
                else:
                    parts = urlsplit(target)
                    upstream = socket.create_connection((parts.hostname, parts.port or 80))
                    path = (parts.path or '/') + ('?' + parts.query if parts.query else '')
                    kept = [l for l in lines[1:] if not l.lower().startswith(('proxy-', 'connection:'))]
                    request = f'{method} {path} {version}\r\n' + '\r\n'.join(kept + ['Connection: close'])
                    upstream.sendall(request.encode('latin-1') + b'\r\n\r\n' + rest)
                    pipe(client, upstream)
            except OSError:
                pass
            finally:
                client.close()
        while True:
            connection, _ = server.accept()
            threading.Thread(target=handle, args=(connection,), daemon=True).start()
        """#

    init(requiring authorization: String? = nil) async throws {
        directory = try TemporaryDirectory()
        log = directory.file("requests.log")
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        let script = try directory.write("proxy.py", Self.script)
        let output = Pipe()
        child = try ChildServer(["python3", script, log] + (authorization.map { [$0] } ?? []), output: output)
        guard let port = Int(await ChildServer.line(from: output)) else {
            child.stop()
            throw CocoaError(.fileReadCorruptFile)
        }
        self.port = port
    }

    var url: String { "http://127.0.0.1:\(port)" }

    /// The requests recorded so far, one line each.
    var requests: [String] {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    func stop() {
        child.stop()
    }
}

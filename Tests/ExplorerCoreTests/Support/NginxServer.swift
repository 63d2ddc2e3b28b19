import Foundation
import TestSupport

/// nginx (Debian's nginx-light) on 127.0.0.1 with HTTP/2 over TLS (`tlsPort`, ALPN) and HTTP/2 with prior
/// knowledge in clear text (`h2cPort`), its certificate signed by `certificates`' CA. `/` answers
/// `{"protocol": …, "connection": N}`; `/slow` waits 1 s first (the echo module), so requests overlap.
final class NginxServer {
    let tlsPort: Int
    let h2cPort: Int
    let certificates: TestCertificates
    private let child: ChildServer
    private let directory: TemporaryDirectory

    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/sbin/nginx") }

    /// Starts nginx; when it exits before it listens (a port taken between choosing it and nginx binding it), again
    /// on other ports, three times at most.
    init() async throws {
        certificates = try TestCertificates()
        directory = try TemporaryDirectory()
        var attempt = 1
        while true {
            let ports = try ChildServer.freePorts(2)
            let child = try Self.start(tlsPort: ports[0], h2cPort: ports[1], in: directory, certificates: certificates)
            do {
                try await ChildServer.waitForPort(ports[0], server: child)
                try await ChildServer.waitForPort(ports[1], server: child)
                (tlsPort, h2cPort, self.child) = (ports[0], ports[1], child)
                return
            } catch {
                child.stop()
                let log = (try? String(contentsOfFile: directory.path + "/error.log", encoding: .utf8)) ?? ""
                guard attempt < 3 else { throw NginxError(description: "nginx did not start: \(error)\n\(log)") }
                attempt += 1
            }
        }
    }

    struct NginxError: Error, CustomStringConvertible {
        let description: String
    }

    private static func start(
        tlsPort: Int, h2cPort: Int, in directory: TemporaryDirectory, certificates: TestCertificates
    ) throws -> ChildServer {
        let root = directory.path
        let echo = "/usr/lib/nginx/modules/ngx_http_echo_module.so"
        let body = #"{"protocol":"$server_protocol","connection":$connection}"#
        let configuration = """
            daemon off;
            master_process off;
            worker_processes 1;
            pid \(root)/nginx.pid;
            error_log \(root)/error.log;
            \(FileManager.default.fileExists(atPath: echo) ? "load_module \(echo);" : "")
            events { worker_connections 64; }
            http {
                access_log off;
                client_body_temp_path \(root)/body;
                proxy_temp_path \(root)/proxy;
                fastcgi_temp_path \(root)/fastcgi;
                uwsgi_temp_path \(root)/uwsgi;
                scgi_temp_path \(root)/scgi;
                server {
                    listen 127.0.0.1:\(tlsPort) ssl http2;
                    listen 127.0.0.1:\(h2cPort) http2;
                    ssl_certificate \(certificates.serverCertificate);
                    ssl_certificate_key \(certificates.serverKey);
                    # A session cache, so a client's new connection can resume its TLS session (nginx keeps none by
                    # default and refuses every session ID offered).
                    ssl_session_cache builtin:1000;
                    location / { default_type application/json; return 200 '\(body)'; }
                    location /slow { default_type application/json; echo_sleep 1; echo '\(body)'; }
                }
            }
            """
        let file = try directory.write("nginx.conf", configuration)
        return try ChildServer(["nginx", "-c", file, "-p", root + "/"])
    }

    func stop() {
        child.stop()
    }
}

import Foundation

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

    init() async throws {
        certificates = try TestCertificates()
        directory = try TemporaryDirectory()
        tlsPort = try ChildServer.freePort()
        h2cPort = try ChildServer.freePort()
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
                    location / { default_type application/json; return 200 '\(body)'; }
                    location /slow { default_type application/json; echo_sleep 1; echo '\(body)'; }
                }
            }
            """
        let file = try directory.write("nginx.conf", configuration)
        child = try ChildServer(["nginx", "-c", file, "-p", root + "/"])
        try await ChildServer.waitForPort(tlsPort)
        try await ChildServer.waitForPort(h2cPort)
    }

    func stop() {
        child.stop()
    }
}

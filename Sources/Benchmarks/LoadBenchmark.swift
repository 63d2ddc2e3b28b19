import Foundation

/// Issue 30's load rows: `apix bench -c 32` against the load tools people use, `hey` and `wrk` (Debian's packages),
/// all three sending small GETs to the same nginx on loopback, runs interleaved; and `apix bench`'s own peak RSS at
/// 1,000,000 requests beside its peak at 10,000 (its figures must not grow with the count).
struct LoadBenchmark {
    let options: BenchmarkOptions
    let apix: String
    let scratch: String

    static let connections = 32

    func run() throws -> (rows: [BenchmarkRow], notes: [String]) {
        let tools = ["hey", "wrk", "/usr/sbin/nginx"]
        let missing = tools.filter { (try? Subprocess.run("/bin/sh", ["-c", "command -v \($0)"]).status) != 0 }
        guard missing.isEmpty else {
            let why = "not measured: needs \(missing.joined(separator: ", ")) (`make bench` installs them)"
            let row = BenchmarkRow(
                name: "`apix bench -c \(Self.connections)` against hey and wrk", apix: why, reference: "—", ratio: "—",
                target: "—", met: nil)
            return ([row], [])
        }
        let server = try Nginx(scratch: scratch)
        defer { server.stop() }
        let profiles = scratch + "/load"
        try FileManager.default.createDirectory(atPath: profiles, withIntermediateDirectories: true)
        try """
        name: Load
        default_environment: local
        environments:
          local: { base_url: "\(server.url)" }
        history: false
        endpoints:
          - id: hello
            path: /hello
        """.write(toFile: profiles + "/load.yaml", atomically: true, encoding: .utf8)

        let requests = options.quick ? 2_000 : 20_000
        let seconds = options.quick ? 1 : 5
        let runs = options.quick ? 1 : max(3, min(options.runs, 5))
        let c = "\(Self.connections)"
        let url = server.url + "/hello"
        let bench = [
            "bench", "load", "hello", "-n", "\(requests)", "-c", c, "--json", "--no-tui", "--profiles", profiles,
        ]
        var ours: [Double] = []
        var hey: [Double] = []
        var wrk: [Double] = []
        // One of each first, unmeasured: nginx's and the page cache's first touches.
        _ = try rate(apix, bench, json: true)
        for _ in 0..<runs {
            ours.append(try rate(apix, bench, json: true))
            hey.append(try rate("hey", ["-n", "\(requests)", "-c", c, "-disable-compression", url], json: false))
            wrk.append(try rate("wrk", ["-t", "2", "-c", c, "-d", "\(seconds)s", url], json: false))
        }
        let a = Stats(samples: ours)
        let h = Stats(samples: hey)
        let w = Stats(samples: wrk)
        var rows = [
            BenchmarkRow(
                name: "`apix bench -c \(c)` small GETs to nginx on loopback, requests/s (\(runs) runs of \(requests))",
                apix: Self.format(a), reference: Self.format(h) + " (hey, same count)",
                ratio: BenchmarkFormat.ratio(a.median / h.median), target: "≥ 1.0 × hey", met: a.median >= h.median),
            BenchmarkRow(
                name: "`apix bench -c \(c)` against wrk (2 threads, \(seconds) s a run), requests/s",
                apix: Self.format(a), reference: Self.format(w) + " (wrk)",
                ratio: BenchmarkFormat.ratio(a.median / w.median), target: "≥ 0.8 × wrk",
                met: a.median >= 0.8 * w.median),
        ]
        rows.append(try memory(profiles: profiles, small: requests))
        return (rows, [Self.note])
    }

    /// Peak RSS (GNU time) of `apix bench` at 1,000,000 requests against its peak at `small`.
    private func memory(profiles: String, small: Int) throws -> BenchmarkRow {
        let large = options.quick ? 20_000 : 1_000_000
        func peak(_ count: Int) throws -> Int64 {
            let arguments = [
                "bench", "load", "hello", "-n", "\(count)", "-c", "\(Self.connections)", "--json", "--no-tui",
                "--profiles", profiles,
            ]
            guard let bytes = try Subprocess.peakRSS(apix, arguments, scratch: scratch) else {
                throw BenchmarkError("the load rows need /usr/bin/time (GNU time)")
            }
            return bytes
        }
        let few = try peak(small)
        let many = try peak(large)
        return BenchmarkRow(
            name: "`apix bench -c \(Self.connections)` peak RSS at \(large.formatted()) requests",
            apix: BenchmarkFormat.mib(Int(many)),
            reference: BenchmarkFormat.mib(Int(few)) + " (at \(small.formatted()))",
            ratio: BenchmarkFormat.ratio(Double(many) / Double(few)), target: "≤ 1.2 × (bounded)",
            met: Double(many) <= 1.2 * Double(few))
    }

    /// Requests a second of one run: `apix bench --json`'s `rps`, or the `Requests/sec:` line hey and wrk print.
    private func rate(_ tool: String, _ arguments: [String], json: Bool) throws -> Double {
        let output = scratch + "/load-output.txt"
        let outcome = try Subprocess.run(tool, arguments, stdout: output)
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        guard outcome.status == 0 else { throw BenchmarkError("\(tool) \(arguments) exited \(outcome.status)") }
        if json {
            guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                let rps = object["rps"] as? Double, (object["errors"] as? [String: Any])?.isEmpty ?? false
            else { throw BenchmarkError("apix bench printed no rps, or had errors: \(text.prefix(400))") }
            return rps
        }
        for line in text.split(separator: "\n") where line.contains("Requests/sec:") {
            if let value = line.split(separator: ":").last.flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) })
            {
                return value
            }
        }
        throw BenchmarkError("\(tool) printed no Requests/sec line: \(text.prefix(400))")
    }

    private static func format(_ stats: Stats) -> String {
        String(format: "%.0f [%.0f–%.0f]", stats.median, stats.min, stats.max)
    }

    static let note =
        "Load rows: nginx (one worker, `return 200` of 13 bytes, keep-alive) on loopback, and each client in its own "
        + "process with 32 connections: `apix bench … -c 32 --no-tui --json` and `hey -n N -c 32` send the same count, "
        + "`wrk -t 2 -c 32` runs for a fixed time; runs interleaved. The two cores are shared by nginx and the client, "
        + "as on any one-machine load test. The peak RSS rows are GNU time's."

    /// nginx in the foreground on a free loopback port, answering `/hello` with a small JSON body.
    final class Nginx {
        let process = Process()
        let url: String

        init(scratch: String) throws {
            let root = scratch + "/nginx"
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            let port = try Self.freePort()
            let configuration = """
                daemon off;
                master_process off;
                worker_processes 1;
                pid \(root)/nginx.pid;
                error_log \(root)/error.log;
                events { worker_connections 1024; }
                http {
                    access_log off;
                    keepalive_requests 10000000;
                    client_body_temp_path \(root)/body;
                    proxy_temp_path \(root)/proxy;
                    fastcgi_temp_path \(root)/fastcgi;
                    uwsgi_temp_path \(root)/uwsgi;
                    scgi_temp_path \(root)/scgi;
                    server {
                        listen 127.0.0.1:\(port);
                        location / { default_type application/json; return 200 '{"ok": true}\\n'; }
                    }
                }
                """
            try configuration.write(toFile: root + "/nginx.conf", atomically: true, encoding: .utf8)
            process.executableURL = URL(fileURLWithPath: "/usr/sbin/nginx")
            process.arguments = ["-c", root + "/nginx.conf", "-p", root + "/"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            url = "http://127.0.0.1:\(port)"
            // Bounded: 5 s for nginx to listen.
            for _ in 0..<100 {
                if (try? Subprocess.run("curl", ["-sf", "-o", "/dev/null", url + "/hello"]).status) == 0 { return }
                guard process.isRunning else { break }
                usleep(50_000)
            }
            stop()
            let log = (try? String(contentsOfFile: root + "/error.log", encoding: .utf8)) ?? ""
            throw BenchmarkError("nginx did not start: \(log.suffix(400))")
        }

        func stop() {
            guard process.isRunning else { return }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }

        /// A port the kernel had free a moment ago (bound to port 0, read, closed).
        private static func freePort() throws -> Int {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard socket >= 0 else { throw BenchmarkError("no socket: \(String(cString: strerror(errno)))") }
            defer { close(socket) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                    bind(socket, pointer, length) == 0 && getsockname(socket, pointer, &length) == 0
                }
            }
            guard bound else { throw BenchmarkError("cannot bind a port: \(String(cString: strerror(errno)))") }
            return Int(UInt16(bigEndian: address.sin_port))
        }
    }
}

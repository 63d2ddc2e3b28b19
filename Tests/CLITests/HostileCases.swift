import HostileServer

/// The hostile-server table: one row per answer of `HostileRoutes`.
enum HostileCases {
    static let all: [HostileCase] = [
        // Text from the server reaches the terminal escaped.
        HostileCase(route: "reason-escapes", status: 0, message: #"\e]0;pwned"#, stdout: "ok"),
        HostileCase(route: "header-escapes", status: 0, message: "200 OK", stdout: "ok"),
        HostileCase(route: "body-escapes", status: 0, message: "200 OK", stdout: "plain \u{1B}]0;pwned"),
        HostileCase(route: "json-escapes", status: 0, message: "200 OK", stdout: #"{"title":"#),
        HostileCase(route: "invalid-utf8", status: 0, message: "200 OK", stdout: "ok "),
        HostileCase(route: "nul-bytes", status: 0, message: "200 OK", stdout: "abc\0"),
        HostileCase(
            route: "disposition-escapes", arguments: ["-o", "{dir}/"], status: 0, message: "body saved to"),
        HostileCase(route: "status-garbage", status: 8, message: "the server's answer is not HTTP: its first line"),
        // Broken framing.
        HostileCase(route: "header-flood", status: 8, message: "headers passed 300 KiB in all, libcurl's limit"),
        HostileCase(route: "long-header", status: 8, message: "a response header line passed 100 KiB"),
        HostileCase(route: "bad-chunking", status: 56, message: "no response"),
        HostileCase(route: "reset-mid-body", status: 56, message: "no response"),
        HostileCase(route: "http09", status: 8, message: "without a status line or headers (HTTP/0.9)"),
        HostileCase(route: "empty-reply", status: 52, message: "no response"),
        HostileCase(route: "length-short", status: 18, message: "no response"),
        HostileCase(route: "length-long", status: 0, message: "200 OK", stdout: "hello"),
        HostileCase(route: "interim-flood", status: 0, message: "200 OK", stdout: "ok"),
        HostileCase(route: "stall", arguments: ["--timeout", "1"], status: 28, message: "timed out"),
        HostileCase(route: "slow-drip", status: 0, message: "200 OK", stdout: "drip-drip"),
        HostileCase(
            route: "token-hang", arguments: ["--timeout", "1"], profile: "hostile-auth", status: 4,
            message: "token endpoint unreachable"),
        // Redirects.
        HostileCase(route: "redirect-loop", status: 47, message: "redirect"),
        HostileCase(route: "redirect-file", status: 3, message: "cannot follow redirect to file:///etc/passwd"),
        HostileCase(route: "redirect-gopher", status: 3, message: "gopher://"),
        HostileCase(route: "location-escapes", status: 3, message: #"\e]0;pwned"#),
        // Sizes.
        HostileCase(
            route: "never-ending", arguments: ["-o", "{dir}/endless", "--timeout", "2"], status: 28,
            message: "timed out"),
        HostileCase(
            route: "gzip-bomb", arguments: ["-o", "{dir}/bomb"], status: 0, message: "body saved to", timeout: 40),
        HostileCase(route: "deep-json", status: 0, message: "200 OK", stdout: "[[[[", peakMiB: 150),
        // On a terminal too (issue 31 item 1): pretty-printed and escaped as it streams, not held whole.
        HostileCase(route: "big-json", status: 0, message: "200 OK", stdout: #"["0123"#, timeout: 180),
        HostileCase(route: "huge-numbers", status: 0, message: "200 OK", stdout: #"{"big":1e999999999"#),
        // Bounded bodies (issue 17 items 3 and 5): past --max-body a run stops (exit 63) or streams to a pipe.
        HostileCase(
            route: "never-ending", arguments: ["-q", "fast=1", "--max-body", "10MB", "--timeout", "20"], status: 63,
            message: "body exceeds", outputs: [.terminal]),
        HostileCase(
            // The bomb is about 1,030:1, just past the ratio stop (exit 62, below): off here, this case is --max-body's.
            route: "gzip-bomb", arguments: ["--json", "--max-body", "64MiB", "--max-body-ratio", "0"], status: 63,
            message: "exceeds", timeout: 40),
        HostileCase(
            route: "big-json", arguments: ["--json"], status: 0, message: "", stdout: "{", timeout: 60, outputs: [.pipe]
        ),
        // A decoded body past 1,000 times its wire size (issue 31 item 2): stopped, exit 62, `--json` included.
        HostileCase(route: "gzip-bomb-twice", status: 62, message: "times its size on the wire", timeout: 40),
        HostileCase(
            route: "gzip-bomb-twice", arguments: ["--json"], status: 62, message: "times its size on the wire",
            stdout: "{", timeout: 40,
            outputs: [.pipe]),
        HostileCase(
            route: "gzip-bomb", arguments: ["--max-body", "64MiB", "--max-body-ratio", "0"], status: 63,
            message: "exceeds", timeout: 40, outputs: [.terminal]),
    ]

    static var enabled: [HostileCase] { all.filter { $0.disabled == nil } }

    /// The profiles the table's runs use: every route as an endpoint of the same id.
    static func profiles(port: Int) -> [(name: String, text: String)] {
        let base = "environments: { local: { base_url: \"http://127.0.0.1:\(port)\" } }\n"
        let endpoints = HostileRoutes.all.keys.sorted().map { "  - { id: \($0.dropFirst()), path: \($0) }" }
        let auth = "auth: { type: oauth2, grant: client_credentials, token_url: /token-hang, client_id: c }\n"
        return [
            ("hostile", base + "endpoints:\n" + endpoints.joined(separator: "\n") + "\n"),
            ("hostile-auth", base + auth + "endpoints:\n  - { id: token-hang, path: /reason-escapes }\n"),
        ]
    }
}

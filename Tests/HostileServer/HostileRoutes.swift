// Long file: one table of every hostile answer, so the suites and SECURITY.md can name each case by its path.
import Foundation

/// The hostile answers, by path. Each is what a broken or malicious server might send; the suites say what apix
/// must make of it.
public enum HostileRoutes {
    /// What a terminal must never receive raw: OSC title and clipboard (OSC 52), clear screen, C1 CSI, bidi override.
    public static let escapes = "\u{1B}]0;pwned\u{07}\u{1B}]52;c;cHduZWQ=\u{07}\u{1B}[2J\u{9B}31m\u{202E}"

    public static let all: [String: HostileRoute] = {
        var routes: [String: HostileRoute] = [:]
        for (path, route) in text { routes[path] = route }
        for (path, route) in framing { routes[path] = route }
        for (path, route) in redirects { routes[path] = route }
        for (path, route) in sizes { routes[path] = route }
        for (path, route) in webSocket { routes[path] = route }
        return routes
    }()

    /// Server text that must reach a terminal escaped: reason, header names and values, bodies, file names.
    static let text: [String: HostileRoute] = [
        "/reason-escapes": .fixed(["HTTP/1.1 200 " + escapes, "Content-Length: 2"], body: "ok"),
        "/header-escapes": .fixed(
            [
                "HTTP/1.1 200 OK", "X-\u{1B}[31mRed: " + escapes, "Content-Type: text/plain",
                "Content-Length: 2",
            ], body: "ok"),
        "/body-escapes": .fixed(
            ["HTTP/1.1 200 OK", "Content-Type: text/plain; charset=utf-8", "Content-Length: \(bodyEscapes.count)"],
            body: bodyEscapes),
        "/json-escapes": .fixed(
            ["HTTP/1.1 200 OK", "Content-Type: application/json", "Content-Length: \(jsonEscapes.count)"],
            body: jsonEscapes),
        "/invalid-utf8": .fixed(
            ["HTTP/1.1 200 OK", "Content-Type: text/plain", "Content-Length: 9"],
            body: [0x6F, 0x6B, 0x20, 0xFF, 0xFE, 0x80, 0xC0, 0xE2, 0x80]),
        "/nul-bytes": .fixed(
            ["HTTP/1.1 200 OK", "Content-Type: text/plain", "Content-Length: \(nulBody.count)"], body: nulBody),
        "/disposition-escapes": .fixed(
            [
                "HTTP/1.1 200 OK", "Content-Type: text/plain",
                "Content-Disposition: attachment; filename=\"\u{1B}]0;x\u{07}\u{202E}txt.exe\"", "Content-Length: 2",
            ], body: "ok"),
        "/status-garbage": .fixed(
            ["HTTP/1.1 99999999999999999999 \u{1B}[2J", "Content-Length: 2"], body: "ok"),
    ]

    static let bodyEscapes = Array(("plain " + escapes + " \r\nline two\n").utf8)
    /// Valid JSON: escaped controls (`\u001b`), a raw bidi override and a raw C1 control in strings and a key.
    static let jsonEscapes = Array(
        #"{"title":"\u001b]0;pwned\u0007","bidi":"‮gnp.exe","c1":"\#u{9B}31m","‮key":1}"#.utf8)
    static let nulBody: [UInt8] = Array("abc".utf8) + [0] + Array("\u{1B}[2Jdef".utf8)

    /// Broken HTTP framing.
    static let framing: [String: HostileRoute] = [
        "/header-flood": HostileRoute { connection in
            var head = "HTTP/1.1 200 OK\r\n"
            for index in 0..<30_000 { head += "X-Flood-\(index): \(index)\r\n" }
            connection.write(head + "Content-Length: 2\r\n\r\nok")
        },
        "/long-header": HostileRoute { connection in
            connection.write("HTTP/1.1 200 OK\r\nX-Long: ")
            let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
            for _ in 0..<10 where connection.write(chunk) {}
            connection.write("\r\nContent-Length: 2\r\n\r\nok")
        },
        "/bad-chunking": .fixed(
            ["HTTP/1.1 200 OK", "Content-Type: text/plain", "Transfer-Encoding: chunked"],
            body: "5\r\nhello\r\nzz\r\nworld\r\n0\r\n\r\n"),
        "/reset-mid-body": HostileRoute { connection in
            connection.write("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 100000\r\n\r\n")
            connection.write([UInt8](repeating: UInt8(ascii: "r"), count: 1000))
            _ = connection.pause(milliseconds: 50)
            connection.reset()
        },
        "/http09": HostileRoute { $0.write("no status line, no headers: HTTP/0.9 style\n") },
        "/empty-reply": HostileRoute { _ in },
        "/length-short": .fixed(["HTTP/1.1 200 OK", "Content-Length: 100"], body: "only ten.."),
        "/length-long": .fixed(["HTTP/1.1 200 OK", "Content-Length: 5"], body: "hello, and much more than five"),
        "/interim-flood": HostileRoute { connection in
            var head = ""
            for _ in 0..<2000 { head += "HTTP/1.1 102 \u{1B}]0;interim\u{07}\r\n\r\n" }
            connection.write(head + "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
        },
        "/token-hang": HostileRoute { $0.waitForClientToLeave() },
        "/stall": HostileRoute { connection in
            connection.write("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc")
            connection.waitForClientToLeave()
        },
        "/slow-drip": HostileRoute { connection in
            connection.write("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 20\r\n\r\n")
            for byte in Array("drip-drip-drip-drip\n".utf8) {
                guard connection.pause(milliseconds: 40), connection.write([byte]) else { return }
            }
        },
    ]

    /// Redirects that must not be followed, or not for ever.
    static let redirects: [String: HostileRoute] = [
        "/redirect-loop": .fixed(["HTTP/1.1 302 Found", "Location: /redirect-loop", "Content-Length: 0"]),
        "/redirect-file": .fixed(["HTTP/1.1 302 Found", "Location: file:///etc/passwd", "Content-Length: 0"]),
        "/redirect-gopher": .fixed(
            ["HTTP/1.1 307 Temporary Redirect", "Location: gopher://127.0.0.1:1/x", "Content-Length: 0"]),
        "/location-escapes": .fixed(
            ["HTTP/1.1 302 Found", "Location: gopher://h/" + escapes, "Content-Length: 0"]),
    ]

    /// Sizes that must not become memory: bombs, endless bodies, deep and long JSON, huge numbers.
    static let sizes: [String: HostileRoute] = [
        "/gzip-bomb": HostileRoute { connection in
            let bomb = gzipBomb
            connection.write(
                "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Encoding: gzip\r\n"
                    + "Content-Length: \(bomb.count)\r\n\r\n")
            connection.write(bomb)
        },
        "/gzip-bomb-twice": HostileRoute { connection in
            // The bomb gzipped again: 128 MiB of zeros from a few KiB (`Content-Encoding: gzip, gzip`), far past
            // any ratio a real body has.
            let bomb = gzipBombTwice
            connection.write(
                "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Encoding: gzip, gzip\r\n"
                    + "Content-Length: \(bomb.count)\r\n\r\n")
            connection.write(bomb)
        },
        "/never-ending": HostileRoute { connection in
            // About 12 MB/s (so a test does not write gigabytes to a shared disk); `?fast` sends at wire speed.
            let fast = connection.path.contains("fast")
            connection.write("HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nConnection: close\r\n\r\n")
            let chunk = [UInt8](repeating: 0x41, count: 256 << 10)
            while connection.write(chunk) {
                if !fast, !connection.pause(milliseconds: 20) { return }
            }
        },
        "/deep-json": HostileRoute { connection in
            let depth = 1_000_000
            connection.write(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(2 * depth)\r\n\r\n")
            connection.write([UInt8](repeating: UInt8(ascii: "["), count: depth))
            connection.write([UInt8](repeating: UInt8(ascii: "]"), count: depth))
        },
        "/big-json": HostileRoute { connection in
            // One line: ["0123456789abcdef", … ,0], 100 MiB in all.
            let item = Array(#""0123456789abcdef","#.utf8)
            let chunk = Array([[UInt8]](repeating: item, count: (1 << 20) / item.count).joined())
            let count = 100
            let length = 1 + chunk.count * count + 2
            connection.write(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(length)\r\n\r\n[")
            for _ in 0..<count where connection.write(chunk) {}
            connection.write("0]")
        },
        "/huge-numbers": .fixed(
            ["HTTP/1.1 200 OK", "Content-Type: application/json", "Content-Length: \(hugeNumbers.count)"],
            body: hugeNumbers),
        "/regex-bomb": .fixed(
            ["HTTP/1.1 200 OK", "Content-Type: application/json", "Content-Length: \(regexBomb.count)"],
            body: regexBomb),
    ]

    /// A pattern a check takes from the body (`search(@.name, $.pattern)`) that backtracks 2^40 ways on the name.
    static let regexBomb = Array(
        (#"{"items":[{"name":""# + String(repeating: "a", count: 40) + #"b"}],"pattern":"(a+)+$"}"#).utf8)

    static let hugeNumbers = Array(
        (#"{"big":1e999999999,"tiny":-1e-999999999,"long":"# + String(repeating: "9", count: 100_000) + "}").utf8)

    /// 128 MiB of zeros, gzip-compressed (about 130 KiB), made on first use: 16 times the memory limit of a body.
    static let gzipBomb = GzipBomb.zeros(megabytes: 128)
    static let gzipBombTwice = GzipBomb.gzip(gzipBomb)
}

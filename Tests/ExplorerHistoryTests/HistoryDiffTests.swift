import ExplorerCore
import Foundation
import Testing

@testable import ExplorerHistory

@Suite("Comparing two recorded exchanges")
struct HistoryDiffTests {
    static func entry(status: Int = 200, headers: HTTPHeaders = [:], body: String) -> HistoryEntry {
        HistoryEntry(
            origin: .run, profile: "p", environment: nil, endpoint: "e", request: PreparedRequest(url: "http://h/"),
            status: status, reason: "", responseHeaders: headers, body: Data(body.utf8))
    }

    @Test("JSON bodies: paths added, removed and changed with their old and new values")
    func json() {
        let diff = HistoryDiff(
            old: Self.entry(body: #"{"name":"a","tags":[1,2],"gone":true,"odd key":1}"#),
            new: Self.entry(body: #"{"name":"b","tags":[1,2,3],"odd key":1,"new":{"x":null}}"#))
        #expect(
            diff.body
                == .json([
                    .init(kind: .changed, name: "$.name", old: #""a""#, new: #""b""#),
                    .init(kind: .added, name: "$.tags[2]", new: "3"),
                    .init(kind: .removed, name: "$.gone", old: "true"),
                    .init(kind: .added, name: "$.new", new: #"{"x":null}"#),
                ]))
        #expect(diff.lines.contains("  ~ $.name: \"a\" → \"b\""))
        #expect(diff.lines.last == "the same: status, headers")
        // Only a header moved: the line says the status and the body did not.
        let dated = HistoryDiff(
            old: Self.entry(headers: ["Date": "Mon, 30 Nov 2026 10:00:18 GMT"], body: "x"),
            new: Self.entry(headers: ["Date": "Mon, 30 Nov 2026 13:04:24 GMT"], body: "x"))
        #expect(dated.lines.last == "the same: status, body", "\(dated.lines)")
    }

    @Test("what was sent differently comes first (method, URL, headers, body) and is not an answer's difference")
    func requests() {
        var old = Self.entry(body: "same")
        var new = Self.entry(body: "same")
        old.request = PreparedRequest(method: .get, url: "http://h/uuid", headers: ["X-A": "1"])
        new.request = PreparedRequest(
            method: .post, url: "http://h/uuid?extra=1\u{1B}[2J", headers: ["x-a": "2", "X-B": "3"],
            body: .bytes(Data("{}".utf8), contentType: "application/json"))
        let diff = HistoryDiff(old: old, new: new)
        #expect(
            diff.request == [
                .init(kind: .changed, name: "method", old: "GET", new: "POST"),
                .init(kind: .changed, name: "url", old: "http://h/uuid", new: "http://h/uuid?extra=1\u{1B}[2J"),
                .init(kind: .changed, name: "x-a", old: "1", new: "2"),
                .init(kind: .added, name: "x-b", new: "3"),
                .init(kind: .changed, name: "body", old: "none", new: "2 B"),
            ])
        // The answers are the same: `apix diff` still exits 0, and says so under the request's lines.
        #expect(diff.isEmpty)
        #expect(
            diff.lines == [
                "\(old.id) → \(new.id)", "request:", "  ~ method: GET → POST",
                "  ~ url: http://h/uuid → http://h/uuid?extra=1\\e[2J", "  ~ x-a: 1 → 2", "  + x-b: 3",
                "  ~ body: none → 2 B", "no differences in the answer's status, headers or body",
            ])
        #expect(HistoryDiff(old: old, new: old).request.isEmpty)
    }

    @Test("server text in the diff's lines is escaped: no ESC or bidi control reaches either front end")
    func serverTextIsEscaped() {
        let diff = HistoryDiff(
            old: Self.entry(headers: ["X-T": "a"], body: "line\u{1B}]0;pwned\u{07}"),
            new: Self.entry(headers: ["X-T": "b\u{202E}gpj.exe"], body: "other"))
        let text = diff.lines.joined(separator: "\n")
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
        #expect(text.contains("gpj.exe") && text.contains("pwned"))
    }

    @Test("text bodies: a line diff; headers compared by name whatever their case; status")
    func textAndHeaders() {
        let diff = HistoryDiff(
            old: Self.entry(headers: ["ETag": "\"1\"", "X-Gone": "y"], body: "one\ntwo\nthree"),
            new: Self.entry(status: 404, headers: ["etag": "\"2\"", "X-New": "z"], body: "one\n2\nthree"))
        #expect(diff.status == .init(kind: .changed, name: "status", old: "200", new: "404"))
        #expect(
            diff.headers == [
                .init(kind: .changed, name: "etag", old: "\"1\"", new: "\"2\""),
                .init(kind: .removed, name: "x-gone", old: "y"),
                .init(kind: .added, name: "x-new", new: "z"),
            ])
        #expect(
            diff.body
                == .text([
                    .init(kind: .same, text: "one"), .init(kind: .removed, text: "two"), .init(kind: .added, text: "2"),
                    .init(kind: .same, text: "three"),
                ]))
        #expect(!diff.isEmpty)
        #expect(HistoryDiff(old: Self.entry(body: "x"), new: Self.entry(body: "x")).isEmpty)
    }
}

import Foundation
import Testing

@testable import ExplorerCore

@Suite("curl command lines")
struct CurlCommandTests {
    @Test("POSIX word splitting: quotes, escapes, line continuations and $'…'")
    func words() throws {
        let line =
            ##"curl -H 'X-A: it'\''s' "a \"b\" \$c \\ d" e\ f \"# x \""##
            + "\\\n  $'tab\\there\\x41' ''"
        let words = try ShellWords.split(line)
        #expect(words == ["curl", "-H", "X-A: it's", #"a "b" $c \ d"#, "e f", "\"#", "x", "\"", "tab\thereA", ""])
        #expect(throws: InteropError(.syntax("an unclosed single quote"))) { try ShellWords.split("curl 'x") }
        // A quote joined to a combining mark is a quote, as a shell (which reads bytes) sees it; `quote` escapes it.
        #expect(try ShellWords.split("curl 'a'\u{301}' b'") == ["curl", "a\u{301} b"])
        for word in ["a'\u{301}; echo PWNED; '", "\"\u{301}$\u{301}`\u{301}\\\u{301}", "\u{301}'"] {
            #expect(try ShellWords.split("curl " + ShellWords.quote(word)) == ["curl", word])
            #expect(try ShellWords.split("curl \"" + ShellWords.doubleQuotedLiteral(word) + "\"") == ["curl", word])
        }
        #expect(throws: InteropError(.syntax("an unclosed double quote"))) { try ShellWords.split("curl \"x") }
    }

    struct Case: Sendable, CustomStringConvertible {
        var line: String
        var method: HTTPMethod
        var url: String
        var headers: [String]
        var body: CurlCommandLine.Body
        var description: String { line }
    }

    static let cases: [Case] = [
        Case(
            line: "curl https://api.example.com/v1/items", method: .get, url: "https://api.example.com/v1/items",
            headers: [], body: .none),
        Case(
            line: "curl -X PATCH -H 'Content-Type: application/json' -d '{\"a\": 1}' http://h/x", method: .patch,
            url: "http://h/x", headers: ["Content-Type: application/json"], body: .data("{\"a\": 1}")),
        Case(
            line: "curl -d a=1 --data 'b=2' --data-urlencode 'c=x y' http://h/form", method: .post,
            url: "http://h/form", headers: [], body: .data("a=1&b=2&c=x%20y")),
        Case(
            line: "curl -G -d q=apix -d n=2 http://h/search", method: .get, url: "http://h/search?q=apix&n=2",
            headers: [], body: .none),
        Case(
            line: "curl --json '{\"k\":true}' http://h/j", method: .post, url: "http://h/j",
            headers: ["Content-Type: application/json", "Accept: application/json"], body: .json("{\"k\":true}")),
        Case(
            line: "curl -F note=hi -F 'file=@./a.bin;type=application/octet-stream' --form-string 'at=@x' http://h/u",
            method: .post, url: "http://h/u", headers: [],
            body: .form([("note", "hi"), ("file", "@./a.bin"), ("at", "@@x")])),
        Case(
            line: "curl -u 'me:p w' -A agent/1 -sSLk -XDELETE http://h/d/1", method: .delete, url: "http://h/d/1",
            headers: ["Authorization: Basic bWU6cCB3", "User-Agent: agent/1"], body: .none),
        Case(line: "curl -I example.com", method: .head, url: "http://example.com", headers: [], body: .none),
        Case(
            line: "curl --data-binary @big.json -H 'Content-Type: application/json' http://h/up", method: .post,
            url: "http://h/up", headers: ["Content-Type: application/json"], body: .file("big.json")),
    ]

    @Test("options are read into method, URL, headers and body", arguments: cases)
    func parses(_ example: Case) throws {
        let command = try CurlCommandLine.parse(example.line)
        #expect(command.method == example.method)
        #expect(command.url == example.url)
        #expect(command.headers.map { "\($0.name): \($0.value)" } == example.headers)
        #expect(command.body == example.body)
    }

    @Test("unknown options and missing URLs are errors that name them")
    func errors() {
        #expect(throws: InteropError(.unsupportedOption("--proxy"))) {
            try CurlCommandLine.parse("curl --proxy x http://h")
        }
        #expect(throws: InteropError(.missingURL)) { try CurlCommandLine.parse("curl -X GET") }
        #expect(throws: InteropError(.missingValue(option: "-H"))) { try CurlCommandLine.parse("curl http://h -H") }
        #expect(throws: InteropError(.notCurl("wget"))) { try CurlCommandLine.parse("wget http://h") }
    }

    @Test(
        "numbers that do not fit are errors, not a trap (the CurlImport fuzz target's finding: -m 99999999999999900)",
        arguments: [
            "-m 99999999999999900.0000008", "-m inf", "--max-time 1e300", "--connect-timeout infinity",
            "--max-redirs 1e30", "-m nan", "-m -1",
        ])
    func numbersOutOfRange(_ option: String) throws {
        let name = String(option.prefix { $0 != " " })
        let value = String(option.drop { $0 != " " }.dropFirst())
        #expect(throws: InteropError(.invalid("\(name) expects a number from 0 to 1000000000, got \(value)"))) {
            try CurlCommandLine.parse("curl http://h \(option)")
        }
        #expect(try CurlCommandLine.parse("curl http://h -m 1000000000").timeout == .seconds(1_000_000_000))
    }

    @Test("a URL is under a base URL when scheme and host match in any case and the path matches exactly")
    func relativePaths() {
        #expect(CurlCommandLine.relativePath("HTTP://Example.com/api/x?y=1", to: "http://example.com/api/") == "/x?y=1")
        #expect(CurlCommandLine.relativePath("http://example.com/api", to: "http://example.com/api") == "/")
        #expect(CurlCommandLine.relativePath("http://example.com/API/x", to: "http://example.com/api") == nil)
        #expect(CurlCommandLine.relativePath("http://example.com/apix", to: "http://example.com/api") == nil)
        #expect(CurlCommandLine.relativePath("http://other.com/api/x", to: "http://example.com/api") == nil)
    }

    @Test("an endpoint under the environment's base URL keeps a relative path; forms and JSON become structured")
    func endpoints() throws {
        let form = try CurlCommandLine.parse("curl -d 'name=a+b&note=x%26y' 'http://127.0.0.1:8080/api/echo?q=1&q=2'")
            .endpoint(id: "echo", baseURL: "http://127.0.0.1:8080/api")
        #expect(form.path.raw == "/echo")
        #expect(form.method == .post)
        #expect(form.query.map { "\($0.name)=\($0.value?.raw ?? "")" } == ["q=1", "q=2"])
        #expect(form.body == .form([Parameter("name", "a b"), Parameter("note", "x&y")]))

        let json = try CurlCommandLine.parse(
            "curl -X PUT -H 'Content-Type: application/json' -d '{\"a\":[1,\"x\"]}' https://o/x"
        )
        .endpoint(id: "j", baseURL: "http://127.0.0.1:8080")
        #expect(json.path.raw == "https://o/x")
        #expect(json.headers.isEmpty)
        #expect(json.body == .json(.object([.init(key: "a", value: .array([.number("1"), .string("x")]))])))

        let raw = try CurlCommandLine.parse("curl -d 'not a form' http://h/t").endpoint(id: "t")
        #expect(raw.body == .text("not a form", contentType: "application/x-www-form-urlencoded"))
    }
}

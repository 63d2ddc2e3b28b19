import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// A save changes only the lines whose values changed, in the style they were written (issue 25, defect 2): block
/// stays block, flow stays flow, comments on unchanged lines stay, new keys are written like their siblings. Each
/// test saves through `ProfileWriter.save` into a real file and compares the whole resulting text.
@Suite("Saving keeps the file's style")
struct ProfileSaveStyleTests {
    /// The endpoint: block style, comments on its lines, a 5-line block `json:` body.
    static let block = """
        # Orders, written by hand
        environments:
          local:
            base_url: http://127.0.0.1:8080   # the dev box

        endpoints:
          # searching
          - id: orders.search
            method: POST          # search is a POST here
            path: /orders/search  # v1
            query:
              page: 1             # first page
              limit: 20           # the server's maximum
            headers:
              Accept: application/json   # never touched
              X-Trace: abc        # for the logs
            body:
              json:
                status: open      # or closed
                tags:
                  - new
                  - paid
                total: 10
          # the next one
          - id: orders.get
            path: /orders/{id}
            params: { id: 1 }

        """

    func load(_ file: String) throws -> Profile {
        try ProfileLoader.load(file: file).get()
    }

    /// Saves `edit` applied to endpoint `id` of `text`; returns the file's text afterwards.
    func saved(_ text: String, _ id: String, name: String = "orders.yaml", _ edit: (inout Endpoint) -> Void) throws
        -> String
    {
        let directory = try TemporaryDirectory()
        let file = try directory.write(name, text)
        var endpoint = try #require(try load(file).endpoint(id))
        edit(&endpoint)
        #expect(try ProfileWriter.save(endpoint: endpoint, in: load(file)) == .edited(file: file))
        let after = try String(contentsOfFile: file, encoding: .utf8)
        // What was saved is what loads back.
        let back = try #require(try load(file).endpoint(id))
        #expect(ProfileEmitter.endpointFields(back) == ProfileEmitter.endpointFields(endpoint))
        return after
    }

    /// `text` with each whole line `old` replaced by `new` (each must occur exactly once).
    func replacing(_ text: String, _ pairs: [(String, String)]) -> String {
        var lines = text.components(separatedBy: "\n")
        for (old, new) in pairs {
            let found = lines.indices.filter { lines[$0] == old }
            #expect(found.count == 1, "line \(old)")
            if let index = found.first { lines[index] = new }
        }
        return lines.joined(separator: "\n")
    }

    @Test("the issue's edit (a query value, a header, the path, the method, a body value): only those lines change")
    func blockWithComments() throws {
        let after = try saved(Self.block, "orders.search") { endpoint in
            endpoint.method = .put
            endpoint.path = "/v2/orders/search"
            endpoint.query[1] = Parameter("limit", "50")
            endpoint.headers[1] = Parameter("X-Trace", "def")
            endpoint.body = .json(
                .object([
                    .init(key: "status", value: .string("closed")),
                    .init(key: "tags", value: .array([.string("new"), .string("paid")])),
                    .init(key: "total", value: .number("10")),
                ]))
        }
        let expected = replacing(
            Self.block,
            [
                (
                    "    method: POST          # search is a POST here",
                    "    method: PUT          # search is a POST here"
                ),
                ("    path: /orders/search  # v1", "    path: /v2/orders/search  # v1"),
                (
                    "      limit: 20           # the server's maximum",
                    "      limit: 50           # the server's maximum"
                ),
                ("      X-Trace: abc        # for the logs", "      X-Trace: def        # for the logs"),
                ("        status: open      # or closed", "        status: closed      # or closed"),
            ])
        #expect(after == expected)
    }

    @Test("a new header in a block mapping is a block line at its siblings' indentation; a removed one takes its line")
    func blockAddsAndRemoves() throws {
        let after = try saved(Self.block, "orders.search") { endpoint in
            endpoint.headers = [
                Parameter("Accept", "application/json"), Parameter("X-Note", "a: b"), Parameter("X-Trace", "abc"),
                Parameter("X-Last", "#1"),
            ]
            endpoint.query = [Parameter("limit", "20")]
        }
        let expected = Self.block
            .replacingOccurrences(of: "      page: 1             # first page\n", with: "")
            .replacingOccurrences(
                of: "      Accept: application/json   # never touched\n",
                with: "      Accept: application/json   # never touched\n      X-Note: \"a: b\"\n"
            )
            .replacingOccurrences(
                of: "      X-Trace: abc        # for the logs\n",
                with: "      X-Trace: abc        # for the logs\n      X-Last: \"#1\"\n")
        #expect(after == expected)
    }

    @Test("a body whose structure changed stays block: new keys as block lines, removed keys lose their lines")
    func blockBodyStaysBlock() throws {
        let after = try saved(Self.block, "orders.search") { endpoint in
            endpoint.body = .json(
                .object([
                    .init(key: "status", value: .string("open")),
                    .init(key: "tags", value: .array([.string("new"), .string("paid"), .string("late")])),
                    .init(
                        key: "customer",
                        value: .object([
                            .init(key: "id", value: .number("7")), .init(key: "vip", value: .bool(true)),
                        ])),
                ]))
        }
        let expected = Self.block.replacingOccurrences(
            of: "          - paid\n        total: 10\n",
            with: "          - paid\n          - late\n        customer:\n          id: 7\n          vip: true\n")
        #expect(after == expected)
    }

    @Test("a body rewritten whole (keys in another order) is written as block YAML at its indentation")
    func blockBodyRewrittenWhole() throws {
        let after = try saved(Self.block, "orders.search") { endpoint in
            endpoint.body = .json(
                .object([
                    .init(key: "total", value: .number("12")),
                    .init(key: "status", value: .string("open")),
                ]))
        }
        let expected = Self.block.replacingOccurrences(
            of: """
                        status: open      # or closed
                        tags:
                          - new
                          - paid
                        total: 10

                """,
            with: """
                        total: 12
                        status: open

                """)
        #expect(after == expected)
    }

    static let flow = """
        environments: { local: { base_url: "http://h" } }
        endpoints:
          - id: items.list
            path: /items   # all of them
            query: { page: 1, limit: 20, sort: name }   # paging
            headers: {Accept: application/json, 'X-Id': '7'}
            body: { json: { a: 1, b: [x, y] } }

        """

    @Test("flow mappings and lists stay flow: a changed value in place, a new entry appended, a removed one gone")
    func flowStaysFlow() throws {
        let after = try saved(Self.flow, "items.list") { endpoint in
            endpoint.query = [Parameter("limit", "50"), Parameter("sort", "name"), Parameter("q", "x y")]
            endpoint.headers = [
                Parameter("Accept", "application/json"), Parameter("X-Id", "7"), Parameter("X-New", "n"),
            ]
            endpoint.body = .json(
                .object([
                    .init(key: "a", value: .number("1")),
                    .init(key: "b", value: .array([.string("x"), .string("y"), .string("z")])),
                ]))
        }
        let expected = replacing(
            Self.flow,
            [
                (
                    "    query: { page: 1, limit: 20, sort: name }   # paging",
                    "    query: { limit: 50, sort: name, q: x y }   # paging"
                ),
                (
                    "    headers: {Accept: application/json, 'X-Id': '7'}",
                    "    headers: {Accept: application/json, 'X-Id': '7', X-New: n}"
                ),
                ("    body: { json: { a: 1, b: [x, y] } }", "    body: { json: { a: 1, b: [x, y, z] } }"),
            ])
        #expect(after == expected)
    }

    static let mixed = """
        environments:
          local: { base_url: "http://h" }
        endpoints:
          - id: users.create
            method: POST
            path: /users
            headers:
              X-Team: core   # who owns it
            body:
              json:
                name: Ada
                roles: [admin, dev]   # flow inside block
          - id: users.get
            path: /users/{id}
            params: { id: 1 }
        """

    @Test("mixed styles: a new key next to block siblings is block, flow inside block stays flow")
    func mixed() throws {
        let after = try saved(Self.mixed, "users.create") { endpoint in
            endpoint.query = [Parameter("dry_run", "true")]
            endpoint.body = .json(
                .object([
                    .init(key: "name", value: .string("Ada")),
                    .init(key: "roles", value: .array([.string("admin")])),
                ]))
        }
        let expected = Self.mixed
            .replacingOccurrences(
                of: "    path: /users\n", with: "    path: /users\n    query:\n      dry_run: true\n"
            )
            .replacingOccurrences(
                of: "        roles: [admin, dev]   # flow inside block",
                with: "        roles: [admin]   # flow inside block")
        #expect(after == expected + "\n")
    }

    @Test("a CR LF file edited value by value keeps CR LF and its comments")
    func crlfBlock() throws {
        let text = Self.block.replacingOccurrences(of: "\n", with: "\r\n")
        let after = try saved(text, "orders.search", name: "crlf.yaml") { endpoint in
            endpoint.headers.append(Parameter("X-New", "1"))
            endpoint.query[0] = Parameter("page", "2")
        }
        let expected = Self.block
            .replacingOccurrences(
                of: "      page: 1             # first page", with: "      page: 2             # first page"
            )
            .replacingOccurrences(
                of: "      X-Trace: abc        # for the logs\n",
                with: "      X-Trace: abc        # for the logs\n      X-New: 1\n"
            )
            .replacingOccurrences(of: "\n", with: "\r\n")
        #expect(after == expected)
    }

    @Test("a value given to a key written empty (null) goes after its colon; the comment after it stays")
    func emptyValues() throws {
        let text = """
            environments:
              local: { base_url: "http://h" }
            endpoints:
              - id: things.get
                path: /things/{id}
                params:
                  id:          # fill in
                query:
                  q: null
                  limit:
            """
        let after = try saved(text, "things.get") { endpoint in
            endpoint.params = [Parameter("id", "7")]
            endpoint.query = [Parameter("q", "x"), Parameter("limit", "10")]
        }
        let expected =
            text
            .replacingOccurrences(of: "      id:          # fill in", with: "      id: 7          # fill in")
            .replacingOccurrences(of: "      q: null", with: "      q: x")
            .replacingOccurrences(of: "      limit:", with: "      limit: 10")
        #expect(after == expected + "\n")
    }

    static let flowItems = """
        environments:
          local: { base_url: "http://h" }
        endpoints:
          - { id: users.list, path: /users, query: { page: 1 } }   # one line each
          - { id: users.get, path: "/users/{id}", params: { id: 1 } }
        """

    @Test("an endpoint written as one flow mapping stays one flow line: only its changed entries change")
    func flowItem() throws {
        let after = try saved(Self.flowItems, "users.list") { endpoint in
            endpoint.method = .post
            endpoint.query = [Parameter("page", "2")]
        }
        let lines = after.components(separatedBy: "\n")
        let edited = try #require(lines.first { $0.contains("users.list") })
        #expect(edited.hasPrefix("  - { id: users.list, "), "\(edited)")
        #expect(edited.contains("page: 2") && edited.contains("POST") && edited.hasSuffix("}   # one line each"))
        #expect(after.split(separator: "\n").count == Self.flowItems.split(separator: "\n").count)
        #expect(lines.contains("  - { id: users.get, path: \"/users/{id}\", params: { id: 1 } }"))
    }

    @Test("a body added to an endpoint of scalars only is written as the file writes its fields: block here")
    func newBodyFollowsTheFile() throws {
        // orders.get without its flow `params:`: all its values are scalars.
        let text = Self.block.replacingOccurrences(
            of: "    path: /orders/{id}\n    params: { id: 1 }\n", with: "    path: /orders/1\n")
        let after = try saved(text, "orders.get") { endpoint in
            endpoint.method = .put
            endpoint.body = .json(
                .object([
                    .init(key: "status", value: .string("paid")),
                    .init(key: "tags", value: .array([.string("a")])),
                ]))
        }
        // The file's other endpoint writes query, headers and body in block style: the new body is block too.
        #expect(after.contains("    body:\n      json:\n        status: paid\n        tags:\n          - a\n"))
        #expect(!after.contains("{"))
    }

    @Test("a quoted scalar stays in its quotes: \"1\" edited to 142 is \"142\", 'abc' edited to it's is 'it''s'")
    func quotedScalarsKeepQuotes() throws {
        let text = """
            environments: { local: { base_url: "http://127.0.0.1:1" } }
            endpoints:
              - id: item
                path: /items
                query:
                  id: "1"
                  page: 2
                headers:
                  X-Tag: 'abc'   # kept

            """
        let after = try saved(text, "item") { endpoint in
            endpoint.query[0] = Parameter("id", "142")
            endpoint.query[1] = Parameter("page", "3")
            endpoint.headers[0] = Parameter("X-Tag", "it's")
        }
        #expect(
            after
                == replacing(
                    text,
                    [
                        ("      id: \"1\"", "      id: \"142\""), ("      page: 2", "      page: 3"),
                        ("      X-Tag: 'abc'   # kept", "      X-Tag: 'it''s'   # kept"),
                    ]))
    }
}

extension ProfileSaveStyleTests {
    @Test("a one-line endpoint keeps what it did not write and its quotes: only the added and changed entries differ")
    func flowItemKeepsItsText() throws {
        // Compared with every field the emitter writes, such a line was rewritten whole: `method: GET` added where
        // the file left it out, `"/users/{id}"` and `"bytes=1-2"` unquoted.
        let text = """
            environments: { local: { base_url: "http://h" } }
            endpoints:
              - { id: users.get, name: users.get, path: "/users/{id}", params: { id: 1 }, headers: { Range: "bytes=1-2" } }
              - { id: users.list, path: /users }   # the list
            """
        let added = try saved(text, "users.get") { endpoint in
            endpoint.headers.append(Parameter("X-Test", "abc"))
        }
        #expect(
            added.contains(
                """
                  - { id: users.get, name: users.get, path: "/users/{id}", params: { id: 1 }, headers: { Range: "bytes=1-2", X-Test: abc } }
                """), "\(added)")
        let changed = try saved(text, "users.list") { endpoint in
            endpoint.method = .delete
            endpoint.query = [Parameter("all", "true")]
        }
        // New entries after the nearest key before them in the emitter's order; the comment stays.
        #expect(
            changed.contains(
                "  - { id: users.list, method: DELETE, path: /users, query: { all: true } }   # the list"),
            "\(changed)")
    }
}

import Foundation
import TestSupport
import Testing

extension EndToEndTerminal {
    /// A GraphQL query in the real explorer (tmux at 120×40) against the Ariadne peer (`Tests/Peers/graphql_server.py`):
    /// no schema kept, `Ctrl-G` fetches it through the send pipeline and keeps it where `apix graphql schema` does,
    /// the query's problem shows located, Tab completes a field and the hint line describes it, `Ctrl-T` browses the
    /// schema (search, a field's type, Esc back), and the query as fixed is sent.
    @Suite("TUI end to end: a GraphQL query with its schema", .serialized, .enabled(if: TmuxSession.isAvailable))
    struct TUIGraphQLEndToEndTests {
        /// The Ariadne peer (`Tests/Peers/graphql_server.py`) and the real explorer in tmux on one profile, `file`,
        /// written from `profile` given the peer's port. The caller ends both.
        static func explorer(file: String, _ profile: (Int) -> String) async throws -> (PythonPeer, TmuxSession, String)
        {
            let peer = try await Task.detached {
                try PythonPeer("graphql_server.py", interpreter: PythonPeer.venvPython)
            }.value
            do {
                let session = try TmuxSession()
                let profiles = session.home + "/profiles"
                do {
                    try FileManager.default.createDirectory(atPath: profiles, withIntermediateDirectories: true)
                    try profile(peer.port).write(toFile: profiles + "/" + file, atomically: true, encoding: .utf8)
                    try session.run("\(TmuxSession.apix) --profiles \(profiles)")
                } catch {
                    session.close()
                    throw error
                }
                return (peer, session, profiles)
            } catch {
                peer.stop()
                throw error
            }
        }

        @Test("fetch the schema, see a located problem, complete a field, browse, send")
        func schemaCompletionBrowser() async throws {
            let (peer, session, _) = try await Self.explorer(file: "gql.yaml") { port in
                """
                name: GQL
                environments: { local: { base_url: "http://127.0.0.1:\(port)" } }
                endpoints:
                  - id: user
                    path: /graphql
                    body:
                      graphql:
                        query: |
                          query U($id: ID!) {
                            user(id: $id) {
                              nme
                            }
                          }
                        variables: { id: "1" }
                """
            }
            defer {
                session.close()
                peer.stop()
            }
            try await session.waiting(for: "user")
            try session.send("/")
            try session.send("user", literal: true)
            try session.send("Enter", "Tab", "4", "Enter")
            try await session.waiting(for: "Ctrl-S keeps")
            try await session.waiting(for: "no schema kept for http://127.0.0.1:\(peer.port)/graphql: not checked")
            try session.send("C-g")
            try await session.waiting(for: #"3:5: Cannot query field "nme" on type "User"."#)
            let cache = session.home + "/state/apix/cache/graphql/gql@local.json"
            #expect(FileManager.default.fileExists(atPath: cache))
            // Line 3: `    nme` becomes `    na`, then Tab completes `name`; the hint line describes it.
            try session.send("Down", "Down", "End", "BSpace", "BSpace", "BSpace")
            try session.send("na", literal: true)
            try session.send("Tab")
            try await session.waiting(for: "User.name: String!")
            // A new line: Tab offers the fields of User; the deprecated one says so.
            try session.send("Enter", "Tab")
            let offered = try await session.waiting(for: "Fields of User")
            #expect(offered.contains("(deprecated)"), "\(offered)")
            try session.send("Escape")
            // The browser opens at the cursor's type; / narrows, Enter goes to a field's type, Esc comes back.
            try session.send("C-t")
            try await session.waiting(for: "types › User  (object)")
            try session.send("/")
            try session.send("pos", literal: true)
            try session.send("Enter", "Enter")
            try await session.waiting(for: "types › User › Post  (object)")
            try session.send("Escape", "Escape")
            try await session.waiting(for: "interface  — Anything with an id.")
            try session.send("Escape")
            try await session.waiting(for: "Ctrl-S keeps")
            try session.send("BSpace", "C-s")
            try await session.waiting(for: "body updated (GraphQL)")
            try session.send("C-r")
            let answered = try await session.waiting(for: "200 OK")
            #expect(!answered.contains("graphql errors"), "\(answered)")
            try session.send("q", "y")
        }

        @Test("typing a string's \\u escape at the query's end is a located problem, not the explorer's end (fuzzed)")
        func escapeTypedAtTheEnd() async throws {
            let (peer, session, _) = try await Self.explorer(file: "gql.yaml") { port in
                """
                name: GQL
                environments: { local: { base_url: "http://127.0.0.1:\(port)" } }
                endpoints:
                  - { id: users, path: /graphql, body: { graphql: { query: "{ user(id: ) { name } }" } } }
                """
            }
            defer {
                session.close()
                peer.stop()
            }
            try await session.waiting(for: "users")
            try session.send("Tab", "4", "Enter")
            try await session.waiting(for: "Ctrl-S keeps")
            try session.send("C-g")
            try await session.waiting(for: "1:12: Syntax Error")
            // The check runs as the text changes: `"\u` is typed where the value goes, then the rest is cut, so the
            // query ends in the escape (GraphQLSwift read past the end there and trapped).
            try session.send("Home")
            for _ in 0..<11 { try session.send("Right") }
            for _ in 0..<12 { try session.send("DC") }
            try session.send(#""\u"#, literal: true)
            let shown = try await session.waiting(for: "Invalid character escape sequence")
            #expect(shown.contains("1:14:"), "\(shown)")
            try session.send("BSpace", "BSpace", "BSpace")
            try session.send(#""1") { name } }"#, literal: true)
            try session.send("C-s")
            try await session.waiting(for: "body updated (GraphQL)")
            try session.send("C-r")
            try await session.waiting(for: #""name": "Ada""#)
            try session.send("q", "y")
        }

        @Test("edit the variables as JSON, a located error, keep, send, save into the profile")
        func variablesEditor() async throws {
            let (peer, session, profiles) = try await Self.explorer(file: "gql.yaml") { port in
                """
                name: GQL
                environments: { local: { base_url: "http://127.0.0.1:\(port)" } }
                endpoints:
                  - id: user
                    path: /graphql
                    body:
                      graphql:
                        query: |
                          query U($id: ID!) {
                            user(id: $id) { name }
                          }
                        variables: { id: "1" }
                """
            }
            defer {
                session.close()
                peer.stop()
            }
            try await session.waiting(for: "user")
            try session.send("/")
            try session.send("user", literal: true)
            try session.send("Enter", "Tab", "4", "Enter")
            try await session.waiting(for: "Ctrl-V variables")
            try session.send("C-v")
            try await session.waiting(for: "the query declares $id: ID!")
            // `"1"` becomes `"2"`, then a stray character breaks the JSON: Ctrl-S says where, and keeps nothing.
            try session.send("Down", "End", "Left", "BSpace")
            try session.send("2", literal: true)
            try session.send("End")
            try session.send("x", literal: true)
            try session.send("C-s")
            try await session.waiting(for: "variables: JSON error at line 2, column 12")
            // The cursor is at the error: Delete takes the stray character away.
            try session.send("DC", "C-s")
            try await session.waiting(for: "body updated (GraphQL)")
            try session.send("C-r")
            // User 2 is Grace: the edited variables were sent.
            let answered = try await session.waiting(for: "Grace")
            #expect(answered.contains("200 OK") && !answered.contains("graphql errors"), "\(answered)")
            try session.send("s")
            try await session.waiting(for: "saved profile gql")
            var saved = ""
            for _ in 0..<50 {
                saved = (try? String(contentsOfFile: profiles + "/gql.yaml", encoding: .utf8)) ?? ""
                if saved.contains(#"id: "2""#) { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(saved.contains(#"variables: { id: "2" }"#), "\(saved)")
            #expect(saved.contains("query: |\n          query U($id: ID!) {"), "\(saved)")
            try session.send("q", "y")
        }
    }
}

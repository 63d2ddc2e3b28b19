import DemoAPI
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ExplorerCore

/// A download whose directory is missing is refused by the client, before any sender's request leaves: `apix run`,
/// `apix test` and the explorer all send through `Client.send`, so none of them can POST and then fail to save.
@Suite("downloads into a missing directory")
struct DownloadDirectoryTests {
    /// Counts the attempts it is asked to adapt (a token fetch would happen there).
    final class CountingInterceptor: RequestInterceptor {
        let adapted = Mutex(0)

        func adapt(_ request: PreparedRequest, attempt: Int) async throws(ClientError) -> PreparedRequest {
            adapted.withLock { $0 += 1 }
            return request
        }
    }

    static func todoCount(_ server: RunningDemoServer) async throws -> Int {
        let result = await Client().send(PreparedRequest(url: server.url("/todos")))
        let response = try result.get()
        guard case .array(let todos) = try JSONValue.parse(response.body.data()) else { return -1 }
        return todos.count
    }

    @Test("a POST to save into a missing directory (or under a file) fails as local I/O, unsent and unadapted")
    func refusedBeforeSending() async throws {
        let directory = try TemporaryDirectory()
        try "x".write(toFile: directory.path + "/file", atomically: true, encoding: .utf8)
        try await withDemoServer { server in
            let before = try await Self.todoCount(server)
            for target in [
                directory.path + "/missing/out.json", directory.path + "/file/out.json",
                directory.path
                    + "/missing/",
            ] {
                var request = PreparedRequest(
                    method: .post, url: server.url("/todos"),
                    headers: ["Content-Type": "application/json"],
                    body: .bytes(Data(#"{"title":"saved nowhere"}"#.utf8), contentType: "application/json"))
                request.options.downloadTo = target
                let interceptor = CountingInterceptor()
                let result = await Client().send(request, options: SendOptions(interceptor: interceptor))
                guard case .failure(let failure) = result, let error = failure.transportError else {
                    Issue.record("expected a failure for \(target), got \(result)")
                    continue
                }
                #expect(error.kind == .localIO)
                #expect(error.exitCode == 23)
                #expect(error.message.hasPrefix("cannot write \(target): "), "\(error.message)")
                #expect(error.message.hasSuffix("; nothing was sent"))
                #expect(interceptor.adapted.withLock { $0 } == 0, "no credential was fetched for it")
            }
            #expect(try await Self.todoCount(server) == before, "no todo was created")
            // The same request into a directory that exists goes, and its answer is saved there.
            var request = PreparedRequest(
                method: .post, url: server.url("/todos"),
                headers: ["Content-Type": "application/json"],
                body: .bytes(Data(#"{"title":"saved"}"#.utf8), contentType: "application/json"))
            request.options.downloadTo = directory.path + "/out.json"
            let saved = try await Client().send(request).get()
            #expect(saved.statusCode == 201)
            #expect(try await Self.todoCount(server) == before + 1)
            let written = try String(contentsOfFile: directory.path + "/out.json", encoding: .utf8)
            #expect(written.contains("\"saved\""))
        }
    }
}

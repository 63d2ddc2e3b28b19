import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

@Suite("Where a body is written (BodyDestination)")
struct BodyDestinationTests {
    @Test("~ is the home directory and a relative path starts at the base")
    func paths() {
        #expect(BodyDestination("~/out.json", base: "/work", home: "/home/u").path == "/home/u/out.json")
        #expect(BodyDestination("~", base: "/work", home: "/home/u").path == "/home/u/")
        #expect(BodyDestination("out.json", base: "/work", home: "/home/u").path == "/work/out.json")
        #expect(BodyDestination("../x/./out.json", base: "/work/a", home: "/h").path == "/work/x/out.json")
        #expect(BodyDestination("dir/", base: "/work", home: "/h").path == "/work/dir/")
    }

    @Test("inside a directory the name comes from Content-Disposition, else the URL, made safe")
    func names() {
        #expect(BodyDestination.fileName(url: "http://h/files/report%20v2.csv?x=1") == "report v2.csv")
        #expect(BodyDestination.fileName(url: "http://h/") == "download")
        #expect(BodyDestination.fileName(url: "http://h") == "download")
        let quoted: HTTPHeaders = ["Content-Disposition": "attachment; filename=\"data.json\""]
        #expect(BodyDestination.fileName(url: "http://h/x", headers: quoted) == "data.json")
        let utf8: HTTPHeaders = ["Content-Disposition": "attachment; filename=a.txt; filename*=UTF-8''na%C3%AFve.txt"]
        #expect(BodyDestination.fileName(url: "http://h/x", headers: utf8) == "naïve.txt")
        let hostile: HTTPHeaders = ["Content-Disposition": "attachment; filename=\"../../.bashrc\""]
        #expect(BodyDestination.fileName(url: "http://h/x", headers: hostile) == "bashrc")
        let control: HTTPHeaders = ["Content-Disposition": "attachment; filename=\"a\u{1B}[2Jb\""]
        #expect(BodyDestination.fileName(url: "http://h/x", headers: control) == "a[2Jb")
        #expect(BodyDestination.fileName(url: "http://h/%2E%2E") == "download")
        // A slash or a dot joined to a combining mark (one character with it) is still a slash, a dot.
        let joined: HTTPHeaders = ["Content-Disposition": "attachment; filename*=UTF-8''sub%2F%CC%81x%2F%CC%81..%2Fy"]
        #expect(BodyDestination.fileName(url: "http://h/x", headers: joined) == "y")
        let slash: HTTPHeaders = ["Content-Disposition": "attachment; filename*=UTF-8''sub%2F%CC%81x"]
        #expect(BodyDestination.fileName(url: "http://h/x", headers: slash) == "\u{301}x")
        let dot: HTTPHeaders = ["Content-Disposition": "attachment; filename*=UTF-8''.%CC%81profile"]
        #expect(BodyDestination.fileName(url: "http://h/x", headers: dot) == "\u{301}profile")
        #expect(BodyDestination.fileName(url: "http://h/a%2F%CC%81b") == "\u{301}b")
    }

    @Test("a directory target gets a file inside it; the directory is never replaced")
    func directoryTarget() throws {
        let directory = try TemporaryDirectory()
        let body = ResponseBody(data: Data("{}".utf8))
        let headers: HTTPHeaders = ["Content-Disposition": "attachment; filename=\"report.json\""]
        let written = try BodyDestination(directory.path, base: "/", home: "/")
            .write(body, url: "http://h/api/x", headers: headers)
        #expect(written == directory.file("report.json"))
        #expect(FileManager.default.contents(atPath: written) == Data("{}".utf8))
        let byURL = try BodyDestination(directory.path + "/", base: "/", home: "/")
            .write(body, url: "http://h/api/items.json", headers: [:])
        #expect(byURL == directory.file("items.json"))
    }

    @Test("a file in a directory that does not exist: the message names the directory, not a temporary file")
    func missingDirectory() throws {
        let directory = try TemporaryDirectory()
        let target = directory.file("absent/out.png")
        do {
            _ = try BodyDestination(target, base: "/", home: "/")
                .write(ResponseBody(data: Data([1])), url: "http://h/x", headers: [:])
            Issue.record("written into a directory that does not exist")
        } catch {
            #expect(error.description.contains("no directory \(directory.file("absent"))"), "\(error)")
            #expect(!error.description.contains("temporary file"), "\(error)")
        }
    }

    @Test("a new file is 0666 narrowed by the umask, not 0600")
    func permissions() throws {
        let directory = try TemporaryDirectory()
        let old = umask(0o002)
        defer { umask(old) }
        let written = try BodyDestination(directory.file("a.json"), base: "/", home: "/")
            .write(ResponseBody(data: Data("{}".utf8)), url: "http://h/", headers: [:])
        let mode = try #require(FileManager.default.attributesOfItem(atPath: written)[.posixPermissions] as? Int)
        #expect(mode == 0o664)
    }
}

/// Downloads to a file (`-o`, `download: to:`) against the demo API: `NAME.part` until complete.
@Suite("Downloads to a file")
struct DownloadFileTests {
    let client = Client()

    @Test("a complete download is renamed from NAME.part to NAME, created 0666 narrowed by the umask")
    func completes() async throws {
        let directory = try TemporaryDirectory()
        let old = umask(0o002)
        defer { umask(old) }
        try await withDemoServer { server in
            var request = PreparedRequest(url: server.url("/bytes/200000"))
            request.options.downloadTo = directory.file("out.bin")
            let response = try await client.send(request).response()
            #expect(response.body.filePath == directory.file("out.bin"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.bin"])
            let attributes = try FileManager.default.attributesOfItem(atPath: directory.file("out.bin"))
            #expect(attributes[.size] as? Int == 200_000)
            #expect(attributes[.posixPermissions] as? Int == 0o664)
        }
    }

    @Test("a download into a directory is named from the URL")
    func intoDirectory() async throws {
        let directory = try TemporaryDirectory()
        try await withDemoServer { server in
            var request = PreparedRequest(url: server.url("/bytes/1000"))
            request.options.downloadTo = directory.path
            let response = try await client.send(request).response()
            #expect(response.body.filePath == directory.file("1000"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["1000"])
        }
    }

    @Test("a cancelled download removes its NAME.part, keeps the old file, and says so")
    func cancelled() async throws {
        let directory = try TemporaryDirectory()
        let target = try directory.write("out.bin", "the previous download")
        try await withDemoServer { server in
            var request = PreparedRequest(url: server.url("/drip?bytes=1000000&duration=30"))
            request.options.downloadTo = target
            let transfer = client.start(request)
            for await event in transfer.progress where event.received > 0 { break }
            #expect(FileManager.default.fileExists(atPath: target + ".part"), "the partial file while it runs")
            transfer.cancel()
            let error = try #require(await transfer.result.error)
            #expect(error.isCancelled)
            #expect(error.note == "the partial download \(target).part was removed")
            #expect(error.message == "cancelled; the partial download \(target).part was removed")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.bin"])
            #expect(FileManager.default.contents(atPath: target) == Data("the previous download".utf8))
        }
    }

    @Test("a failed download (the connection lost mid-body) removes its NAME.part and says so")
    func failed() async throws {
        let directory = try TemporaryDirectory()
        try await withDemoServer { server in
            var request = PreparedRequest(url: server.url("/drip?bytes=1000000&duration=30"))
            request.options.downloadTo = directory.file("out.bin")
            let transfer = client.start(request)
            for await event in transfer.progress where event.received > 0 { break }
            #expect(FileManager.default.fileExists(atPath: directory.file("out.bin.part")))
            await server.shutdown()
            let error = try #require(await transfer.result.error)
            #expect(!error.isCancelled)
            #expect(error.note == "the partial download \(directory.file("out.bin")).part was removed", "\(error)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        }
    }
}

import Foundation
import Testing

@testable import ExplorerCore

@Suite("Request plans: built without the machine, settled when sent")
struct RequestPlanTests {
    static let yaml = """
        default_environment: local
        environments:
          local: { base_url: "http://127.0.0.1:8080" }
        endpoints:
          - id: upload
            method: POST
            path: /files/report.csv
            body: { multipart: { note: hello, doc: "@missing/nothing-here.bin" } }
            download: { to: out }
          - id: declared
            method: POST
            path: /upload
            headers: { Content-Type: "multipart/form-data; boundary=fixed" }
            body: { multipart: { note: hello } }
          - id: relative
            method: POST
            path: /upload
            body: { file: "@data.bin" }
        """

    func builder(directory: String) throws -> RequestBuilder {
        let profile = try ProfileLoader.parse(yaml: Self.yaml, file: directory + "/demo.yaml", id: "demo").get()
        return try RequestBuilder(profile: profile, processEnvironment: ["HOME": "/home/me"])
    }

    func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "apix-plan-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("a plan names a missing file and draws no boundary, the same twice; each send draws its own boundary")
    func boundaryAtSend() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let builder = try builder(directory: directory)
        let endpoint = try #require(builder.profile.endpoint("upload"))
        let plan = try builder.plan(for: endpoint)
        let again = try builder.plan(for: endpoint)
        #expect(plan == again)
        #expect(plan.drawsBoundary)
        guard case .multipart(let planned) = plan.request.body else {
            Issue.record("expected multipart")
            return
        }
        #expect(planned.boundary.isEmpty)
        #expect(
            planned.parts[1].content
                == .file(
                    path: directory + "/missing/nothing-here.bin", filename: nil,
                    contentType: nil))
        let first = plan.prepared()
        let second = plan.prepared()
        guard case .multipart(let a) = first.body, case .multipart(let b) = second.body else {
            Issue.record("expected multipart")
            return
        }
        #expect(a.boundary.hasPrefix("apix-boundary-") && b.boundary.hasPrefix("apix-boundary-"))
        #expect(a.boundary != b.boundary)
        // 96 random bits: 24 lowercase hex digits, leading zeros kept.
        for boundary in [a.boundary, b.boundary] + (0..<50).map({ _ in MultipartBody.randomBoundary() }) {
            let digits = boundary.dropFirst("apix-boundary-".count)
            #expect(digits.count == 24 && digits.allSatisfy { "0123456789abcdef".contains($0) }, "\(boundary)")
        }
        #expect(plan.prepared(boundary: "given").body.contentType == "multipart/form-data; boundary=given")
    }

    @Test("a boundary named in the Content-Type is kept, never drawn")
    func declaredBoundary() throws {
        let builder = try builder(directory: "/profiles")
        let plan = try builder.plan(for: try #require(builder.profile.endpoint("declared")))
        #expect(!plan.drawsBoundary)
        #expect(plan.prepared(boundary: "other").body.contentType == "multipart/form-data; boundary=fixed")
        #expect(try builder.request(endpoint: "declared") == plan.prepared(boundary: "other"))
    }

    @Test("a download target is looked at when sent: a directory then gets the URL's last component inside it")
    func downloadDirectoryAtSend() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let builder = try builder(directory: directory)
        let endpoint = try #require(builder.profile.endpoint("upload"))
        let before = try builder.plan(for: endpoint)
        #expect(before.request.options.downloadTo == directory + "/out")
        #expect(before.downloadName == "report.csv")
        #expect(before.prepared().options.downloadTo == directory + "/out")
        try FileManager.default.createDirectory(atPath: directory + "/out", withIntermediateDirectories: false)
        let after = try builder.plan(for: endpoint)
        #expect(after == before)
        #expect(after.prepared().options.downloadTo == directory + "/out/report.csv")
        #expect(try builder.request(for: endpoint).options.downloadTo == directory + "/out/report.csv")
    }

    @Test("a profile without a file resolves relative paths against the working directory it is given")
    func workingDirectory() throws {
        var builder = try builder(directory: "/profiles")
        builder.profile.file = ""
        builder.workingDirectory = "/work/here"
        let plan = try builder.plan(for: try #require(builder.profile.endpoint("relative")))
        #expect(plan.request.body == .file(path: "/work/here/data.bin", contentType: "application/octet-stream"))
    }
}

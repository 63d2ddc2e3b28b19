import Foundation
import Testing

@testable import CollectionImport
@testable import ExplorerCore
@testable import ExplorerImport

/// The "a file apix imports is here" hint (`NearbyFiles`, in the core, without the importers) names a file exactly
/// when `apix import FILE` makes a profile of it: on every sample kept here, the shared OpenAPI specs (Stripe's has its
/// keys sorted, `openapi:` on line 40,015) and the shared import samples, each copied into a directory of its own.
/// A Postman environment file is recognised by import only to be refused alone (it goes with `--environment`).
@Suite("nearby imports agree with import")
struct NearbyImportAgreementTests {
    static func files(in directory: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: directory)
        var files: [String] = []
        while let name = enumerator?.nextObject() as? String {
            let path = (directory as NSString).appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            let lower = name.lowercased()
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                NearbyFiles.extensions.contains(where: { lower.hasSuffix($0) })
            else { continue }
            files.append(path)
        }
        return files.sorted()
    }

    /// Whether `apix import FILE` makes a profile of `path`: detected, then read by its importer.
    static func imports(_ path: String) -> Bool {
        guard let format = ImportFormat.detect(path: path) else { return false }
        if format == .openapi {
            guard let data = FileManager.default.contents(atPath: path) else { return false }
            return (try? OpenAPIImporter.makeProfile(text: String(decoding: data, as: UTF8.self), id: "t", file: path))
                != nil
        }
        return (try? CollectionImporter.makeProfile(format: format, path: path, id: "t")) != nil
    }

    @Test("every sample: named by the hint when, and only when, import makes a profile of it")
    func agreement() throws {
        var paths = Self.files(in: ImportFixtures.directory.path)
        for shared in ["openapi-specs", "import-samples"] {
            if let directory = ImportFixtures.sharedDirectory(shared) { paths += Self.files(in: directory) }
        }
        #expect(paths.count >= 15)
        var named = 0
        for path in paths {
            let directory = NSTemporaryDirectory() + "apix-nearby-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let name = (path as NSString).lastPathComponent
            try FileManager.default.copyItem(atPath: path, toPath: directory + "/" + name)
            let found = NearbyFiles.find(in: directory, searched: directory + "/profiles")
            let hinted = found?.imports == [name]
            #expect(hinted == Self.imports(path), "\(path): the hint says \(hinted)")
            if hinted { named += 1 }
        }
        #expect(named >= 10, "the samples hold every kind")
    }

    @Test("a Postman environment alone is recognised and left out; beside its collection it imports")
    func postmanEnvironment() throws {
        let environment = #"{"name": "dev", "values": [{"key": "host", "value": "x"}]}"#
        #expect(ImportFormat.detect(text: environment, name: "dev.json") == .postman)
        #expect(!ImportFormat.importsAlone(text: environment, name: "dev.json"))
        let collection = #"{"info": {"name": "c", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/"}}"#
        #expect(ImportFormat.importsAlone(text: collection, name: "c.json"))
    }

    @Test("a top-level key is found at the start of any line, after \\n or \\r, never inside one")
    func topLevelKeys() {
        #expect(ImportFormat.hasTopLevelKey("openapi", in: "openapi: 3.1.0\n"))
        #expect(ImportFormat.hasTopLevelKey("openapi", in: "info:\n  title: x\nopenapi: 3.1.0"))
        #expect(ImportFormat.hasTopLevelKey("openapi", in: "info: x\r\nopenapi: 3.1.0\r\n"))
        #expect(ImportFormat.hasTopLevelKey("openapi", in: "info: x\ropenapi: 3.1.0"))
        #expect(!ImportFormat.hasTopLevelKey("openapi", in: "info:\n  openapi: 3.1.0\n"))
        #expect(!ImportFormat.hasTopLevelKey("openapi", in: "x-openapi: 1\nopenapix: 2\nopenapi"))
        #expect(ImportFormat.hasTopLevelKey("type: spec.insomnia.rest/", in: "a: 1\ntype: spec.insomnia.rest/5.0\n"))
    }
}

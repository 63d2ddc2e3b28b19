import Foundation
import Testing

@testable import CollectionImport
@testable import ExplorerCore

/// The "a file apix imports is here" hint (`NearbyFiles`, in the core, without the importers) names a file exactly
/// when `apix import FILE` would read it: on every sample kept here and on Stripe's (keys sorted, `openapi:` on line
/// 40,015) when the shared copy is present. A Postman environment file is recognised by import only to be refused
/// alone (it goes with `--environment`), so the hint leaves it out.
@Suite("nearby imports agree with import detection")
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

    @Test("every sample: named by the hint when, and only when, import reads it on its own")
    func agreement() throws {
        var paths = Self.files(in: ImportFixtures.directory.path)
        if let stripe = ImportFixtures.shared("openapi-specs", "stripe-spec3-3.0.yaml") { paths.append(stripe) }
        #expect(paths.count >= 15)
        var importable = 0
        for path in paths {
            let text = try #require(NearbyFiles.head(of: path))
            let format = ImportFormat.detect(path: path)
            let parsed = try? JSONValue.parse(text)
            let environment = format == .postman && parsed.map(PostmanImporter.isEnvironment) == true
            let alone = format != nil && !environment
            let name = (path as NSString).lastPathComponent.lowercased()
            #expect(NearbyFiles.isImportable(text, name: name) == alone, "\(path): import reads it as \(format as Any)")
            if alone { importable += 1 }
        }
        #expect(importable >= 10, "the samples hold every kind")
    }
}

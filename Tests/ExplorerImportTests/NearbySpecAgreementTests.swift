import Foundation
import Testing

@testable import CollectionImport
@testable import ExplorerCore

/// The "an API description is here" hint (`NearbyFiles`, in the core, without the importers) calls a file a spec
/// exactly when `apix import` would read it as OpenAPI: on every sample kept here and on Stripe's (keys sorted,
/// `openapi:` on line 40,015) when the shared copy is present.
@Suite("nearby specs agree with import detection")
struct NearbySpecAgreementTests {
    @Test("every YAML and JSON sample: a spec for the hint when, and only when, import detects OpenAPI")
    func agreement() throws {
        var paths = try FileManager.default.contentsOfDirectory(atPath: ImportFixtures.directory.path)
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") || $0.hasSuffix(".json") }
            .map(ImportFixtures.path)
        if let stripe = ImportFixtures.shared("openapi-specs", "stripe-spec3-3.0.yaml") { paths.append(stripe) }
        #expect(paths.count >= 8)
        var specs = 0
        for path in paths {
            let text = try #require(NearbyFiles.head(of: path))
            let detected = ImportFormat.detect(path: path) == .openapi
            #expect(NearbyFiles.isSpec(text) == detected, "\(path)")
            if detected { specs += 1 }
        }
        #expect(specs >= 3, "the samples hold OpenAPI and Swagger documents")
    }
}

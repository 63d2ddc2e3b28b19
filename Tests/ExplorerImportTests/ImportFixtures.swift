import Foundation
import Testing

@testable import CollectionImport
@testable import ExplorerCore

/// Where the import tests find their files: copies in `Fixtures`, and the large shared samples beside the
/// repository (`../shared`), which may be absent.
enum ImportFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    static func text(_ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    /// `../shared/<sub>/<name>` beside the repository, when present.
    static func shared(_ sub: String, _ name: String) -> String? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let path = root.appendingPathComponent("shared/\(sub)/\(name)").path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// A directory of `../shared` (`openapi-specs`, `import-samples`), when this checkout has it.
    static func sharedDirectory(_ sub: String) -> String? {
        shared(sub, "")
    }

    /// Writes the import as `apix import` does into a fresh directory and loads it back (what `apix check` reads).
    /// `sketched`: the written file must also sketch (the explorer's quick first frame), not only agree when it does.
    static func written(_ imported: ProfileImport, sketched: Bool = false) throws -> Profile {
        let directory = NSTemporaryDirectory() + "apix-import-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var copy = imported
        let written = try ProfileImportWriter.write(&copy, source: "a test", directory: directory, force: false)
        let loaded = try ProfileLoader.load(file: written.file).get()
        // The explorer's first frame may come from a sketch of the file: it must show what loading reads.
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: written.file)))
        let sketch = ProfileSketch.profile(bytes, id: loaded.id, file: written.file)
        if let sketch { #expect(ProfileSketch.differences(sketch, loaded) == [], "\(loaded.id): the sketch differs") }
        if sketched { #expect(sketch != nil, "\(loaded.id): no sketch") }
        return loaded
    }
}

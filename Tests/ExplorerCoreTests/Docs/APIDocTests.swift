import Foundation
import Testing

/// `docs/API.md` lists ExplorerCore's public types, one line each. This keeps the page and the code in step: a type
/// made public (or no longer public) without a word in the page fails here.
@Suite("docs/API.md")
struct APIDocTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Top-level `public` types (struct, enum, class, actor, protocol, typealias) declared in Sources/ExplorerCore.
    static func publicTypes() throws -> Set<String> {
        let pattern = try Regex(#"(?m)^public (?:final )?(?:struct|enum|class|actor|protocol|typealias) (\w+)"#)
        var names: Set<String> = []
        let sources = root.appendingPathComponent("Sources/ExplorerCore")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: pattern) {
                if let name = match.output[1].substring { names.insert(String(name)) }
            }
        }
        return names
    }

    /// Type names the page lists: the first code span of each table row.
    static func documentedTypes() throws -> Set<String> {
        let text = try String(contentsOf: root.appendingPathComponent("docs/API.md"), encoding: .utf8)
        let row = try Regex(#"(?m)^\| `(\w+)`"#)
        return Set(text.matches(of: row).compactMap { $0.output[1].substring.map(String.init) })
    }

    @Test("every public type of ExplorerCore has its line, and every line names a public type")
    func inStep() throws {
        let code = try Self.publicTypes()
        let page = try Self.documentedTypes()
        #expect(code.count > 20, "the scan found the sources")
        #expect(code.subtracting(page).sorted() == [], "public but not in docs/API.md")
        #expect(page.subtracting(code).sorted() == [], "in docs/API.md but not public")
    }
}

/// `docs/ARCHITECTURE.md`'s "Where is …" table names one file per behaviour: each must exist.
@Suite("docs/ARCHITECTURE.md")
struct ArchitectureDocTests {
    @Test("every file the 'Where is' table names exists under Sources")
    func whereIsFilesExist() throws {
        let root = APIDocTests.root
        let text = try String(contentsOf: root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        let table = try #require(text.components(separatedBy: "## Where is").last)
        let span = try Regex(#"`([A-Za-z/+.]+\.swift)`"#)
        let names = table.matches(of: span).compactMap { $0.output[1].substring.map(String.init) }
        #expect(names.count > 20)
        let sources = root.appendingPathComponent("Sources")
        var all: [String] = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL { all.append(file.path) }
        for name in names {
            let found =
                name.contains("/")
                ? FileManager.default.fileExists(atPath: sources.appendingPathComponent(name).path)
                : all.contains { $0.hasSuffix("/" + name) }
            #expect(found, "\(name) is named in 'Where is' but not found")
        }
    }
}

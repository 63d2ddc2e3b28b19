import Foundation
import Testing

/// `docs/API.md` lists ExplorerCore's public API: a `### \`Type\`` heading per public type, and under it, in Swift
/// code blocks, the first line of each of its public declarations (its members from every file, nested types
/// included). This keeps the page and the code in step both ways: a declaration made public, changed or no longer
/// public without the same change on the page fails here, with the lines to add or remove.
@Suite("docs/API.md")
struct APIDocTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// One public declaration: the top-level type it belongs to, and its signature on one line.
    struct Declaration: Hashable, Comparable, CustomStringConvertible {
        var type: String
        var signature: String
        var description: String { "\(type): \(signature)" }
        static func < (lhs: Self, rhs: Self) -> Bool { lhs.description < rhs.description }
    }

    /// Every `public` declaration in Sources/ExplorerCore (the lines `grep -E '^\s*(@[a-zA-Z]+ )*public '` counts),
    /// under the top-level type declared or extended above it in its file.
    static func codeDeclarations() throws -> Set<Declaration> {
        let topLevel = try Regex(
            #"^(?:public |package |private |fileprivate |internal )?(?:final )?(?:struct|enum|class|actor|protocol|extension) (\w+)"#
        )
        let isPublic = try Regex(#"^\s*(?:@[a-zA-Z]+ )*public\s"#)
        var found: Set<Declaration> = []
        let sources = root.appendingPathComponent("Sources/ExplorerCore")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            var type: String?
            for (index, line) in lines.enumerated() {
                if let match = line.firstMatch(of: topLevel), let name = match.output[1].substring {
                    type = String(name)
                }
                guard line.firstMatch(of: isPublic) != nil else { continue }
                found.insert(Declaration(type: type ?? "?", signature: signature(lines, from: index)))
            }
        }
        return found
    }

    /// The declaration starting at `lines[start]` on one line: up to its body's `{` (or, when the line ends with
    /// the parentheses closed, up to the line's end unless the next line goes on with `->`, `throws`, `async` or
    /// `where`), whitespace collapsed, comments dropped, and the value of a constant or variable left out.
    static func signature(_ lines: [String], from start: Int) -> String {
        var parts: [String] = []
        var depth = 0
        var index = start
        scan: while index < lines.count {
            var line = lines[index]
            if let comment = line.range(of: " //") { line = String(line[..<comment.lowerBound]) }
            var part = ""
            for character in line {
                switch character {
                case "(", "[": depth += 1
                case ")", "]": depth -= 1
                case "{" where depth == 0:
                    parts.append(part)
                    break scan
                default: break
                }
                part.append(character)
            }
            parts.append(part)
            let next = index + 1 < lines.count ? lines[index + 1].drop(while: \.isWhitespace) : ""
            let continues = ["->", "throws", "async", "where", "rethrows"].contains { next.hasPrefix($0) }
            if depth == 0 && !continues { break }
            index += 1
        }
        var text = parts.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for (from, to) in [("( ", "("), (" )", ")"), ("[ ", "["), (" ]", "]")] {
            text = text.replacingOccurrences(of: from, with: to)
        }
        let storage = try? Regex(
            #"^(?:@[a-zA-Z]+ )*public (?:static |nonisolated |private\(set\) |final )*(?:var|let) "#)
        if let storage, text.firstMatch(of: storage) != nil, let equals = text.range(of: " = ") {
            text = String(text[..<equals.lowerBound])
        }
        return text
    }

    /// The declarations the page lists: each `public` line of a Swift code block, under the `### \`Type\``
    /// heading above it.
    static func pageDeclarations() throws -> Set<Declaration> {
        let text = try String(contentsOf: root.appendingPathComponent("docs/API.md"), encoding: .utf8)
        let heading = try Regex(#"^### `(\w+)`"#)
        var found: Set<Declaration> = []
        var type: String?
        var inCode = false
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                inCode = line == "```swift"
                continue
            }
            if !inCode, let match = line.firstMatch(of: heading), let name = match.output[1].substring {
                type = String(name)
            }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if inCode, let type, trimmed.hasPrefix("public ") {
                found.insert(Declaration(type: type, signature: trimmed))
            }
        }
        return found
    }

    @Test("every public declaration of ExplorerCore is on the page under its type, and every line there is public")
    func declarationsInStep() throws {
        let code = try Self.codeDeclarations()
        let page = try Self.pageDeclarations()
        #expect(code.count > 200, "the scan found the sources")
        #expect(code.subtracting(page).sorted().map(\.description) == [], "public but not in docs/API.md")
        #expect(page.subtracting(code).sorted().map(\.description) == [], "in docs/API.md but not public")
    }

    @Test("every public type has its heading, and every heading names a public type")
    func typesInStep() throws {
        let declares = try Regex(#"^public (?:final )?(?:struct|enum|class|actor|protocol|typealias) (\w+)"#)
        let code = Set(
            try Self.codeDeclarations().filter { declaration in
                declaration.signature.firstMatch(of: declares)?.output[1].substring.map(String.init)
                    == declaration.type
            }.map(\.type))
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/API.md"), encoding: .utf8)
        let heading = try Regex(#"(?m)^### `(\w+)`"#)
        let page = Set(text.matches(of: heading).compactMap { $0.output[1].substring.map(String.init) })
        #expect(code.count > 20)
        #expect(code.subtracting(page).sorted() == [], "public but without a heading in docs/API.md")
        #expect(page.subtracting(code).sorted() == [], "a heading in docs/API.md for a type that is not public")
    }

    @Test("ExplorerCore keeps its public surface small: at most 500 public declaration lines")
    func surfaceSize() throws {
        #expect(try Self.codeDeclarations().count <= 500)
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

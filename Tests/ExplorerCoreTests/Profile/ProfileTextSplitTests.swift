import Foundation
import Testing

@testable import ExplorerCore

/// Long profiles are composed as two halves on two threads; whatever the text, the result must be what composing
/// the whole file gives.
@Suite("Profile text split")
struct ProfileTextSplitTests {
    static let file = "/p/long.yaml"

    /// A long profile exercising what can span lines inside an endpoint: block scalars, flow collections over
    /// several lines, multi-line quoted strings, comments at column 0, and a top-level key after the list.
    static func profile(count: Int = 300, indent: String = "  ", lineEnd: String = "\n", after: Bool = true) -> String {
        var lines = [
            "name: Long",
            "environments:",
            "  local: { base_url: \"http://127.0.0.1:1\" }",
            "endpoints:",
        ]
        for index in 0..<count {
            lines.append("\(indent)- id: op\(index)")
            switch index % 5 {
            case 0:
                lines += ["\(indent)  path: /items/\(index)", "\(indent)  method: POST", "\(indent)  body:"]
                lines += ["\(indent)    text: |", "\(indent)      line one", "", "\(indent)      - not an item"]
            case 1:
                lines += ["\(indent)  path: /items/{id}", "\(indent)  params: {", "\(indent)    id: \(index) }"]
            case 2:
                lines += ["\(indent)  path: /items/\(index)", "\(indent)  name: \"two", "\(indent)    lines\""]
                lines += ["# a comment at column 0"]
            case 3:
                lines += ["\(indent)  path: /items/{id}", "\(indent)  params:", "\(indent)    id: \(index)"]
                lines += ["\(indent)  query: { tags: [a, b] }"]
            default:
                lines += ["\(indent)  path: /items/{id}", "\(indent)  params: { id: \(index) }", ""]
            }
        }
        if after { lines += ["headers:", "  Accept: application/json"] }
        return lines.joined(separator: lineEnd) + lineEnd
    }

    func both(_ yaml: String) -> (split: (Profile?, [ProfileProblem]), whole: (Profile?, [ProfileProblem])) {
        (
            ProfileLoader.read(yaml: yaml, file: Self.file, id: "long"),
            ProfileLoader.read(yaml: yaml, file: Self.file, id: "long", split: false)
        )
    }

    @Test("split reading equals whole reading", arguments: ["  ", ""], ["\n", "\r\n"])
    func sameResult(indent: String, lineEnd: String) throws {
        let yaml = Self.profile(indent: indent, lineEnd: lineEnd)
        // `readSplit` itself (`read` would not split on a one-core machine), against the whole file.
        let split = try #require(ProfileLoader.readSplit(yaml: yaml, file: Self.file, id: "long"))
        let whole = ProfileLoader.read(yaml: yaml, file: Self.file, id: "long", split: false)
        let profile = try #require(split.0)
        #expect(split.1.isEmpty)
        #expect(whole.1.isEmpty)
        #expect(profile == whole.0)
        #expect(profile.endpoints.count == 300)
        #expect(profile.headers.count == 1)
        #expect(profile.endpoints[150].id == "op150")
        #expect(profile.endpoints[150].path.location?.line == whole.0?.endpoints[150].path.location?.line)
    }

    @Test("the halves line up with the file: lines kept, second half blanked in the head")
    func halves() throws {
        let yaml = Self.profile(after: true)
        let split = try #require(ProfileTextSplit(yaml, minimumItems: 256))
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        let head = split.head.split(separator: "\n", omittingEmptySubsequences: false)
        let tail = split.tail.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(head.count == lines.count)
        #expect(lines[split.tailLine] == "  - id: op150")
        #expect(head[..<split.tailLine] == lines[..<split.tailLine])
        #expect(head[split.tailLine...].dropLast(3).allSatisfy { $0.isEmpty })
        #expect(head.suffix(3) == lines.suffix(3))
        #expect(tail[..<split.tailLine].allSatisfy { $0.isEmpty })
        #expect(tail[split.tailLine] == "  - id: op150")
        #expect(!tail.contains("headers:"))
    }

    @Test(
        "texts that are not cut: short lists, anchors or aliases, flow lists, several documents, other line breaks",
        arguments: [
            ProfileTextSplitTests.profile(count: 100),
            ProfileTextSplitTests.profile().replacingOccurrences(
                of: "- id: op7\n", with: "- id: op7\n    params: &shared { id: 7 }\n"),
            ProfileTextSplitTests.profile().replacingOccurrences(of: "params: { id: 9 }", with: "<<: *shared"),
            // An anchor after a tag.
            ProfileTextSplitTests.profile().replacingOccurrences(
                of: "- id: op7\n", with: "- id: op7\n    params: !!map &shared { id: 7 }\n"),
            ProfileTextSplitTests.profile().replacingOccurrences(of: "params: { id: 9 }", with: "params: [ *x ]"),
            "name: x\nenvironments: { a: { base_url: \"http://h\" } }\nendpoints: ["
                + String(repeating: "{ id: a, path: / },", count: 300) + "]\n",
            "---\n" + ProfileTextSplitTests.profile(),
            // libyaml counts these as line breaks; the LF padding of the tail would not line up.
            ProfileTextSplitTests.profile().replacingOccurrences(of: "name: Long", with: "name: \"Lo\u{2028}ng\""),
            ProfileTextSplitTests.profile().replacingOccurrences(of: "name: Long\n", with: "name: Long\r"),
        ])
    func notCut(yaml: String) {
        #expect(ProfileTextSplit(yaml, minimumItems: 256) == nil)
    }

    @Test("`*` and `&` inside text (Markdown bold, a URL's query) do not stop the cut, and read as the whole file")
    func textWithStarsAndAmpersands() throws {
        let yaml = Self.profile()
            .replacingOccurrences(
                of: "name: \"two", with: "description: \"Use **bold** and *this* & that\"\n    name: \"two"
            )
            .replacingOccurrences(of: "path: /items/{id}", with: "path: /items/{id}?a=1&b=*")
        #expect(yaml.contains("**bold**"))
        let split = try #require(ProfileLoader.readSplit(yaml: yaml, file: Self.file, id: "long"))
        let whole = ProfileLoader.read(yaml: yaml, file: Self.file, id: "long", split: false)
        #expect(split.1.isEmpty && whole.1.isEmpty, "\(split.1) \(whole.1)")
        #expect(split.0 == whole.0)
        #expect(split.0?.endpoints[152].description?.contains("**bold**") == true)
    }

    @Test("a cut inside a multi-line string falls back to the whole file, with the whole file's problems")
    func cutInsideScalar() throws {
        // The item at the middle is inside a quoted string that spans the list's middle.
        var yaml = Self.profile()
        yaml = yaml.replacingOccurrences(of: "  - id: op149\n", with: "  - id: op149\n    description: \"open\n")
        yaml = yaml.replacingOccurrences(of: "  - id: op151\n", with: "    close\"\n  - id: op151\n")
        #expect(ProfileTextSplit(yaml, minimumItems: 256) != nil)
        #expect(ProfileLoader.readSplit(yaml: yaml, file: Self.file, id: "long") == nil)
        let (split, whole) = both(yaml)
        #expect(split.0 == whole.0)
        #expect(split.1 == whole.1)
    }

    @Test("problems in both halves and in the head's other keys are located as in the whole file")
    func problemsMatch() throws {
        var yaml = Self.profile()
        yaml = yaml.replacingOccurrences(of: "  - id: op3\n", with: "  - id: op3\n    method: \"NO PE\"\n")
        yaml = yaml.replacingOccurrences(of: "  - id: op250\n", with: "  - id: op250\n    methd: GET\n")
        yaml = yaml.replacingOccurrences(of: "  - id: op299\n", with: "  - id: op1\n")
        yaml = yaml.replacingOccurrences(of: "headers:\n  Accept: application/json", with: "timeout: soon")
        // `readSplit` itself (`read` would not split on a one-core machine), against the whole file.
        let split = try #require(ProfileLoader.readSplit(yaml: yaml, file: Self.file, id: "long"))
        let whole = ProfileLoader.read(yaml: yaml, file: Self.file, id: "long", split: false)
        #expect(split.1.count >= 4, "\(split.1)")
        #expect(Set(split.1) == Set(whole.1))
    }

    @Test("a syntax error reports what composing the whole file reports")
    func syntaxError() {
        let yaml = Self.profile().replacingOccurrences(of: "  - id: op200\n", with: "  - id: op200\n    path: [\n")
        #expect(ProfileLoader.readSplit(yaml: yaml, file: Self.file, id: "long") == nil)
        let (split, whole) = both(yaml)
        #expect(split.0 == nil)
        #expect(split.1 == whole.1)
        #expect(split.1.first?.message.hasPrefix("YAML syntax error") == true)
    }
}

extension ProfileTextSplitTests {
    @Test("a text of just enough lines is cut, with or without the last line feed; one item fewer is not")
    func justEnoughLines() {
        for items in [255, 256] {
            let yaml = "endpoints:\n" + String(repeating: "- a\n", count: items)
            for text in [yaml, String(yaml.dropLast())] {
                #expect((ProfileTextSplit(text, minimumItems: 256) != nil) == (items == 256), "\(items) items")
            }
        }
    }
}

import Foundation
import Testing
import Yams

@testable import ExplorerCore

/// `YAMLComposer` replaces `Yams.compose` for profiles: on every text it must give the tree Yams gives (marks, tags,
/// styles, key order, aliases), refuse what Yams refuses (Yams then words the message), and bound aliases.
@Suite("YAML composer")
struct YAMLComposerTests {
    static let root = ShippedProfilesTests.root

    /// Yams' tree, composed as the loader composed profiles before `YAMLComposer`.
    static func yams(_ text: String) throws -> YAMLNode? {
        try Yams.compose(yaml: text, .basic, Constructor([:], [:], [:]), .utf8).map(YAMLNode.init(yams:))
    }

    /// `node` with every mapping's merge keys merged, innermost first (the corpus is shallow: recursion is fine here).
    static func mergingKeys(_ node: YAMLNode) -> YAMLNode {
        var node = node
        switch node.content {
        case .scalar: break
        case .sequence(let items): node.content = .sequence(items.map(mergingKeys))
        case .mapping(let pairs):
            node.content = .mapping(
                YAMLMergeKey.merged(
                    pairs.map { pair in
                        // Yams stored `!!str` into every key it hashed, plain ones too: as read, a plain key has none.
                        var key = mergingKeys(pair.key)
                        if key.scalar?.style == .plain, key.tag == Tag.Name.str.rawValue { key.tag = "" }
                        return .init(key: key, value: mergingKeys(pair.value))
                    }))
        }
        return node
    }

    /// The composer's tree as Yams leaves its own: Yams hashes every mapping key to find duplicates, and hashing
    /// resolves (and stores) the tag of the key and of everything inside it. The readers never ask a key's tag.
    static func composed(_ text: String) -> Result<YAMLNode?, YAMLComposer.Failure> {
        YAMLComposer.compose(text).map { $0?.resolvingKeys(false) }
    }

    /// Texts the loader reads: the shipped profiles, the OpenAPI fixture, every YAML example in the docs, the
    /// benchmark's 2,000-endpoint profile and the split tests' long profile.
    static func corpus() throws -> [(name: String, text: String)] {
        var texts: [(String, String)] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: root + "/profiles").sorted() {
            texts.append((name, try String(contentsOfFile: root + "/profiles/" + name, encoding: .utf8)))
        }
        let fixture = root + "/Tests/ExplorerImportTests/Fixtures/petstore-3.0.yaml"
        texts.append(("petstore", try String(contentsOfFile: fixture, encoding: .utf8)))
        for doc in ["PROFILES.md", "AUTH.md"] {
            let text = try String(contentsOfFile: root + "/docs/" + doc, encoding: .utf8)
            for (index, block) in text.components(separatedBy: "```yaml\n").dropFirst().enumerated() {
                texts.append(("\(doc) #\(index)", block.components(separatedBy: "```")[0]))
            }
        }
        texts.append(("2,000 endpoints", largeProfile(endpoints: 2000)))
        texts.append(("split profile", ProfileTextSplitTests.profile()))
        texts.append(("split profile, CRLF", ProfileTextSplitTests.profile(lineEnd: "\r\n")))
        return texts
    }

    /// The shape of the benchmark's large profile (`BenchmarkProfiles.large`).
    static func largeProfile(endpoints: Int) -> String {
        var text = "name: Large API\nenvironments:\n  local: { base_url: \"http://127.0.0.1:1\" }\n"
        text += "headers: { Accept: application/json }\nendpoints:\n"
        for index in 0..<endpoints {
            let method = ["GET", "POST", "PUT", "DELETE", "PATCH"][index % 5]
            text += "  - id: resource\(index / 50).op\(index)\n    name: Operation \(index)\n"
            text += "    folder: Resource \(index / 50)\n    method: \(method)\n"
            text += "    path: /resources/\(index / 50)/items/{id}\n    params: { id: \(index) }\n"
            text += "    query: { limit: 20, expand: null }\n"
            if ["POST", "PUT", "PATCH"].contains(method) {
                text += "    body:\n      json: { name: \"item \(index)\", enabled: true, count: \(index) }\n"
            }
        }
        return text
    }

    /// What YAML can write that a profile might: every scalar style and tag, flow and block collections, anchors
    /// and aliases, complex keys, comments, documents markers, odd line breaks. (Not an anchor shared by a key and
    /// a value: Yams' key hashing then stores the resolved `!!str` tag into the value too, through the shared tag
    /// object, so a key `&k 1` aliased as a value reads as a string there and as a number here.)
    static let features = [
        "", "# only a comment\n", "---\n", "--- a\n...\n", "a: 1\n", "plain\n", "'single'\n", "\"double \\u00e9\"\n",
        "a: |\n  literal\n  text\nb: >-\n  folded\n  text\n", "a: !!str 1\nb: !!int '2'\nc: !custom x\nd: ! y\n",
        "a: [1, 'two', \"three\", {b: c}, [d]]\n", "{a: 1, b: [x, y], c: {d: e}}\n",
        "a: &x {b: 1}\nc: *x\nd: [*x, *x]\n", "a: &x 1\nb: &x 2\nc: *x\n", "? [a, b]\n: c\n? {d: e}\n: f\n",
        "a:\n- 1\n- 2\nb:\n  - c: 1\n    d: 2\n", "a: null\nb: ~\nc:\nd: true\ne: 0x1F\nf: 1_000\ng: .inf\n",
        "a: 1\r\nb: 2\r\n", "a: 1\rb: 2\r", "a: b\u{85}c: d\n", "key with spaces: v\n\"quoted key\": v\n",
        "!!map {a: 1}\n", "!!seq [a]\n", "a: é漢\n", "%YAML 1.1\n---\na: 1\n",
        "a: !!binary aGVsbG8=\n", "? a\n", "a: 'multi\n  line'\n", "- a\n- - b\n  - c\n",
    ]

    /// Texts both composers must refuse: syntax errors, undefined aliases, duplicate keys, several documents.
    static let broken = [
        "a: [1, 2\n", "a: b: c\n", "a: 'open\n", "\t- tab\n", "a: *missing\n", "a: 1\na: 2\n", "'a': 1\na: 2\n",
        "{a: 1, a: 1}\n", "a: 1\n---\nb: 2\n", "- a\nb: c\n", "? [a]\n: 1\n? [a]\n: 2\n", "a: &a [*b]\n",
        "&s [1, *s]\n",
        "&x a: 1\n*x : 2\n", "a: 1\n\u{0}\n", "a: !<x\n",
    ]

    @Test("composes every profile, fixture and documented example into the tree Yams composes")
    func sameTreesAsYams() throws {
        for (name, text) in try Self.corpus() {
            let expected = try Self.yams(text)
            #expect(Self.composed(text) == .success(expected), "\(name)")
        }
    }

    @Test("composes every YAML feature a profile may use into the tree Yams composes")
    func sameFeaturesAsYams() throws {
        for text in Self.features {
            let expected = try Self.yams(text)
            #expect(Self.composed(text) == .success(expected), "\(text.debugDescription)")
        }
    }

    @Test("refuses what Yams refuses, and the loader words it as Yams does")
    func sameRefusals() {
        for text in Self.broken {
            #expect(YAMLComposer.compose(text).failure != nil, "\(text.debugDescription)")
            var yamsError: Error?
            do { _ = try Self.yams(text) } catch { yamsError = error }
            guard let yamsError else {
                Issue.record("Yams composed \(text.debugDescription)")
                continue
            }
            let problem = ProfileLoader.compose(text, file: "/p/x.yaml").failure
            let yams = ProfileLoader.syntaxProblem(yamsError, file: "/p/x.yaml")
            // Yams' words, then perhaps a hint of ours after `; ` (a tab as indent).
            #expect(problem?.location == yams.location)
            #expect(
                problem?.message == yams.message || problem?.message.hasPrefix(yams.message + "; ") == true,
                "\(text.debugDescription): \(problem?.message ?? "")")
        }
        #expect(ProfileLoader.compose("a: 1\na: 2\n", file: "x.yaml").failure?.description.contains("`a`") == true)
    }

    @Test("loads every profile of the corpus to the same profile and problems as reading Yams' tree")
    func sameProfiles() throws {
        for (name, text) in try Self.corpus() {
            // Yams' tree keeps `<<` a key (its constructor merges, its composer does not): merged as the loader merges.
            guard let tree = try Self.yams(text).map(Self.mergingKeys) else { continue }
            var reader = YAMLReader(file: "/p/x.yaml")
            let old = ProfileLoader.readProfile(tree, id: "x", reader: &reader)
            let new = ProfileLoader.read(yaml: text, file: "/p/x.yaml", id: "x", split: false)
            #expect(new.0 == old, "\(name)")
            #expect(Set(new.1.map(\.description)) == Set(reader.problems.map(\.description)), "\(name)")
        }
    }
}

extension YAMLNode {
    /// This tree with the tags of mapping keys (and of all they hold) resolved, as Yams leaves them.
    func resolvingKeys(_ resolve: Bool) -> YAMLNode {
        var node = self
        if resolve { node.tag = resolvedTag }
        switch content {
        case .scalar: break
        case .sequence(let items): node.content = .sequence(items.map { $0.resolvingKeys(resolve) })
        case .mapping(let pairs):
            node.content = .mapping(
                pairs.map { .init(key: $0.key.resolvingKeys(true), value: $0.value.resolvingKeys(resolve)) })
        }
        return node
    }

    /// Yams' node as a `YAMLNode`: its written tag (not the resolved one), its mark and content.
    init(yams node: Node) {
        let line = node.mark?.line ?? 1
        let column = node.mark?.column ?? 1
        switch node {
        case .scalar(let scalar):
            self.init(
                content: .scalar(.init(string: scalar.string, style: scalar.style)), tag: scalar.tag.description,
                line: line, column: column)
        case .sequence(let sequence):
            self.init(
                content: .sequence(sequence.map(YAMLNode.init(yams:))), tag: sequence.tag.description, line: line,
                column: column)
        case .mapping(let mapping):
            self.init(
                content: .mapping(mapping.map { .init(key: YAMLNode(yams: $0.key), value: YAMLNode(yams: $0.value)) }),
                tag: mapping.tag.description, line: line, column: column)
        case .alias:
            // `Yams.compose` resolves aliases; none is left in its tree.
            self.init(content: .scalar(.init(string: "<alias>", style: .any)), tag: "", line: line, column: column)
        }
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}

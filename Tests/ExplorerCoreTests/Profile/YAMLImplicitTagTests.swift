import TestSupport
import Testing
import Yams

@testable import ExplorerCore

/// `YAMLImplicitTag` must type every plain scalar exactly as Yams' default resolver (regular expressions) does.
@Suite("YAML implicit tags")
struct YAMLImplicitTagTests {
    /// What Yams' regular expressions say.
    static func expected(_ text: String) -> Yams.Tag.Name {
        Resolver.default.resolveTag(of: Node(text))
    }

    @Test(
        "edge cases get the tag Yams' regular expressions give",
        arguments: [
            // bool, null, merge, value
            "yes", "Yes", "YES", "yEs", "no", "NO", "true", "True", "tRue", "false", "FALSE", "on", "On", "ON", "off",
            "Off", "OFF", "y", "n", "truex", "", "~", "null", "Null", "NULL", "nULL", "<<", "<", "=", "==",
            // int
            "0", "-0", "+0", "7", "42", "-42", "+42", "1_000", "1__", "0b1010", "0b", "-0b1", "0b102", "0x1F", "0x",
            "0xg", "-0x_f", "0o17", "0o", "0o8", "017", "018", "0_", "00", "08", "0.", "1:30", "1:60", "1:5", "1:05",
            "190:20:30", "1:", ":30", "0:30", "1:300", "12:3a", "+1:2",
            // float
            "1.5", "-1.5", "+1.5", ".5", "-.5", "+.5", "._", ".", "1.", "1.e5", "1e5", "1E+5", "1e-5", "1e", "1e+",
            ".5e5", ".5e+5", ".5E-5", "1_0.0_1", "1.5.5", ".inf", "-.inf", "+.Inf", ".INF", ".iNf", ".nan", ".NaN",
            ".NAN", "-.nan", "1:30.5", "1:30.", "1:30", "190:20:30.15", "1:70.5", "e5", "1_e5", "0x1.5",
            // timestamp
            "2001-12-14", "2001-12-14t21:59:43.10-05:00", "2001-12-14 21:59:43.10 -5", "2001-12-15T02:59:43.1Z",
            "2001-12-15 2:59:43.10", "2002-12-14", "2001-1-1", "2001-1-1T1:00:00", "2001-1-1 \t 1:00:00 Z",
            "2001-12-14T21:59:43 ", "2001-12-14T21:59:43+05:3", "2001-12-14T21:59:43+5:30", "2001-12-14T21:5:43",
            "2001-12-14T21:59:434", "20011-12-14", "2001-123-14", "2001-12-14X", "2001-12-14T21:59:43.",
            // strings and line terminators at the end
            "hello", "Operation 12", "/todos/{id}", "{{user}}", "1 2", " 1", "1 ", "true\n", "1\r\n", "1\r", "1\n\n",
            "null\u{2028}", "~\u{85}", "\n", "1\u{0B}", "1\u{0C}", "yes\u{2029}", "é", "1é", "١",
        ])
    func edgeCases(_ text: String) {
        #expect(YAMLImplicitTag.resolve(text) == Self.expected(text), "\(text.debugDescription)")
    }

    @Test("random strings over the patterns' alphabet get the same tags as the regular expressions")
    func randomStrings() {
        let alphabet = Array("0123456789_.:-+eExobabcdfABCFZTt \tinfNaNulY~<=\n")
        var generator = SeededGenerator(seed: 0x5EED)
        var mismatches: [String] = []
        for _ in 0..<20_000 {
            let length = Int(generator.next() % 12)
            let text = String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            if YAMLImplicitTag.resolve(text) != Self.expected(text) { mismatches.append(text) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(20).map(\.debugDescription))")
    }

    @Test("a profile composed without resolver rules reads plain scalars with their YAML types")
    func loaderTypes() throws {
        let yaml = """
            name: Types
            environments: { local: { base_url: "http://127.0.0.1:1" } }
            timeout: 2.5
            follow_redirects: off
            max_redirects: 0x3
            endpoints:
              - id: e
                path: /e
                query: { a: null, b: ~, c: "null", d: 1_000 }
                body: { json: { n: 1.5e3, t: yes, s: "yes", z: 0o17, when: 2001-12-14 } }
            """
        let (profile, problems) = ProfileLoader.read(yaml: yaml, file: "types.yaml", id: "types")
        #expect(problems.isEmpty, "\(problems)")
        let loaded = try #require(profile)
        #expect(loaded.transfer.timeout == .milliseconds(2500))
        #expect(loaded.transfer.followRedirects == false)
        #expect(loaded.transfer.maxRedirects == 3)
        let endpoint = try #require(loaded.endpoints.first)
        #expect(endpoint.query.map(\.values?.count) == [nil, nil, 1, 1])
        guard case .json(.object(let members))? = endpoint.body else {
            Issue.record("the body is not a JSON object: \(String(describing: endpoint.body))")
            return
        }
        let values = Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value) })
        #expect(values["n"] == .number("1.5e3"))
        #expect(values["t"] == .bool(true))
        #expect(values["z"] == .number("15"))
        if case .string(let text)? = values["s"] { #expect(text.raw == "yes") } else { Issue.record("s: \(values)") }
        if case .string(let text)? = values["when"] {
            #expect(text.raw == "2001-12-14")
        } else {
            Issue.record("when: \(values)")
        }
    }
}

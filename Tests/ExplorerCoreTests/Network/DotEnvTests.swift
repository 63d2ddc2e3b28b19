import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// `env_file:` and `--env-file`: dotenv syntax, values as secret variables at the profile's or an environment's
/// level, located problems.
@Suite("dotenv files")
struct DotEnvTests {
    @Test("dotenv syntax: comments, export, quotes, escapes, multi-line values, inline comments")
    func syntax() throws {
        let text = """
            # a comment
            export TOKEN=abc123
            SPACED = value with spaces   # comment
            SINGLE='it''s #not a comment \\n'
            DOUBLE="line one\\nline \\"two\\""
            MULTI="first
            second"
            EMPTY=
            TOKEN=again

            """
        let entries = try DotEnv.parse(text).get()
        let values = Dictionary(entries.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
        #expect(entries.map(\.key) == ["SPACED", "SINGLE", "DOUBLE", "MULTI", "EMPTY", "TOKEN"])
        #expect(values["TOKEN"] == "again")
        #expect(values["SPACED"] == "value with spaces")
        #expect(values["SINGLE"] == "it")
        #expect(values["DOUBLE"] == "line one\nline \"two\"")
        #expect(values["MULTI"] == "first\nsecond")
        #expect(values["EMPTY"] == "")
    }

    @Test("a line that is not KEY=value is a problem with its line")
    func problems() {
        guard case .failure(let problem) = DotEnv.parse("A=1\nnot a pair\n") else {
            Issue.record("expected a problem")
            return
        }
        #expect(problem.line == 2)
        #expect(problem.message == "expected KEY=value")
        guard case .failure(let quote) = DotEnv.parse("A=\"open\n") else {
            Issue.record("expected a problem")
            return
        }
        #expect(quote.message == "unclosed \" quote")
    }

    @Test("env_file at the profile and environment level defines secret variables; a missing file is located")
    func profileLevels() throws {
        let directory = try TemporaryDirectory()
        try directory.write(".env", "API_TOKEN=from-profile\nSHARED=profile\n")
        try directory.write("staging.env", "SHARED=staging\n")
        let file = try directory.write(
            "envs.yaml",
            """
            env_file: .env
            environments:
              local:
                base_url: http://127.0.0.1:1
              staging:
                base_url: http://127.0.0.1:2
                env_file: ./staging.env
            endpoints:
              - id: one
                path: /x
                headers: { Authorization: "Bearer {{API_TOKEN}}", X-Shared: "{{SHARED}}" }
            """)
        let profile = try ProfileLoader.load(file: file).get()
        #expect(profile.secretNames.isSuperset(of: ["API_TOKEN", "SHARED"]))
        let local = try RequestBuilder(profile: profile, environment: "local")
        #expect(try local.request(endpoint: "one").headers["X-Shared"] == "profile")
        #expect(try local.request(endpoint: "one", masking: true).headers["Authorization"] == "Bearer ••••")
        let staging = try RequestBuilder(profile: profile, environment: "staging")
        #expect(try staging.request(endpoint: "one").headers["X-Shared"] == "staging")

        try FileManager.default.removeItem(atPath: directory.file("staging.env"))
        guard case .failure(let failure) = ProfileLoader.load(file: file) else {
            Issue.record("expected a problem")
            return
        }
        #expect(failure.problems.first?.description.contains("envs.yaml:7:") == true)
        #expect(failure.problems.first?.description.contains("env_file: cannot read") == true)
    }
}

import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// The profiles and examples that ship must stay true: the demo profile and the complete example in
/// docs/PROFILES.md load, and every endpoint in them builds a request.
@Suite("Shipped profiles and documented examples")
struct ShippedProfilesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../..").standardized.path

    /// The `n`th ```yaml block after `heading` in docs/PROFILES.md.
    static func documented(after heading: String, block n: Int = 0) throws -> String {
        let text = try String(contentsOfFile: root + "/docs/PROFILES.md", encoding: .utf8)
        let section = try #require(text.components(separatedBy: heading).dropFirst().first)
        let blocks = section.components(separatedBy: "```yaml\n").dropFirst()
        let block = try #require(Array(blocks).dropFirst(n).first)
        return try #require(block.components(separatedBy: "```").first)
    }

    static func buildEverything(_ profile: Profile) throws {
        // Values captured from responses (`{{chain.login.token}}`) are held as they would be after their endpoints ran.
        var captured: [String: CapturedValue] = [:]
        for endpoint in profile.endpoints {
            for capture in endpoint.captures {
                let value = CapturedValue(
                    name: capture.name, value: "1", endpointID: endpoint.id, capturedAt: Date(), isSecret: false)
                captured[value.reference] = value
            }
        }
        for environment in profile.environments {
            var builder = try RequestBuilder(profile: profile, environment: environment.name)
            builder.captured = captured
            for endpoint in profile.endpoints {
                let params = Dictionary(
                    uniqueKeysWithValues: endpoint.params.filter { $0.values == nil }.map { ($0.name, "1") })
                _ = try builder.request(for: endpoint, overrides: RequestOverrides(params: params))
            }
        }
    }

    @Test("profiles/demo.yaml loads with its secrets file and every endpoint builds")
    func demoProfile() throws {
        let profile = try ProfileLoader.load(file: Self.root + "/profiles/demo.yaml").get()
        #expect(profile.secretNames == ["api_key"])
        #expect(profile.endpoints.count >= 20)
        try Self.buildEverything(profile)
        let builder = try RequestBuilder(profile: profile)
        #expect(try builder.request(endpoint: "api-key", masking: true).headers["X-API-Key"] == VariableScope.mask)
        #expect(try builder.request(endpoint: "api-key").headers["X-API-Key"] == "demo-key")
    }

    @Test("the complete example in docs/PROFILES.md loads with its secrets and every endpoint builds")
    func documentedExample() throws {
        let directory = try TemporaryDirectory()
        let example = try Self.documented(after: "## A complete example")
        let file = try directory.write("shop.yaml", example)
        try directory.write("shop.secrets.yaml", try Self.documented(after: "## A complete example", block: 1))
        let profile = try ProfileLoader.load(file: file).get()
        #expect(profile.endpoints.count == 8)
        #expect(profile.secretNames == ["token"])
        try Self.buildEverything(profile)
        let staging = try RequestBuilder(profile: profile, environment: "staging").request(endpoint: "orders.get")
        #expect(staging.headers["Authorization"] == "Bearer s3cr3t-staging-token")

        // The error quoted in the Variables section is the one apix gives.
        try directory.write(
            "shop.yaml", example.replacingOccurrences(of: "\"{{user}}\", X-Home", with: "\"{{usr}}\", X-Home"))
        guard case .failure(let failure) = ProfileLoader.load(file: file) else {
            Issue.record("expected an unknown variable")
            return
        }
        let first = failure.problems.first?.description ?? ""
        #expect(
            first.hasPrefix(
                "\(file):39:24: unknown variable `{{usr}}` in header `X-User` of endpoint `orders.get`: "), "\(first)")
    }
}

import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// `apix import curl` with credentials (issue 25, defect 10): the header curl sends wins over `-u`, and the value
/// goes to `ID.secrets.yaml` (0600), never the profile; a second command with the same token names it again.
@Suite("import curl keeps credentials in the secrets file")
struct ImportCurlCredentialsTests {
    @Test("-u with an explicit Authorization header: the header is kept, as a secret; the profile holds no token")
    func explicitHeaderAsSecret() async throws {
        let directory = try TemporaryDirectory()
        let profiles = directory.path
        let first = try await ApixProcess.run([
            "import", "curl",
            "curl -u alice:pw -H 'Authorization: Bearer tok-123' -H 'X-Trace: 1' https://api.example.com/v1/me",
            "--profile", "made", "--profiles", profiles,
        ])
        #expect(first.status == 0, "\(first.stderr)")
        let text = try String(contentsOfFile: profiles + "/made.yaml", encoding: .utf8)
        #expect(!text.contains("tok-123") && !text.contains("Basic"))
        #expect(text.contains("Authorization: \"{{authorization}}\""))
        let secretsFile = profiles + "/made.secrets.yaml"
        let secrets = try String(contentsOfFile: secretsFile, encoding: .utf8)
        #expect(secrets.contains("authorization: Bearer tok-123"))
        let mode = try FileManager.default.attributesOfItem(atPath: secretsFile)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let profile = try ProfileLoader.load(file: profiles + "/made.yaml").get()
        #expect(profile.secretNames.contains("authorization"))
        #expect(profile.variables["authorization"]?.raw == "Bearer tok-123")

        // Appending: the same token is named again; another one gets its own name in the secrets file.
        let again = try await ApixProcess.run([
            "import", "curl", "curl -H 'Authorization: Bearer tok-123' https://api.example.com/v1/other",
            "--profile", "made", "--profiles", profiles,
        ])
        #expect(again.status == 0, "\(again.stderr)")
        let other = try await ApixProcess.run([
            "import", "curl", "curl -H 'authorization: Bearer tok-456' -u bob:x https://api.example.com/v1/third",
            "--profile", "made", "--profiles", profiles,
        ])
        #expect(other.status == 0, "\(other.stderr)")
        let after = try String(contentsOfFile: profiles + "/made.yaml", encoding: .utf8)
        #expect(!after.contains("tok-"))
        let loaded = try ProfileLoader.load(file: profiles + "/made.yaml").get()
        #expect(loaded.endpoint("get.v1.other")?.headers.first?.value?.raw == "{{authorization}}")
        #expect(loaded.endpoint("get.v1.third")?.headers.first?.value?.raw == "{{authorization_2}}")
        #expect(loaded.variables["authorization_2"]?.raw == "Bearer tok-456")
    }
}

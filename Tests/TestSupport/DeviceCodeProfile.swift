/// The profile of the Authlib peer's device grant client (`Tests/Peers/oauth_server.py`), shared by the CLI and TUI
/// tests of the grant; its secrets file is `AuthorizationCodeProfile.secrets`.
package enum DeviceCodeProfile {
    /// `revocation`: a `revocation_url` to write (nil: none).
    package static func yaml(port: Int, revocation: String? = nil) -> String {
        """
        name: Device peer
        environments:
          local: { base_url: "http://127.0.0.1:\(port)" }
        auth:
          type: oauth2
          grant: device_code
          device_authorization_url: /device_authorization
          token_url: /token
          client_id: apix-cli
          client_secret: "{{client_secret}}"
          scope: profile
        \(revocation.map { "  revocation_url: \($0)" } ?? "")
        endpoints:
          - { id: me, path: /me }
          - { id: stats, path: /stats, auth: none }
        """
    }
}

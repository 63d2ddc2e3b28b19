/// The profile of the Authlib peer's authorization code client (`Tests/Peers/oauth_server.py`), shared by the CLI
/// and TUI tests of the grant; its secrets file gives `client_secret`.
package enum AuthorizationCodeProfile {
    /// `revocation`: the peer's revocation path, nil for a profile without `revocation_url`.
    package static func yaml(port: Int, revocation: String? = "/revoke") -> String {
        """
        name: OAuth peer
        environments:
          local: { base_url: "http://127.0.0.1:\(port)" }
        auth:
          type: oauth2
          grant: authorization_code
          authorization_url: /authorize
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

    /// The secrets file beside it (`oauth.secrets.yaml`).
    package static let secrets = "variables: { client_secret: cli-secret }\n"
}

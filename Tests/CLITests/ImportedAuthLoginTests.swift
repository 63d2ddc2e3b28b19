import Foundation
import TestSupport
import Testing

/// A collection whose auth is a browser sign-in, imported by the real `apix import` and signed in with `apix auth
/// login` against a real authorization server (Authlib, `Tests/Peers/oauth_server.py`; client `apix-cli`, secret
/// `cli-secret`, any loopback redirect), the redirect delivered by the scripted browser: what the importer wrote is
/// what the login needs.
@Suite("Imported auth signs in against Authlib")
struct ImportedAuthLoginTests {
    /// A Postman v2.1 collection: the collection's auth is the authorization code with PKCE (Postman's own callback
    /// page, which apix cannot listen on); one request has its own Digest auth.
    static func postman(port: Int) -> String {
        """
        {
          "info": { "name": "Peer shop", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json" },
          "auth": { "type": "oauth2", "oauth2": [
            { "key": "grant_type", "value": "authorization_code_with_pkce", "type": "string" },
            { "key": "authUrl", "value": "http://127.0.0.1:\(port)/authorize", "type": "string" },
            { "key": "accessTokenUrl", "value": "http://127.0.0.1:\(port)/token", "type": "string" },
            { "key": "clientId", "value": "apix-cli", "type": "string" },
            { "key": "clientSecret", "value": "cli-secret", "type": "string" },
            { "key": "scope", "value": "profile", "type": "string" },
            { "key": "redirect_uri", "value": "https://oauth.pstmn.io/v1/callback", "type": "string" },
            { "key": "client_authentication", "value": "header", "type": "string" }
          ]},
          "item": [
            { "name": "Me", "request": { "method": "GET", "header": [], "url": { "raw": "http://127.0.0.1:\(port)/me" } } },
            { "name": "Legacy", "request": { "method": "GET", "header": [], "url": { "raw": "http://127.0.0.1:\(port)/me" },
              "auth": { "type": "digest", "digest": [ { "key": "username", "value": "ann" }, { "key": "password", "value": "pw" } ] } } }
          ]
        }
        """
    }

    /// An Insomnia v4 export whose one request carries its own OAuth2 (a named `auths:` definition once imported).
    static func insomnia(port: Int) -> String {
        """
        { "_type": "export", "__export_format": 4, "resources": [
          { "_id": "wrk_1", "_type": "workspace", "parentId": null, "name": "Peer desk" },
          { "_id": "req_1", "_type": "request", "parentId": "wrk_1", "name": "Me", "method": "GET",
            "url": "http://127.0.0.1:\(port)/me", "headers": [], "parameters": [], "body": {},
            "authentication": { "type": "oauth2", "grantType": "authorization_code",
              "authorizationUrl": "http://127.0.0.1:\(port)/authorize", "accessTokenUrl": "http://127.0.0.1:\(port)/token",
              "clientId": "apix-cli", "clientSecret": "cli-secret", "scope": "profile", "usePkce": true,
              "credentialsInBody": true, "redirectUrl": "http://127.0.0.1:0/callback" } }
        ] }
        """
    }

    @Test(
        "a Postman collection's PKCE auth and an Insomnia request's OAuth2 import, sign in and call the API",
        arguments: [("postman", "peer-shop", [String]()), ("insomnia", "peer-desk", ["--auth", "oauth2"])])
    func importThenLogin(_ format: String, _ id: String, _ loginArguments: [String]) async throws {
        let peer = try PythonPeer("oauth_server.py")
        defer { peer.stop() }
        let directory = try TemporaryDirectory()
        let state = try TemporaryDirectory()
        let source = directory.path + "/collection.json"
        let text = format == "postman" ? Self.postman(port: peer.port) : Self.insomnia(port: peer.port)
        try text.write(toFile: source, atomically: true, encoding: .utf8)
        let profiles = directory.path + "/profiles"
        func apix(_ arguments: [String]) async throws -> ApixProcess.Output {
            try await ApixProcess.run(
                arguments + ["--profiles", profiles],
                environment: [
                    "XDG_STATE_HOME": state.path,
                    "BROWSER": "/usr/bin/python3 \(PythonPeer.directory)/scripted_browser.py",
                ])
        }

        let imported = try await apix(["import", source])
        #expect(imported.status == 0, "\(imported.stderr)")
        let profile = try String(contentsOfFile: profiles + "/\(id).yaml", encoding: .utf8)
        #expect(profile.contains("grant: authorization_code"), "\(profile)")
        #expect(!profile.contains("cli-secret") && !profile.contains("pstmn"), "\(profile)")
        let check = try await apix(["check", id])
        #expect(check.status == 0, "\(check.stderr)")

        let login = try await apix(["auth", "login", id] + loginArguments)
        #expect(login.status == 0, "\(login.stderr)")
        #expect(login.text.contains("logged in with the authorization_code grant"), "\(login.text)")
        let me = try await apix(["run", id, "me"])
        #expect(me.status == 0, "\(me.stderr)")
        #expect(me.text.contains("\"sub\":\"alice\""), "\(me.text)")
    }
}

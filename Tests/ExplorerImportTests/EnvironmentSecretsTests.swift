import Foundation
import Testing

@testable import CollectionImport
@testable import ExplorerCore

/// Secret values of several environments: each environment keeps its own in the secrets file.
@Suite("Environment secrets")
struct EnvironmentSecretsTests {
    static func temporary(_ name: String, _ text: String) throws -> String {
        let directory = NSTemporaryDirectory() + "apix-secrets-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func postmanEnvironment(_ name: String, token: String) throws -> String {
        try temporary(
            "\(name).postman_environment.json",
            #"""
            { "name": "\#(name)", "values": [
              { "key": "host", "value": "https://\#(name).example.com", "enabled": true },
              { "key": "token", "value": "\#(token)", "type": "secret", "enabled": true } ] }
            """#)
    }

    /// Each environment's `token`, as the written profile loads it.
    static func tokens(_ imported: ProfileImport) throws -> [String: String] {
        let loaded = try ImportFixtures.written(imported)
        #expect(loaded.secretNames.contains("token"))
        return Dictionary(
            uniqueKeysWithValues: loaded.environments.map { ($0.name, $0.variables["token"]?.raw ?? "") })
    }

    @Test("a Postman collection with two environment files: their `token` values do not overwrite each other")
    func postmanTwoEnvironments() throws {
        let collection = try Self.temporary(
            "c.json",
            #"""
            { "info": { "name": "C", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json" },
              "item": [ { "name": "me", "request": { "method": "GET", "url": "{{host}}/me",
                "header": [ { "key": "Authorization", "value": "Bearer {{token}}" } ] } } ] }
            """#)
        let imported = try CollectionImporter.makeProfile(
            format: .postman, path: collection,
            environments: [
                try Self.postmanEnvironment("staging", token: "staging-secret"),
                try Self.postmanEnvironment("production", token: "production-secret"),
            ], id: "c")
        #expect(try Self.tokens(imported) == ["staging": "staging-secret", "production": "production-secret"])
        let secrets = try #require(imported.secretsYAML)
        #expect(secrets.contains("staging-secret") && secrets.contains("production-secret"))
        #expect(!imported.yaml(source: "test").contains("-secret"))
    }

    @Test("an Insomnia export with two sub-environments holding different secret values keeps both")
    func insomniaTwoEnvironments() throws {
        let export = try Self.temporary(
            "insomnia.json",
            #"""
            { "_type": "export", "__export_format": 4, "resources": [
              { "_id": "wrk", "_type": "workspace", "name": "W" },
              { "_id": "env", "_type": "environment", "parentId": "wrk", "name": "Base", "data": {} },
              { "_id": "e1", "_type": "environment", "parentId": "env", "name": "Dev",
                "data": { "host": "https://dev.example.com", "token": "dev-secret" } },
              { "_id": "e2", "_type": "environment", "parentId": "env", "name": "Prod",
                "data": { "host": "https://prod.example.com", "token": "prod-secret" } },
              { "_id": "r1", "_type": "request", "parentId": "wrk", "name": "Me", "method": "GET",
                "url": "{{ _.host }}/me", "headers": [ { "name": "X-Token", "value": "{{ _.token }}" } ] } ] }
            """#)
        let imported = try CollectionImporter.makeProfile(format: .insomnia, path: export, id: "w")
        #expect(try Self.tokens(imported) == ["dev": "dev-secret", "prod": "prod-secret"])
    }
}

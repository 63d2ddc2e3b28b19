import Foundation
import TestSupport
import Testing

/// `apix import … --merge`: a newer version of a document merged into a profile the user has edited.
@Suite("Import merge")
struct ImportMergeTests {
    static func document(withDelete: Bool) -> String {
        var lines = [
            "openapi: 3.0.3",
            "info: { title: Pets, version: \"1\" }",
            "servers: [{ url: \"https://pets.example.com/v1\" }]",
            "paths:",
            "  /pets:",
            "    get:",
            "      operationId: listPets",
            "      parameters: [{ name: limit, in: query, schema: { type: integer, default: 10 } }]",
            "      responses: { \"200\": { description: ok } }",
            "  /pets/{id}:",
            "    get:",
            "      operationId: showPet",
            "      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]",
            "      responses: { \"200\": { description: ok } }",
        ]
        if withDelete {
            lines += [
                "    delete:",
                "      operationId: deletePet",
                "      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]",
                "      responses: { \"204\": { description: gone } }",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("a newer version merges in: the hand edit and comment stay, the new endpoint is added, apix check passes")
    func mergeKeepsHandEdits() async throws {
        let directory = try TemporaryDirectory()
        let sources = try TemporaryDirectory()
        let v1 = sources.path + "/pets-v1.yaml"
        let v2 = sources.path + "/pets-v2.yaml"
        try Self.document(withDelete: false).write(toFile: v1, atomically: true, encoding: .utf8)
        try Self.document(withDelete: true).write(toFile: v2, atomically: true, encoding: .utf8)
        let first = try await ApixProcess.run(["import", v1, "--name", "pets", "--profiles", directory.path])
        #expect(first.status == 0, "\(first.stderr)")
        let file = directory.path + "/pets.yaml"
        var text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("path: /pets\n"))
        text = text.replacingOccurrences(of: "path: /pets\n", with: "path: /pets/mine # hand edited\n")
        text = text.replacingOccurrences(of: "\nendpoints:\n", with: "\n# my endpoints\nendpoints:\n")
        try text.write(toFile: file, atomically: true, encoding: .utf8)

        let refused = try await ApixProcess.run(["import", v2, "--name", "pets", "--profiles", directory.path])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("merge into it with --merge"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == text)

        let merged = try await ApixProcess.run([
            "import", v2, "--name", "pets", "--merge", "--profiles", directory.path,
        ])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.text.hasPrefix("merged into \(file): 1 endpoint added, 2 kept (already present)"))
        let after = try String(contentsOfFile: file, encoding: .utf8)
        #expect(after.hasPrefix(text))  // everything the user wrote, byte for byte; the new endpoint after it
        #expect(after.contains("id: deletePet"))
        let check = try await ApixProcess.run(["check", "--profiles", directory.path])
        #expect(check.status == 0, "\(check.text)\(check.stderr)")
        let list = try await ApixProcess.run(["list", "pets", "--profiles", directory.path])
        #expect(list.text.contains("deletePet"), "\(list.stderr)")

        let again = try await ApixProcess.run([
            "import", v2, "--name", "pets", "--merge", "--profiles", directory.path,
        ])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.text.contains("0 endpoints added, 3 kept (already present)"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == after)
        let both = try await ApixProcess.run([
            "import", v2, "--name", "pets", "--merge", "--force", "--profiles", directory.path,
        ])
        #expect(both.status == 2)
    }

    @Test("a collection merges into its profile: a new environment is added, the secret the user filled in wins")
    func mergeCollection() async throws {
        let directory = try TemporaryDirectory()
        let sources = try TemporaryDirectory()
        let collection = sources.path + "/c.json"
        func write(_ requests: [String]) throws {
            let items = requests.map { name in
                #"{ "name": "\#(name)", "request": { "method": "GET", "url": "{{host}}/\#(name)" } }"#
            }
            let text = #"""
                { "info": { "name": "C", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json" },
                  "item": [\#(items.joined(separator: ","))] }
                """#
            try text.write(toFile: collection, atomically: true, encoding: .utf8)
        }
        func environment(_ name: String, _ token: String) throws -> String {
            let path = sources.path + "/\(name).postman_environment.json"
            let text = #"""
                { "name": "\#(name)", "values": [ { "key": "host", "value": "https://\#(name).example.com", "enabled": true },
                  { "key": "token", "value": "\#(token)", "enabled": true } ] }
                """#
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        try write(["one"])
        let dev = try environment("dev", "dev-token")
        let first = try await ApixProcess.run([
            "import", "postman", collection, "--environment", dev, "--name", "c", "--profiles", directory.path,
        ])
        #expect(first.status == 0, "\(first.stderr)")
        let secretsFile = directory.path + "/c.secrets.yaml"
        let secrets = try String(contentsOfFile: secretsFile, encoding: .utf8)
        try secrets.replacingOccurrences(of: "dev-token", with: "filled-by-me").write(
            toFile: secretsFile, atomically: true, encoding: .utf8)

        try write(["one", "two"])
        let prod = try environment("prod", "prod-token")
        let merged = try await ApixProcess.run([
            "import", "postman", collection, "--environment", dev, "--environment", prod, "--name", "c", "--merge",
            "--profiles", directory.path,
        ])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.text.contains("1 endpoint added, 1 kept (already present), 1 environment"))
        let after = try String(contentsOfFile: secretsFile, encoding: .utf8)
        // The environments' tokens would override the value the user gave the whole profile: not added.
        #expect(after.contains("filled-by-me"))
        #expect(!after.contains("dev-token") && !after.contains("prod-token"))
        #expect(try String(contentsOfFile: directory.path + "/c.yaml", encoding: .utf8).contains("prod:"))
        let check = try await ApixProcess.run(["check", "--profiles", directory.path])
        #expect(check.status == 0, "\(check.text)\(check.stderr)")
    }

    @Test("--force keeps the secrets file's values and adds the names the replacing profile needs")
    func forceAddsSecretNames() async throws {
        let directory = try TemporaryDirectory()
        let sources = try TemporaryDirectory()
        let collection = sources.path + "/c.json"
        try #"""
        { "info": { "name": "C", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json" },
          "item": [ { "name": "one", "request": { "method": "GET", "url": "{{host}}/one" } } ] }
        """#.write(toFile: collection, atomically: true, encoding: .utf8)
        func environment(_ values: [(String, String)]) throws -> String {
            let path = sources.path + "/dev.postman_environment.json"
            let entries = values.map { #"{ "key": "\#($0.0)", "value": "\#($0.1)", "enabled": true }"# }
            try #"{ "name": "dev", "values": [\#(entries.joined(separator: ","))] }"#.write(
                toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let first = try await ApixProcess.run([
            "import", "postman", collection, "--environment",
            try environment([("host", "https://dev.example.com"), ("token", "dev-token")]), "--name", "c",
            "--profiles", directory.path,
        ])
        #expect(first.status == 0, "\(first.stderr)")
        let secretsFile = directory.path + "/c.secrets.yaml"
        let secrets = try String(contentsOfFile: secretsFile, encoding: .utf8)
        try secrets.replacingOccurrences(of: "dev-token", with: "filled-by-me").write(
            toFile: secretsFile, atomically: true, encoding: .utf8)

        let forced = try await ApixProcess.run([
            "import", "postman", collection, "--environment",
            try environment([("host", "https://dev.example.com"), ("token", "dev-token"), ("api_key", "k-1")]),
            "--name", "c", "--force", "--profiles", directory.path,
        ])
        #expect(forced.status == 0, "\(forced.stderr)")
        let after = try String(contentsOfFile: secretsFile, encoding: .utf8)
        #expect(after.contains("filled-by-me") && !after.contains("dev-token"), "\(after)")
        #expect(after.contains("api_key"), "\(after)")
        let check = try await ApixProcess.run(["check", "--profiles", directory.path])
        #expect(check.status == 0, "\(check.text)\(check.stderr)")
    }
}

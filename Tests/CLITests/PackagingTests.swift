import ExplorerCore
import Foundation
import TestSupport
import Testing

@testable import CLI

#if canImport(Glibc)
    import Glibc
#endif

/// What `make dist` builds from the program, checked on the debug build (the release artifacts themselves are
/// `make dist-check`'s, outside `make test`): the completion scripts and the dump the man pages are generated from,
/// the completions of the user's own names, and the installed layout's `lib/apix/`.
@Suite("packaging")
struct PackagingTests {
    static let subcommands = [
        "run", "test", "list", "demo", "auth", "check", "import", "export", "history", "cookies", "ws",
    ]

    @Test("bash, zsh and fish completion scripts know every subcommand and ask apix for the user's names")
    func completionScripts() async throws {
        for shell in ["bash", "zsh", "fish"] {
            let output = try await ApixProcess.run(["--generate-completion-script", shell])
            #expect(output.status == 0, "\(shell): \(output.stderr)")
            for name in Self.subcommands { #expect(output.text.contains(name), "\(shell) misses \(name)") }
            // The custom completions (profiles, endpoints, environments, auths) call back into apix.
            #expect(output.text.contains("---completion"), "\(shell)")
        }
    }

    @Test("fish 3's argparse takes every option spec the fish script parses the line with")
    func fishSpecs() async throws {
        let output = try await ApixProcess.run(["--generate-completion-script", "fish"])
        #expect(output.status == 0)
        let parses = output.text.split(separator: "\n").filter {
            $0.contains("__apix_parse_subcommand ") && !$0.contains("function ")
        }
        #expect(parses.count >= Self.subcommands.count)
        // The line holding `run`'s options lost only the dotted spec; the other specs and the flag's own line stay.
        let run = try #require(parses.first { $0.contains("'http2-prior-knowledge'") })
        #expect(!run.contains("'http1.1'") && run.contains("'e/env='") && run.contains("'http2'"))
        #expect(output.text.contains("-l 'http1.1'"))
        // fish itself, where it is installed: each spec list through `argparse`, as the script runs it.
        let fish = "/usr/bin/fish"
        guard FileManager.default.isExecutableFile(atPath: fish) else { return }
        for line in parses {
            let specs = line.split(separator: " ").filter { $0.hasPrefix("'") }.joined(separator: " ")
            let check = try await ChildProcess.run(
                [fish, "--no-config", "-c", "argparse -s \(specs) -- x"], environment: [:], terminal: false,
                timeout: 30)
            #expect(check.status == 0, "\(specs): \(check.stderrText)")
        }
    }

    @Test("the dump the man pages are generated from lists every visible subcommand, and no hidden one")
    func manualDump() async throws {
        let output = try await ApixProcess.run(["--experimental-dump-help"])
        #expect(output.status == 0, "\(output.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: output.stdout) as? [String: Any])
        let command = try #require(object["command"] as? [String: Any])
        let children = try #require(command["subcommands"] as? [[String: Any]])
        let visible = children.filter { ($0["shouldDisplay"] as? Bool) ?? true }.compactMap {
            $0["commandName"] as? String
        }
        for name in Self.subcommands { #expect(visible.contains(name)) }
        #expect(!visible.contains { $0.hasPrefix("_") })
    }

    @Test("a Tab completes profile ids, the chosen profile's endpoints (overlay too), environments and auths")
    func userNames() async throws {
        let folder = try TemporaryDirectory()
        try Self.profile.write(toFile: folder.path + "/shop.yaml", atomically: true, encoding: .utf8)
        try "endpoints:\n  - { id: local.only, method: GET, path: /x }\n".write(
            toFile: folder.path + "/shop.local.yaml", atomically: true, encoding: .utf8)
        try "environments: { a: { base_url: http://x } }\n".write(
            toFile: folder.path + "/other.yml", atomically: true, encoding: .utf8)
        try "variables: {}\n".write(toFile: folder.path + "/shop.secrets.yaml", atomically: true, encoding: .utf8)

        // As the generated scripts ask: `apix ---completion SUBCOMMAND -- ARGUMENT WORD-INDEX CURSOR WORDS…`.
        func complete(_ command: [String], _ argument: String, _ words: [String]) async throws -> [String] {
            let arguments = ["---completion"] + command + ["--", argument, String(words.count - 1), "0"] + words
            let output = try await ApixProcess.run(arguments)
            #expect(output.status == 0, "\(output.stderr)")
            return output.text.split(separator: "\n").map(String.init)
        }
        let profiles = ["--profiles", folder.path]
        #expect(try await complete(["run"], "positional@0", ["apix", "run"] + profiles + [""]) == ["other", "shop"])
        #expect(
            try await complete(["run"], "positional@1", ["apix", "run"] + profiles + ["shop", ""])
                == ["orders.list", "orders.get", "local.only"])
        #expect(
            try await complete(
                ["run"], "-e", ["apix", "run", "-q", "a=1", "shop", "orders.get"] + profiles + ["-e", ""])
                == ["prod", "staging"])
        // `apix ws PROFILE ENDPOINT`: the same names, past the values of its own options.
        #expect(
            try await complete(
                ["ws"], "positional@1", ["apix", "ws", "--send", "hi", "shop"] + profiles + ["--idle", "2", ""])
                == ["orders.list", "orders.get", "local.only"])
        #expect(
            try await complete(
                ["auth", "login"], "--auth", ["apix", "auth", "login", "shop"] + profiles + ["--auth", ""])
                == ["admin", "reader"])
        // An unknown or broken profile completes to nothing, without a message.
        let none = try await ApixProcess.run(
            ["---completion", "run", "--", "positional@1", "5", "0", "apix", "run"] + profiles + ["nope", ""])
        #expect(none.status == 0 && none.text.trimmingCharacters(in: .newlines).isEmpty && none.stderr.isEmpty)
    }

    @Test("the words before the cursor give the profile: options and their values are skipped, quotes removed")
    func positionals() {
        let words = ["apix", "export", "curl", "-e", "prod", "'shop'", "--reveal", "x"]
        #expect(Completions.positionals(words, before: 7) == ["export", "curl", "shop"])
        #expect(Completions.directory(["apix", "run", "--profiles=/p", ""], 3) == "/p")
    }

    @Test("an installed apix finds its helpers in ../lib/apix/, a built one beside it")
    func installedLayout() async throws {
        #expect(
            SiblingExecutable.candidates("apix-demo", besides: "/usr/bin") == [
                "/usr/bin/apix-demo", "/usr/lib/apix/apix-demo",
            ])
        // The debug programs in the installed layout: PREFIX/bin/apix and PREFIX/lib/apix/apix-demo.
        let prefix = try TemporaryDirectory()
        let built = (ApixProcess.binary as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: prefix.path + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: prefix.path + "/lib/apix", withIntermediateDirectories: true)
        try Self.place(built + "/apix", at: prefix.path + "/bin/apix")
        try Self.place(built + "/apix-demo", at: prefix.path + "/lib/apix/apix-demo")

        let serving = try DemoServeProcess(executable: prefix.path + "/bin/apix")
        let process = serving.process
        let state = serving.state
        let text = serving.line
        #expect(text.contains("127.0.0.1:"), "\(text)")
        let exe = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(process.processIdentifier)/exe")
        #expect(exe == prefix.path + "/lib/apix/apix-demo")
        serving.stop()

        // Neither place: the message names both.
        try FileManager.default.removeItem(atPath: prefix.path + "/lib/apix/apix-demo")
        let missing = try await ApixProcess.run(
            executable: prefix.path + "/bin/apix", ["demo", "--serve"], environment: ["XDG_STATE_HOME": state.path])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains(prefix.path + "/lib/apix/apix-demo"), "\(missing.stderr)")
    }

    @Test("the packages' helper program is apix-demo or apix-openapi by the name it runs under")
    func helpersByName() async throws {
        let folder = try TemporaryDirectory()
        let built = (ApixProcess.binary as NSString).deletingLastPathComponent
        for name in ["apix-demo", "apix-openapi"] {
            try FileManager.default.createSymbolicLink(
                atPath: folder.path + "/" + name, withDestinationPath: built + "/apix-helpers")
        }
        let openapi = try await ApixProcess.run(executable: folder.path + "/apix-openapi", ["/nonexistent/spec.yaml"])
        #expect(openapi.status == 2)
        #expect(openapi.stderr == "apix: cannot read /nonexistent/spec.yaml\n")
        let demo = try await ApixProcess.run(executable: folder.path + "/apix-demo", ["--port", "x"])
        #expect(demo.status == 2)
        #expect(demo.stderr == "apix demo: --port takes a number\n")
        let plain = try await ApixProcess.run(executable: built + "/apix-helpers", [])
        #expect(plain.status == 2)
    }

    /// A hard link where the file system allows (the debug programs are large), else a copy; never a symbolic
    /// link, which apix would resolve back to the build folder.
    static func place(_ source: String, at destination: String) throws {
        do {
            try FileManager.default.linkItem(atPath: source, toPath: destination)
        } catch {
            try FileManager.default.copyItem(atPath: source, toPath: destination)
        }
    }

    static let profile = """
        environments:
          prod: { base_url: "https://shop.example" }
          staging:
            base_url: "https://staging.shop.example"
            auths: { reader: { type: bearer, token: t } }
        auths:
          admin: { type: basic, username: a, password: b }
        endpoints:
          - { id: orders.list, method: GET, path: /orders }
          - id: orders.get
            method: GET
            path: /orders/1

        """
}

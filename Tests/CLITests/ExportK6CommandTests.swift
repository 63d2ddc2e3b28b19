import DemoAPI
import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// `apix export k6`: the script parses as JavaScript (`node --check`), and, run by node against the real demo API
/// with a stand-in for k6's `http` and `check` that sends with curl, it sends what apix sends and its checks pass
/// and fail as `apix test`'s do.
@Suite("apix export k6")
struct ExportK6CommandTests {
    static let secret = "k6-secret-Zq81"

    static func profile(port: Int) -> String {
        """
        name: Loads
        environments:
          local: { base_url: "http://127.0.0.1:\(port)" }
        endpoints:
          - id: post
            method: POST
            path: /echo/k6
            headers: { X-Token: "{{token}}" }
            body: { json: { title: "a `quoted` $line\\n", n: [1, 2] } }
            expect:
              status: 2xx
              headers: { Content-Type: { matches: "json" }, X-Absent: { present: false } }
              json:
                "$.method": { "==": "POST" }
                "$.path": { "==": "/echo/k6", contains: "k6" }
                "$.headers": { type: array }
                "$.body_bytes": { ">": 10 }
                "$.headers[?@[0] == 'x']": { exists: false }
              body_contains: "body_crc32"
              timing: { total: "< 60s", dns: "< 1s" }
          - id: wrong
            path: /echo/wrong
            expect:
              status: 201
              json: { "$.method": { "==": "DELETE", contains: "DEL" } }
          - id: needs-id
            path: /todos/{id}
            params: { id: null }
        """
    }

    /// Stands in for `k6/http` and `k6`: requests go through curl, checks are collected.
    static let shim = """
        import { execFileSync } from 'node:child_process';
        globalThis.__ENV = process.env;
        export const results = [];
        export const answers = {};
        export function check(res, checks) {
          for (const [name, test] of Object.entries(checks)) results.push([name, test(res) === true]);
        }
        function request(method, url, body, params) {
          const args = ['-s', '-i', '-X', method, url];
          for (const [name, value] of Object.entries(params.headers)) args.push('-H', `${name}: ${value}`);
          if (body !== null) args.push('--data-binary', '@-');
          const out = execFileSync('curl', args, { input: body === null ? '' : body }).toString();
          const split = out.indexOf('\\r\\n\\r\\n');
          const head = out.slice(0, split).split('\\r\\n');
          const headers = {};
          for (const line of head.slice(1)) {
            const colon = line.indexOf(':');
            headers[line.slice(0, colon)] = line.slice(colon + 1).trim();
          }
          const timings = { connecting: 1, tls_handshaking: 0, sending: 1, waiting: 1, receiving: 1, duration: 3 };
          answers[params.tags.name] = out.slice(split + 4);
          return { status: Number(head[0].split(' ')[1]), headers, body: out.slice(split + 4), timings };
        }
        export default { request };
        """

    static let runner = """
        import { results, answers } from './k6shim.mjs';
        import run from './script.mjs';
        run();
        console.log(JSON.stringify({ results, answers }));
        """

    @Test("the script parses, sends what apix sends with the secret from -e, and its checks pass and fail as apix's")
    func exportAndRun() async throws {
        let directory = try TemporaryDirectory()
        try await withDemoServer { server in
            try Self.profile(port: server.port).write(
                toFile: directory.path + "/loads.yaml", atomically: true, encoding: .utf8)
            try "variables: { token: \(Self.secret) }\n".write(
                toFile: directory.path + "/loads.secrets.yaml", atomically: true, encoding: .utf8)
            let out = try await ApixProcess.run(["export", "k6", "loads", "--profiles", directory.path])
            #expect(out.status == 0, "\(out.stderr)")
            let script = out.text
            #expect(!script.contains(Self.secret), "the secret is read from k6's environment")
            #expect(script.contains("${env('TOKEN')}"))
            #expect(out.stderr.contains("-e TOKEN="), "\(out.stderr)")
            #expect(out.stderr.contains("needs-id: left out"), "\(out.stderr)")
            #expect(out.stderr.contains("does not time DNS"), "\(out.stderr)")
            #expect(out.stderr.contains("k6 has no JSONPath"), "\(out.stderr)")
            #expect(script.contains("import http from 'k6/http';"))
            #expect(script.contains("import { check } from 'k6';"))
            #expect(script.contains("thresholds: { checks: ['rate==1'] }"))
            // The request's options indented inside its call, its headers inside them.
            #expect(script.contains(", {\n      headers: {\n        '"), "\(script)")
            #expect(script.contains("\n      },\n      tags: { name: '"), "\(script)")

            let scriptPath = directory.path + "/script.mjs"
            try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
            let syntax = try await ApixProcess.run(executable: "/usr/bin/node", ["--check", scriptPath])
            #expect(syntax.status == 0, "\(syntax.stderr)")

            // The same script with k6's modules swapped for the stand-in, run by node against the demo API.
            let shimmed = script.replacingOccurrences(of: "from 'k6/http'", with: "from './k6shim.mjs'")
                .replacingOccurrences(of: "from 'k6'", with: "from './k6shim.mjs'")
            try shimmed.write(toFile: scriptPath, atomically: true, encoding: .utf8)
            try Self.shim.write(toFile: directory.path + "/k6shim.mjs", atomically: true, encoding: .utf8)
            try Self.runner.write(toFile: directory.path + "/runner.mjs", atomically: true, encoding: .utf8)
            let run = try await ApixProcess.run(
                executable: "/usr/bin/node", [directory.path + "/runner.mjs"], environment: ["TOKEN": Self.secret])
            #expect(run.status == 0, "\(run.stderr)")
            let outcome = try JSONValue.parse(run.stdout)
            let results = try #require(outcome["results"]?.arrayValue)
            var passed: [String: Bool] = [:]
            for pair in results {
                if let name = pair[0]?.stringValue, let value = pair[1]?.boolValue { passed[name] = value }
            }
            let expected: [String: Bool] = [
                "post: status 2xx": true,
                "post: header Content-Type matches json": true,
                "post: header X-Absent absent": true,
                "post: $.method == \"POST\"": true,
                "post: $.path == \"/echo/k6\"": true,
                "post: $.path contains \"k6\"": true,
                "post: $.headers type array": true,
                "post: $.body_bytes > 10": true,
                "post: body contains body_crc32": true,
                "post: timing total < 60s": true,
                "wrong: status 201": false,
                "wrong: $.method == \"DELETE\"": false,
                "wrong: $.method contains \"DEL\"": false,
            ]
            #expect(passed == expected, "\(run.stdout)")

            // What apix run sends for the endpoint: the echo counts and checksums the body that arrived.
            let apix = try await ApixProcess.run(
                ["run", "loads", "post", "--profiles", directory.path, "--no-history"])
            #expect(apix.status == 0, "\(apix.stderr)")
            let byApix = try JSONValue.parse(apix.stdout)
            let byK6 = try JSONValue.parse(#require(outcome["answers"]?["post"]?.stringValue))
            #expect(byK6["body_crc32"] == byApix["body_crc32"], "\(byK6) \(byApix)")
            #expect(byK6["body_bytes"] == byApix["body_bytes"])
            let token = byK6["headers"]?.arrayValue?.first { $0[0]?.stringValue?.lowercased() == "x-token" }
            #expect(token?[1]?.stringValue == Self.secret)
        }
    }
}

import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// The device authorization grant (RFC 8628) through the real `apix` against a real authorization server (Authlib's
/// device endpoint and grant behind Flask, `Tests/Peers/oauth_server.py`), whose simulated user approves, denies,
/// asks to slow down or lets the code expire as its `DEVICE` argument says. The peer names an interval of 1 s.
@Suite("Device authorization grant against Authlib")
struct DeviceCodeCommandTests {
    /// The peer in `device` mode, a profile directory and a state directory.
    struct Setup {
        let peer: PythonPeer
        let profiles: TemporaryDirectory
        let state: TemporaryDirectory

        var tokenFile: String { state.path + "/apix/tokens/device@local.json" }

        init(device: String) throws {
            peer = try PythonPeer("oauth_server.py", arguments: ["3600", device])
            profiles = try TemporaryDirectory()
            state = try TemporaryDirectory()
            try DeviceCodeProfile.yaml(port: peer.port).write(
                toFile: profiles.path + "/device.yaml", atomically: true, encoding: .utf8)
            try AuthorizationCodeProfile.secrets.write(
                toFile: profiles.path + "/device.secrets.yaml", atomically: true, encoding: .utf8)
        }

        func apix(_ arguments: [String]) async throws -> ApixProcess.Output {
            try await ApixProcess.run(
                arguments + ["--profiles", profiles.path], environment: ["XDG_STATE_HOME": state.path])
        }

        /// What the token endpoint answered each device-code poll (`authorization_pending`, `token`, …) and when
        /// (seconds since the peer started).
        func polls() async throws -> [(at: Double, answer: String)] {
            (try await stats()["device_polls"]?.arrayValue ?? []).map {
                ($0["at"]?.doubleValue ?? -1, $0["answer"]?.stringValue ?? "")
            }
        }

        /// The peer's `/stats`, read with curl: through apix, the answer (it lists the device codes issued) would
        /// itself be recorded in the history.
        func stats() async throws -> JSONValue {
            try JSONValue.parse(await ApixProcess.run(executable: "/usr/bin/curl", ["-s", peer.url("/stats")]).stdout)
        }

        func storedToken() throws -> JSONValue? {
            guard let data = FileManager.default.contents(atPath: tokenFile) else { return nil }
            return try JSONValue.parse(data)["token"]
        }

        func stop() { peer.stop() }
    }

    @Test("approval after two authorization_pending polls: the code is shown on stderr, the token stored and sent")
    func approved() async throws {
        let setup = try Setup(device: "approve:2")
        defer { setup.stop() }
        let login = try await setup.apix(["auth", "login", "device"])
        #expect(login.status == 0, "\(login.stderr)")
        #expect(login.text.contains("logged in with the device_code grant; token valid"), "\(login.text)")
        let port = setup.peer.port
        #expect(login.stderr.contains("open http://127.0.0.1:\(port)/device on any device and enter the code"))
        let lines = login.stderr.split(separator: "\n").map(String.init)
        let code = try #require(lines.dropFirst().first?.trimmingCharacters(in: .whitespaces))
        #expect(code.wholeMatch(of: /[B-Z]{4}-[B-Z]{4}/) != nil, "the user code on its own line: \(login.stderr)")
        #expect(login.stderr.contains("/device?user_code=\(code)"), "verification_uri_complete is shown too")
        #expect(login.stderr.contains("checking every 1 s"))
        #expect(!login.text.contains(code), "stdout stays the command's answer")

        let polls = try await setup.polls()
        #expect(polls.map(\.answer) == ["authorization_pending", "authorization_pending", "token"])
        let token = try #require(try setup.storedToken())
        let access = try #require(token["access_token"]?.stringValue)
        let refresh = try #require(token["refresh_token"]?.stringValue)
        let me = try await setup.apix(["run", "device", "me", "--json"])
        #expect(try JSONValue.parse(me.stdout)["status"]?.intValue == 200, "\(me.text) \(me.stderr)")
        // The refresh token of this grant refreshes like any other's.
        let refreshed = try await setup.apix(["auth", "refresh", "device"])
        #expect(refreshed.status == 0, "\(refreshed.stderr)")
        #expect(try setup.storedToken()?["refresh_token"]?.stringValue != refresh)
        let stats = try await setup.stats()
        let deviceCode = try #require(stats["device_codes"]?.arrayValue?.first?.stringValue)
        for output in [login, me, refreshed] {
            for secret in [access, refresh, deviceCode] {
                #expect(!output.text.contains(secret) && !output.stderr.contains(secret))
            }
        }
        // On disk: the tokens only in the token file, the device code nowhere (history, its WAL, logs, cache).
        for secret in [access, refresh] {
            #expect(
                AuthorizationCodeCommandTests.files(containing: secret, under: setup.state.path).allSatisfy {
                    $0.hasPrefix("apix/tokens/")
                })
        }
        #expect(AuthorizationCodeCommandTests.files(containing: deviceCode, under: setup.state.path).isEmpty)
    }

    @Test("slow_down: every later poll waits 5 s longer")
    func slowDown() async throws {
        let setup = try Setup(device: "slow:1")
        defer { setup.stop() }
        let login = try await setup.apix(["auth", "login", "device"])
        #expect(login.status == 0, "\(login.stderr)")
        let polls = try await setup.polls()
        #expect(polls.map(\.answer) == ["slow_down", "authorization_pending", "token"])
        guard polls.count == 3 else { return }
        // 1 s + 5 s between polls from then on; a lower bound only (a loaded machine only adds to it).
        #expect(polls[1].at - polls[0].at >= 5.5, "\(polls)")
        #expect(polls[2].at - polls[1].at >= 5.5, "\(polls)")
    }

    @Test(
        "access_denied, expired_token and a code that outlives nobody's approval end with one line, exit 4, nothing stored",
        arguments: [
            ("deny:1", "device login failed: the sign-in was denied (access_denied"),
            ("expire", "device login failed: the code expired before it was approved (expired_token)"),
            ("short", "device login failed: the code expired after 3 s without approval"),
        ])
    func failures(mode: String, reason: String) async throws {
        let setup = try Setup(device: mode)
        defer { setup.stop() }
        let login = try await setup.apix(["auth", "login", "device"])
        #expect(login.status == 4, "\(login.stderr)")
        let failed = login.stderr.split(separator: "\n").filter { $0.hasPrefix("apix: authentication failed") }
        #expect(failed.count == 1 && failed.first?.contains(reason) == true, "\(login.stderr)")
        #expect(login.stderr.hasSuffix("nothing stored\n"), "\(login.stderr)")
        #expect(!FileManager.default.fileExists(atPath: setup.tokenFile))
        let me = try await setup.apix(["run", "device", "me"])
        #expect(me.status == 4, "a script with no token is told to log in: \(me.stderr)")
        #expect(me.stderr.contains("the device_code grant signs in with a code entered on another device"))
    }

    @Test("--json: one JSON object on stdout with user_code, verification_uri(_complete), expires_in and interval")
    func json() async throws {
        let setup = try Setup(device: "approve:0")
        defer { setup.stop() }
        let login = try await setup.apix(["auth", "login", "device", "--json"])
        #expect(login.status == 0, "\(login.stderr)")
        let object = try JSONValue.parse(login.stdout)
        let code = try #require(object["user_code"]?.stringValue)
        let port = setup.peer.port
        #expect(object["verification_uri"]?.stringValue == "http://127.0.0.1:\(port)/device")
        #expect(object["verification_uri_complete"]?.stringValue == "http://127.0.0.1:\(port)/device?user_code=\(code)")
        #expect(object["expires_in"]?.intValue == 60)
        #expect(object["interval"]?.intValue == 1)
        #expect(object.objectValue?.keys.count == 5, "no device_code, nothing else: \(login.text)")
        #expect(login.text.split(separator: "\n").count == 1, "one object: \(login.text)")
        #expect(login.stderr.contains("logged in with the device_code grant"))
        #expect(try setup.storedToken()?["access_token"]?.stringValue != nil)
    }
}

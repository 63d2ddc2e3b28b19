import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// Variables written `{ command: [...] }`: real commands run without a shell, their first line the value, once per
/// process, secret everywhere, and a failure a located problem naming the command and its exit status.
@Suite("Secrets from commands")
struct SecretCommandTests {
    /// A short limit: the tests that pass it wait that long, not 10 s.
    static let quick = SecretCommandRunner(timeout: .milliseconds(500))
    /// For commands that must succeed or fail on their own: a loaded machine (a full test run beside builds) can
    /// take more than half a second to start `printf`, which the short limit read as a timeout.
    static let patient = SecretCommandRunner(timeout: .seconds(30))

    static func script(_ directory: TemporaryDirectory, _ name: String, _ body: String) throws -> String {
        try directory.writeProgram(name, "#!/bin/sh\n" + body + "\n")
    }

    @Test("the first line of stdout is the value; the rest, and stderr, are dropped")
    func firstLine() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.script(directory, "pw", "echo 'tok-123'\necho 'second line'\necho oops >&2")
        #expect(Self.patient.run([path]) == .success("tok-123"))
        #expect(Self.patient.run(["printf", "%s\\r\\n", "with-crlf"]) == .success("with-crlf"))
        // Words are passed as written: nothing is expanded as a shell would.
        #expect(Self.patient.run(["printf", "%s", "$HOME *"]) == .success("$HOME *"))
    }

    @Test("a failure names the command and how it ended, never its output")
    func failures() throws {
        let directory = try TemporaryDirectory()
        let failing = try Self.script(directory, "fails", "echo 'secret-in-error' >&2\necho partial\nexit 3")
        let result = Self.patient.run([failing, "api/token"])
        #expect(result == .failure(SecretCommandFailure(arguments: [failing, "api/token"], reason: .exited(3))))
        guard case .failure(let failure) = result else { return }
        #expect(failure.message == "the command `\(failing) api/token` exited with status 3")
        #expect(!failure.message.contains("secret-in-error") && !failure.message.contains("partial"))

        let missing = Self.patient.run(["apix-no-such-program-here", "x"])
        guard case .failure(let notFound) = missing else {
            Issue.record("expected a failure")
            return
        }
        #expect(notFound.message.hasPrefix("the command `apix-no-such-program-here x` could not be started: "))
        #expect(Self.patient.run(["true"]).failureReason == .empty)
    }

    @Test("a command past the limit is stopped, with what it started, and says so")
    func timeout() throws {
        let directory = try TemporaryDirectory()
        let slow = try Self.script(directory, "slow", "sleep 30\necho late")
        #expect(Self.quick.run([slow]).failureReason == .timedOut(.milliseconds(500)))
        // A child that exits but leaves a grandchild holding stdout open is stopped too.
        let orphan = try Self.script(directory, "orphan", "(sleep 30; echo x) &\necho value")
        #expect(Self.quick.run([orphan]).failureReason == .timedOut(.milliseconds(500)))
        #expect(
            SecretCommandFailure(arguments: ["pass", "show", "x"], reason: .timedOut(.seconds(10))).message
                .contains("did not finish within"))
    }

    static func profileText(_ command: String) -> String {
        """
        variables:
          token: { command: [\(command)] }
          header: "Bearer {{token}}"
        environments:
          local:
            base_url: http://127.0.0.1:1
            variables:
              env_token: { command: [printf, "%s", env-secret] }
        endpoints:
          - id: me
            path: /me
            headers: { Authorization: "{{header}}", X-Env: "{{env_token}}", X-Secret: "{{from_secrets}}" }
        """
    }

    @Test("commands in the profile, an environment and the secrets file fill requests, masked everywhere")
    func fillsRequests() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("p.yaml", Self.profileText("printf, \"%s\\\\n\", tok-from-cmd"))
        try directory.write(
            "p.secrets.yaml", "variables:\n  from_secrets: { command: [printf, \"%s\", secrets-file-secret] }\n")
        let commands = SecretCommands(runner: Self.patient)
        let profile = try ProfileLoader.load(file: path, text: nil, commands: commands).get()
        #expect(profile.secretNames.isSuperset(of: ["token", "env_token", "from_secrets"]))
        let builder = try RequestBuilder(profile: profile, environment: "local", processEnvironment: [:])
        let endpoint = try #require(profile.endpoint("me"))
        let request = try builder.request(for: endpoint)
        #expect(request.headers["Authorization"] == "Bearer tok-from-cmd")
        #expect(request.headers["X-Env"] == "env-secret")
        #expect(request.headers["X-Secret"] == "secrets-file-secret")

        let plan = try ExchangePlan(endpoint, builder: builder)
        let shown = plan.masked.request.headers.map(\.value).joined(separator: " ")
        for secret in ["tok-from-cmd", "env-secret", "secrets-file-secret"] {
            #expect(!shown.contains(secret), "\(shown)")
            #expect(plan.secretValues().contains(secret))
        }
        let export = try plan.curlCommand(revealed: false)
        #expect(export.command.contains("${TOKEN}") && !export.command.contains("tok-from-cmd"), "\(export.command)")
        // Written back, a command stays a command (the printed value appears only as the command's argument here).
        let emitted = ProfileEmitter.profile(profile)
        #expect(emitted.contains("token: { command: [printf,"), "\(emitted)")
        #expect(!emitted.contains("env-secret\n") && !emitted.contains("token: \"\""), "\(emitted)")
    }

    @Test("each command runs once per process, until forgotten (the explorer's reload)")
    func runsOnce() throws {
        let directory = try TemporaryDirectory()
        let counter = directory.file("runs")
        let counting = try Self.script(directory, "count", "echo run >> '\(counter)'\necho tok-counted")
        let text = Self.profileText(counting).replacingOccurrences(
            of: "X-Secret: \"{{from_secrets}}\"", with: "X-Other: x")
        let path = try directory.write("p.yaml", text)
        let commands = SecretCommands(runner: Self.patient)
        for _ in 0..<3 { _ = try ProfileLoader.load(file: path, text: nil, commands: commands).get() }
        #expect(try String(contentsOfFile: counter, encoding: .utf8) == "run\n")
        commands.forget()
        _ = try ProfileLoader.load(file: path, text: nil, commands: commands).get()
        #expect(try String(contentsOfFile: counter, encoding: .utf8) == "run\nrun\n")
    }

    @Test("a failing command is a problem at its variable's line and column; a malformed one too")
    func locatedProblems() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("p.yaml", Self.profileText("sh, -c, \"exit 4\""))
        let commands = SecretCommands(runner: Self.patient)
        guard case .failure(let failure) = ProfileLoader.load(file: path, text: nil, commands: commands) else {
            Issue.record("expected a problem")
            return
        }
        let problem = try #require(failure.problems.first { $0.message.contains("exit 4") })
        #expect(problem.message == "variable `token`: the command `sh -c exit 4` exited with status 4")
        #expect(problem.location.line == 2 && problem.location.column == 10)

        let malformed = try directory.write("m.yaml", "variables:\n  a: { command: pass }\n  b: { cmd: [x] }\n")
        guard case .failure(let bad) = ProfileLoader.load(file: malformed, text: nil, commands: commands) else {
            Issue.record("expected problems")
            return
        }
        #expect(bad.problems.contains { $0.message.contains("`variables.a.command` must be a list of words") })
        #expect(bad.problems.contains { $0.message.contains("unknown key `cmd`") && $0.location.line == 3 })
    }
}

extension Result where Success == String, Failure == SecretCommandFailure {
    var failureReason: SecretCommandFailure.Reason? {
        if case .failure(let failure) = self { return failure.reason }
        return nil
    }
}

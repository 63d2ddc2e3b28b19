import ArgumentParser
import ExplorerCore
import ExplorerHistory
import Foundation

/// `apix replay ID`: sends a recorded request again, records the new exchange and prints it like `apix run`.
///
/// The request goes as `HistoryReplay` says: as recorded, with the credential at hand from the profile's `auth`.
///
/// Exit statuses: as `apix run` (0 on any response, 22 with `--fail` on 4xx/5xx, curl's when none came), 2 for
/// usage errors (an unknown id, a request that cannot be replayed), 5 when the history cannot be read.
struct ReplayCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay", abstract: "Send a recorded request again, record it and print the response.")

    @Argument(help: "The entry's id (or the start of it, 4 characters or more).") var id: String
    @Flag(help: "Print one JSON object describing the response.") var json = false
    @Flag(help: "Exit with 22 when the server answers 4xx or 5xx.") var fail = false
    @Option(
        name: .customLong("var"),
        help: ArgumentHelp("Variable for the profile's auth (the history keeps none).", valueName: "name=value"))
    var variables: [String] = []
    @OptionGroup var profileOptions: ProfileOptions

    func run() async throws {
        let store = try HistoryCommand.store()
        let entry = try HistoryCommand.entry(id, in: store)
        let request: PreparedRequest
        do {
            request = try HistoryReplay.request(replaying: entry)
        } catch {
            throw CLIFailure(.usage, error.description)
        }
        let context = try authContext(for: entry)
        var options = SendOptions()
        if let auth = context?.auth, let key = context?.key {
            options.interceptor = await AuthSessions.shared.interceptor(for: auth, key: key)
        }
        let result = await Client().start(request, options: options).result
        let recorded = await record(entry, request: request, result: result, context: context, store: store)
        switch result {
        case .failure(let error):
            if json { StandardOutput.write(ResponseDocument.make(error, request: entry.request).serialized() + "\n") }
            StandardError.writeLine(RunCommand.errorLine(error))
            throw ExitCode(error.exitCode)
        case .success(let response):
            if json {
                var document = ResponseDocument.make(
                    response, url: entry.request.url, bodyFile: nil, request: entry.request)
                if case .object(var members) = document {
                    if let recorded { members.append(key: "id", value: .string(recorded)) }
                    members.append(key: "replay_of", value: .string(entry.id))
                    document = .object(members)
                }
                StandardOutput.write(document.serialized() + "\n")
            } else {
                StandardError.writeLine(RunCommand.statusLine(response))
                if let recorded { StandardError.writeLine("apix: replay of \(entry.id) recorded as \(recorded)") }
                if !(fail && response.statusClass.isFailure) {
                    try BodyPrinter(response: response, toTerminal: StandardOutput.isTerminal).print()
                }
            }
            if fail, response.statusClass.isFailure { throw ExitCode(22) }
        }
    }

    struct AuthContext {
        var profile: Profile
        var endpoint: Endpoint?
        var builder: RequestBuilder
        var overrides: RequestOverrides
        var auth: ResolvedAuth?
        var key: AuthSessionKey
    }

    /// The recorded profile's credentials for the endpoint, when the profile is still there.
    private func authContext(for entry: HistoryEntry) throws -> AuthContext? {
        guard let id = entry.profile, let profile = try? profileOptions.profile(id),
            let builder = try? RequestBuilder(profile: profile, environment: entry.environment)
        else { return nil }
        let endpoint = entry.endpoint.flatMap { profile.endpoint($0) }
        var overrides = RequestOverrides()
        for item in variables {
            let (name, value) = try RequestOptions.pair(item, flag: "--var")
            overrides.variables[name] = value
        }
        let auth: ResolvedAuth?
        do {
            auth = try builder.auth(for: endpoint, overrides: overrides)
        } catch {
            throw CLIFailure(.profile, error.message)
        }
        return AuthContext(
            profile: profile, endpoint: endpoint, builder: builder, overrides: overrides, auth: auth,
            key: builder.authSessionKey(for: endpoint))
    }

    /// Records the replay (unless history is off); its id, or nil.
    private func record(
        _ entry: HistoryEntry, request: PreparedRequest, result: Result<Response, ClientError>,
        context: AuthContext?, store: HistoryStore
    ) async -> String? {
        guard store.settings.enabled, context?.profile.recordsHistory ?? true else { return nil }
        var secrets = HistorySecrets.none
        if let context {
            var token: String?
            if let auth = context.auth {
                token = await AuthSessions.shared.storedAuthorization(
                    for: auth, key: context.key, includingExpired: true)
            }
            secrets = HistorySecrets.of(
                builder: context.builder, endpoint: context.endpoint, overrides: context.overrides, auth: context.auth,
                token: token, sent: request)
        }
        var shown = request
        if let auth = context?.auth, let credential = CredentialPresentation.bullets.credential(for: auth) {
            shown = credential.apply(to: shown)
        }
        shown.headers = shown.headersOnTheWire()
        let replay = HistoryRecording.entry(
            origin: .replay, profile: entry.profile, environment: entry.environment, endpoint: entry.endpoint,
            shown: shown, result: result, secrets: secrets, replayOf: entry.id)
        do {
            return try store.record(replay).id
        } catch {
            StandardError.writeLine("apix: warning: \(error.description)")
            return nil
        }
    }
}

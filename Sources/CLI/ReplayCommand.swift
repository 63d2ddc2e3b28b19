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
        let exchange = try plan(replaying: request, of: entry)
        let transfer = await exchange.start(on: Client())
        let result = await transfer.result
        let recorded = await record(
            entry, exchange: exchange, sent: transfer.request, result: result, store: store)
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

    /// The recorded request sent again with the credentials of the recorded profile's endpoint, when the profile is
    /// still there (`--var` fills the variables its auth uses).
    private func plan(replaying request: PreparedRequest, of entry: HistoryEntry) throws -> ExchangePlan {
        var overrides = RequestOverrides()
        for item in variables {
            let (name, value) = try RequestOptions.pair(item, flag: "--var")
            overrides.variables[name] = value
        }
        let profile = entry.profile.flatMap { try? profileOptions.profile($0, given: Set(overrides.variables.keys)) }
        let builder = profile.flatMap { try? RequestBuilder(profile: $0, environment: entry.environment) }
        let endpoint = entry.endpoint.flatMap { profile?.endpoint($0) }
        let key =
            builder?.authSessionKey(for: endpoint)
            ?? ProfileEnvironmentKey(profile: entry.profile ?? "", environment: entry.environment ?? "")
        do throws(RequestBuildError) {
            return try ExchangePlan(
                replaying: request, builder: builder, endpoint: endpoint, authKey: key, overrides: overrides)
        } catch {
            throw CLIFailure(.profile, error.message)
        }
    }

    /// Records the replay (unless history is off); its id, or nil.
    private func record(
        _ entry: HistoryEntry, exchange: ExchangePlan, sent: PreparedRequest, result: Result<Response, ClientError>,
        store: HistoryStore
    ) async -> String? {
        guard store.settings.enabled, exchange.profile?.recordsHistory ?? true else { return nil }
        let replay = HistoryRecording.entry(
            for: exchange, sent: sent, origin: .replay, result: result, token: await exchange.token(),
            endpoint: entry.endpoint, replayOf: entry.id
        ).entry
        do {
            return try store.record(replay).id
        } catch {
            StandardError.writeLine("apix: warning: \(error.description)")
            return nil
        }
    }
}

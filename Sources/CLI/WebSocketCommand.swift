import ArgumentParser
import ExplorerCore
import ExplorerHistory
import Foundation
import Synchronization

/// `apix ws PROFILE ENDPOINT` and `apix ws URL`: a WebSocket session between stdin/stdout and the server
/// (docs/WEBSOCKET.md). Each stdin line is a text message (`--jsonl`: a JSON object), each message received a line
/// on stdout; the session ends with a close when stdin ends, after `--max-messages`, or after `--idle`.
///
/// Exit statuses (`WebSocketExit`): 0 on a normal close (1000/1001), 9 when the server closed with another code,
/// 8 when the server broke the protocol (apix closed with 1002, 1007 or 1009), 56 when the connection ended without
/// a closing handshake, 22 when the server refused the upgrade, 130 after Ctrl-C (a close with 1001 first), curl's codes when no connection came (6, 7, 28,
/// 35/60), 2 for usage errors, 3 for profile errors, 4 when credentials could not be obtained.
struct WebSocketCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ws", abstract: "Open a WebSocket session: stdin lines out as messages, messages in on stdout.")

    @Argument(help: "Profile id, or a ws:// or wss:// URL.", completion: Completions.profile) var target: String
    @Argument(help: "Endpoint id (protocol: websocket).", completion: Completions.endpoint) var endpoint: String?
    @OptionGroup var requestOptions: RequestOptions
    @Flag(help: "One JSON object per line, both ways.") var jsonl = false
    @Flag(name: .customLong("show-control"), help: "Also show pings and pongs.") var showControl = false
    @Option(name: .customLong("send"), help: ArgumentHelp("Send TEXT first (repeatable).", valueName: "TEXT"))
    var send: [String] = []
    @Option(
        name: .customLong("send-saved"),
        help: ArgumentHelp("Send the endpoint's saved message NAME first (repeatable).", valueName: "NAME"))
    var sendSaved: [String] = []
    @Option(
        name: .customLong("max-messages"),
        help: ArgumentHelp("Close normally after N messages received.", valueName: "N"))
    var maxMessages: Int?
    @Option(help: ArgumentHelp("Close normally after SECONDS without a message received.", valueName: "SECONDS"))
    var idle: Double?
    @Option(
        name: .customLong("max-message"),
        help: ArgumentHelp(
            "The largest message kept (default: the endpoint's max_message, else 64MiB).", valueName: "SIZE"))
    var maxMessage: String?
    @Option(
        help: ArgumentHelp(
            "Wait at most SECONDS for the upgrade answer (default: the profile's `timeout:`, else 30), and for the "
                + "server's close at most that or 5 s, whichever is less (0: the defaults).",
            valueName: "SECONDS"))
    var timeout: Double?
    @Flag(help: "Skip TLS certificate verification.") var insecure = false
    @Flag(name: .customLong("no-compression"), help: "Do not offer permessage-deflate.") var noCompression = false
    @Flag(name: .customLong("no-history"), help: "Do not record this session in the history.") var noHistory = false
    @OptionGroup var profileOptions: ProfileOptions

    func validate() throws {
        if let maxMessages, maxMessages < 1 { throw ValidationError("--max-messages must be at least 1") }
        if let idle, !CLISeconds.isValid(idle, zeroAllowed: false) {
            throw ValidationError(CLISeconds.problem("--idle", zeroAllowed: false))
        }
        if endpoint == nil, !Self.isURL(target) {
            throw ValidationError("expected PROFILE ENDPOINT, or a ws:// or wss:// URL, got '\(target)'")
        }
        if endpoint == nil, !sendSaved.isEmpty { throw ValidationError("--send-saved needs PROFILE ENDPOINT") }
    }

    static func isURL(_ text: String) -> Bool {
        let lower = text.lowercased()
        return ["ws://", "wss://", "http://", "https://"].contains { lower.hasPrefix($0) }
    }

    func run() async throws {
        let (plan, settings, saved) = try prepare()
        var first = send.map { WebSocketMessage.text($0) }
        first += saved
        let history = HistoryLog(profile: plan.profile, disabled: noHistory, origin: .ws)
        let connection: WebSocketConnection
        switch await plan.openWebSocket(settings: settings) {
        case .success(let opened): connection = opened
        case .failure(let error):
            StandardError.writeLine("apix: \(SafeText.escape(error.message))")
            if let history {
                let failure = error.clientError
                history.record(
                    oneOff(
                        HistoryRecording.entry(
                            forSession: plan, origin: .ws, opened: .failure(failure), transcript: nil,
                            token: await plan.token())))
            }
            throw ExitCode(WebSocketExit.status(for: error))
        }
        let opened = connection.opened
        StandardError.writeLine(WebSocketExit.connectedLine(plan.webSocketURL, opened))
        let transcript = WebSocketTranscript(handshake: connection.opened.metrics.total)
        let session = WebSocketCLISession(
            connection: connection, transcript: transcript, jsonl: jsonl, showControl: showControl,
            maxMessages: maxMessages, idle: idle.map(CLISeconds.duration))
        // Ctrl-C (or SIGTERM, SIGHUP) closes with 1001, going away (RFC 6455 §7.4.1: the endpoint leaves, as a
        // browser leaving the page; the TUI's quit says the same), and the session waits for the server's close as
        // for any close of apix's (bounded by the close wait); a second signal ends apix at once. Exit 130.
        let interrupted = Interrupts()
        let signals = SignalCancellation {
            if interrupted.count.add(1, ordering: .sequentiallyConsistent).newValue > 1 {
                StandardError.writeLine("apix: interrupted again: not waiting for the server's close")
                Foundation.exit(WebSocketExit.interrupted)
            }
            connection.close(code: WebSocketCloseCode.goingAway, reason: "")
        }
        let close = await session.run(first: first)
        signals.stop()
        let wasInterrupted = interrupted.count.load(ordering: .sequentiallyConsistent) > 0
        StandardError.writeLine("apix: \(wasInterrupted ? "interrupted, " : "")\(WebSocketExit.describe(close))")
        if let history {
            history.record(
                oneOff(
                    HistoryRecording.entry(
                        forSession: plan, origin: .ws, opened: .success(opened), transcript: transcript,
                        token: await plan.token())))
        }
        let status = wasInterrupted ? WebSocketExit.interrupted : WebSocketExit.status(for: close)
        if status != 0 { throw ExitCode(status) }
    }

    /// A URL's session is recorded as a one-off (no profile, no endpoint), like `apix run URL`.
    private func oneOff(_ entry: HistoryEntry) -> HistoryEntry {
        guard endpoint == nil else { return entry }
        var entry = entry
        entry.profile = nil
        entry.endpoint = nil
        entry.environment = nil
        return entry
    }

    /// The exchange (the endpoint's, or a one-endpoint profile for a URL), its session settings, and the saved
    /// messages asked for.
    private func prepare() throws -> (ExchangePlan, WebSocketSettings, [WebSocketMessage]) {
        var overrides = try requestOptions.overrides()
        if let timeout {
            guard CLISeconds.isValid(timeout) else { throw CLIFailure(.usage, CLISeconds.problem("--timeout")) }
            overrides.timeout = CLISeconds.duration(timeout)
        }
        var settingsOverride: Int?
        if let maxMessage {
            guard let size = TransferOptions.size(maxMessage), size > 0, size <= Int64(Int32.max) * 2 else {
                throw CLIFailure(.usage, "--max-message expects a size such as 1048576 or 64MiB, got '\(maxMessage)'")
            }
            settingsOverride = Int(size)
        }
        let (builder, chosen) = try endpointToOpen()
        var options = overrides
        if insecure { options.insecure = true }
        var settings = WebSocketSettings.forEndpoint(chosen)
        if let settingsOverride { settings.maxMessage = settingsOverride }
        settings.offersDeflate = !noCompression
        var saved: [WebSocketMessage] = []
        for name in sendSaved {
            guard let message = chosen.webSocket?.message(named: name) else {
                let known = chosen.webSocket?.messages.map(\.name).joined(separator: ", ") ?? ""
                throw CLIFailure(
                    .usage,
                    "no saved message `\(name)` in endpoint `\(chosen.id)`"
                        + (known.isEmpty ? "" : " (saved: \(known))"))
            }
            do {
                saved.append(try builder.webSocketMessage(message, maxMessage: settings.maxMessage))
            } catch {
                throw CLIFailure(.profile, error.message)
            }
        }
        do {
            return (try ExchangePlan(chosen, builder: builder, overrides: options), settings, saved)
        } catch {
            throw CLIFailure(.profile, error.message)
        }
    }

    /// The builder and the endpoint: the profile's (a WebSocket endpoint), or a one-endpoint profile for a URL.
    private func endpointToOpen() throws -> (RequestBuilder, Endpoint) {
        guard let endpoint else {
            var oneOff = Endpoint(id: "ws", path: Template(target))
            oneOff.webSocket = WebSocketEndpoint()
            let profile = Profile(
                id: "", environments: [ProfileEnvironment(name: "default", baseURL: Template(""))],
                endpoints: [oneOff])
            do {
                return (try RequestBuilder(profile: profile), oneOff)
            } catch {
                throw CLIFailure(.profile, error.message)
            }
        }
        let loaded = try requestOptions.profile(target, from: profileOptions)
        let found = try loaded.requiredEndpoint(endpoint)
        guard found.webSocket != nil else {
            throw CLIFailure(.profile, "endpoint `\(endpoint)` is not a WebSocket endpoint (add `protocol: websocket`)")
        }
        do {
            return (try RequestBuilder(profile: loaded, environment: requestOptions.environment), found)
        } catch {
            throw CLIFailure(.profile, error.message)
        }
    }
}

/// How many times the session was interrupted (an atomic is not copyable: the signal handler shares this box).
private final class Interrupts: Sendable {
    let count = Atomic<Int>(0)
}

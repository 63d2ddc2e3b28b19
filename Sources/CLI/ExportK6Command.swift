import ArgumentParser
import ExplorerCore
import Foundation

/// `apix export k6 PROFILE [ENDPOINT…]`: prints a k6 script that sends what apix sends for the endpoints (all of the
/// profile's when none is named) and checks their `expect:` as far as k6 can: a load test on k6, locally or
/// distributed, from the same profile. Secrets are read from k6's environment (`-e NAME=…`) unless `--reveal`.
struct ExportK6Command: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "k6", abstract: "Print a k6 load-test script that sends what apix sends and checks expect:.")

    @Argument(help: "Profile id.", completion: Completions.profile) var profile: String
    @Argument(help: "Endpoint ids (default: every endpoint of the profile).", completion: Completions.endpoint)
    var endpoints: [String] = []
    @OptionGroup var request: RequestOptions
    @Flag(help: "Put secret values (and a stored OAuth2 token) in the script instead of reading them from -e.")
    var reveal = false
    @OptionGroup var profileOptions: ProfileOptions

    func run() async throws {
        let overrides = try request.overrides()
        let loaded = try request.profile(profile, from: profileOptions)
        for id in endpoints { _ = try loaded.requiredEndpoint(id) }
        var steps: [K6Script.Step] = []
        var notes: [String] = []
        var readsToken = false
        let environmentName: String
        do throws(RequestBuildError) {
            var builder = try RequestBuilder(profile: loaded, environment: request.environment)
            environmentName = builder.environment.name
            builder.captured =
                (try? CaptureStore().load(profile: loaded.id, environment: builder.environment.name)) ?? [:]
            let chosen: [Endpoint]
            if endpoints.isEmpty {
                chosen = loaded.endpoints
            } else {
                chosen = try endpoints.map { (id) throws(RequestBuildError) in
                    guard let endpoint = builder.profile.endpoint(id) else {
                        throw RequestBuildError(.unknownEndpoint(id))
                    }
                    return endpoint
                }
            }
            for endpoint in chosen {
                if endpoint.webSocket != nil {
                    notes.append("\(endpoint.id): a WebSocket endpoint; k6's script sends HTTP requests only")
                    continue
                }
                let exchange: ExchangePlan
                let exported: ExportedRequest
                do throws(RequestBuildError) {
                    exchange = try ExchangePlan(endpoint, builder: builder, overrides: overrides)
                    let token = reveal ? await exchange.token(includingExpired: false) : nil
                    exported = try exchange.exported(revealed: reveal, token: token)
                } catch  where endpoints.isEmpty {
                    // The whole profile: an endpoint that cannot be built (a path placeholder without a value) is
                    // left out and said; one named on the command line fails the export.
                    notes.append("\(endpoint.id): left out: \(error.message)")
                    continue
                }
                readsToken = readsToken || exported.readsToken
                let expectation = exchange.exportedExpectation(revealed: reveal)
                if expectation?.complete == false {
                    notes.append("\(endpoint.id): a check names a variable apix cannot fill; it is written as is")
                }
                steps.append(.init(id: endpoint.id, exported: exported, expectation: expectation?.expectation))
            }
        } catch {
            throw CLIFailure(.profile, error.message)
        }
        let script = K6Script(profile: loaded.id, environment: environmentName, steps: steps)
        StandardOutput.write(script.text)
        if readsToken {
            StandardError.writeLine(
                "apix: no valid token stored for \(profile): run `apix auth login \(profile)` first")
        }
        for note in notes + script.notes { StandardError.writeLine("apix: \(SafeText.escape(note))") }
        guard !script.variables.isEmpty else { return }
        StandardError.writeLine(
            "apix: the script reads " + script.variables.joined(separator: ", ")
                + " from k6's environment: k6 run " + script.variables.map { "-e \($0)=…" }.joined(separator: " ")
                + " (or use --reveal)")
    }
}

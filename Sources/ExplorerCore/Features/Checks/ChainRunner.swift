import Foundation

/// Sends an endpoint the way `capture:`, `uses:` and `expect:` say: first the endpoints whose values it needs
/// (`ChainPlanner`), each one's captures recorded (`CaptureStore`) before the next is built, then the endpoint
/// itself with its checks. The front ends pass how to send one endpoint with the values held so far; the order,
/// what is captured, what is kept and what is checked are decided here, once.
package struct ChainRunner: Sendable {
    /// Sends one endpoint, with the captured values held at that moment, and returns its result.
    package typealias Send =
        @Sendable (_ endpoint: Endpoint, _ captured: [String: CapturedValue]) async -> Result<Response, ClientError>

    /// Why a chain stopped before the endpoint that was asked for.
    package enum Failure: Error, Sendable, CustomStringConvertible {
        /// A value is missing and nothing says to fetch it.
        case missing(ChainError)
        /// A prerequisite did not answer, answered with an error status, or did not yield its values.
        case prerequisite(endpointID: String, neededBy: String, reason: String)

        package var description: String {
            switch self {
            case .missing(let error): error.description
            case .prerequisite(let id, let neededBy, let reason):
                "`\(neededBy)` needs values from `\(id)`, which was sent first and \(reason)"
            }
        }
    }

    package let profile: Profile
    package let environment: String
    /// Where values are kept between runs; nil keeps them only in this runner's calls.
    package let store: CaptureStore?

    /// The user's variables for the whole run (`--var`, the explorer's session variables): `{{name}}` in
    /// `expect:` values is filled from them, the profile's variables and the values held, like a request.
    package var variables: [String: String] = [:]
    /// Where `{{env.NAME}}` in `expect:` values is read.
    package var processEnvironment: [String: String] = ProcessInfo.processInfo.environment

    package init(profile: Profile, environment: String, store: CaptureStore?) {
        self.profile = profile
        self.environment = environment
        self.store = store
    }

    /// The values held for this profile and environment (empty when the store cannot be read: a warning for the
    /// caller to show is returned beside them).
    package func heldValues() -> (values: [String: CapturedValue], warning: String?) {
        guard let store else { return ([:], nil) }
        do {
            return (try store.load(profile: profile.id, environment: environment), nil)
        } catch {
            return ([:], error.description)
        }
    }

    /// Sends `endpoint`, after whatever it needs first; `held` is updated with every value captured. The steps
    /// come back in the order they were sent; the last is `endpoint`'s unless the chain stopped (then it throws).
    package func send(
        _ endpoint: Endpoint, held: inout [String: CapturedValue], now: @Sendable () -> Date = { Date() },
        send: Send
    ) async throws(Failure) -> [ChainStep] {
        var steps = try await sendPrerequisites(of: endpoint, held: &held, now: now, send: send)
        steps.append(await exchange(endpoint, isPrerequisite: false, held: &held, now: now, send: send))
        return steps
    }

    /// Sends only what `endpoint` needs first (for a front end that sends the endpoint itself, with its own
    /// progress and output, then calls `conclude`).
    package func sendPrerequisites(
        of endpoint: Endpoint, held: inout [String: CapturedValue], now: @Sendable () -> Date = { Date() },
        send: Send
    ) async throws(Failure) -> [ChainStep] {
        let order: [String]
        do {
            order = try ChainPlanner.prerequisites(of: endpoint, in: profile, held: held, now: now())
        } catch {
            throw .missing(error)
        }
        var steps: [ChainStep] = []
        for id in order {
            guard let source = profile.endpoints.first(where: { $0.id == id }) else { continue }
            let step = await exchange(source, isPrerequisite: true, held: &held, now: now, send: send)
            steps.append(step)
            switch step.result {
            case .failure(let error):
                throw .prerequisite(endpointID: id, neededBy: endpoint.id, reason: "failed: \(error.summary)")
            case .success(let response) where response.statusCode >= 400:
                throw .prerequisite(
                    endpointID: id, neededBy: endpoint.id,
                    reason: "answered \(SafeText.escape(response.statusLine))")
            case .success where !step.captureFailures.isEmpty:
                throw .prerequisite(
                    endpointID: id, neededBy: endpoint.id,
                    reason: "gave no " + step.captureFailures.joined(separator: "; "))
            case .success: break
            }
        }
        return steps
    }

    /// What an exchange of `endpoint` gives once it ended: its captures (kept in `held` and the store) and checks.
    package func conclude(
        _ endpoint: Endpoint, result: Result<Response, ClientError>, isPrerequisite: Bool = false,
        held: inout [String: CapturedValue], now: Date = Date()
    ) -> ChainStep {
        var step = ChainStep(endpointID: endpoint.id, isPrerequisite: isPrerequisite, result: result)
        guard case .success(let response) = result else { return step }
        step.schema = SchemaCheck.check(response, endpoint: endpoint, schemas: profile.schemas)
        step.graphQLErrors = GraphQLAnswerError.errors(in: response, endpoint: endpoint)
        if !endpoint.captures.isEmpty {
            let outcome = CaptureExtractor.extract(
                endpoint.captures, from: response, endpointID: endpoint.id, at: now,
                tokenEndpoint: Capture.isTokenEndpoint(endpoint))
            step.captured = outcome.values
            step.captureFailures = outcome.failures
            step.checks += outcome.checks
            held = held.filter { $0.value.endpointID != endpoint.id }
            for value in outcome.values { held[value.reference] = value }
            do {
                try store?.record(outcome.values, from: endpoint.id, profile: profile.id, environment: environment)
            } catch {
                step.storeWarning = error.description
            }
        }
        if let errors = GraphQLErrorsCheck.result(for: response, endpoint: endpoint),
            !errors.passed || endpoint.expectation != nil
        {
            step.checks.append(errors)
        }
        if let expectation = endpoint.expectation {
            step.checks += ExpectationChecker.check(expectation, against: response, variables: scopes(held: held))
            if expectation.schema {
                step.checks.append(step.schema?.checkResult ?? SchemaCheck.missingResult(status: response.statusCode))
            }
        }
        return step
    }

    /// The variables `expect:` values are filled from, as sent and as shown (secrets masked); nil when the
    /// environment is unknown (then values are compared as written).
    func scopes(held: [String: CapturedValue]) -> ExpectationChecker.Scopes? {
        guard
            var builder = try? RequestBuilder(
                profile: profile, environment: environment, processEnvironment: processEnvironment)
        else { return nil }
        builder.captured = held
        guard let real = try? builder.scope(overrides: variables),
            let shown = try? builder.scope(overrides: variables, masking: true)
        else { return nil }
        return ExpectationChecker.Scopes(real: real, shown: shown)
    }

    private func exchange(
        _ endpoint: Endpoint, isPrerequisite: Bool, held: inout [String: CapturedValue], now: @Sendable () -> Date,
        send: Send
    ) async -> ChainStep {
        let result = await send(endpoint, held)
        return conclude(endpoint, result: result, isPrerequisite: isPrerequisite, held: &held, now: now())
    }
}

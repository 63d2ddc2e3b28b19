/// An endpoint's `expect:` checked on many answers alike (`apix bench`): its `{{variables}}` filled once from the
/// plan's scope, then each answer checked as `apix test` checks one (a JSON check reads that answer's body).
package struct RepeatedChecks: Sendable {
    let expectation: ResponseExpectation

    /// Nil when the plan's endpoint has no `expect:`. A value naming a variable nothing defines stays as written, so
    /// its check fails on every answer (`apix test` says which variable).
    package init?(_ plan: ExchangePlan) {
        guard let expectation = plan.endpoint?.expectation else { return nil }
        guard let builder = plan.builder, let scope = try? builder.scope(overrides: plan.overrides.variables) else {
            self.expectation = expectation
            return
        }
        self.expectation = ExpectationChecker.filled(expectation, scope: scope, masked: false).expectation
    }

    /// The subjects of the checks `response` fails (`status`, `$.id`, `header X-Id`, …); empty when it passes.
    package func failures(of response: Response) -> [String] {
        ExpectationChecker.check(expectation, against: response).filter { !$0.passed }.map(\.subject)
    }
}

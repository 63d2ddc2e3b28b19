import ExplorerCore

/// What concluding an answer needs besides the answer (`Effect.concludeChain`): the values its `expect:` is filled
/// from and the captured values held when it was asked, taken by `update` so the runtime never reads the state.
package struct ChainValues: Sendable {
    /// The session's variables (`--var`).
    package let variables: [String: String]
    /// `{{env.NAME}}`'s source.
    package let processEnvironment: [String: String]
    /// The captured values held for the profile and environment.
    package let held: [String: CapturedValue]
}

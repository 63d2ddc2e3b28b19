import ExplorerCore

/// An endpoint waiting for the endpoints whose values it uses: they are sent one after the other, each after the
/// previous one's captures came back, then the endpoint itself.
struct PendingChain: Equatable {
    /// The endpoint the user sent.
    var target: EndpointKey
    /// What is left to send first, in order.
    var queue: [EndpointKey]
    /// The step being sent, and its exchange once it started.
    var sending: EndpointKey
    var current: Int?
}

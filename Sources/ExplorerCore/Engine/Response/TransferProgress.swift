/// Bytes moved so far in one exchange. Totals are `nil` while unknown (no `Content-Length`, chunked upload).
public struct TransferProgress: Sendable, Equatable {
    public var sent: Int64
    public var sendTotal: Int64?
    public var received: Int64
    public var receiveTotal: Int64?
    /// Which exchange of a redirect chain this belongs to, from 0.
    public var hop: Int
    /// The last event of a transfer, with exact final counts.
    public var isFinal: Bool
    /// The connection is up and the request went on its way (libcurl's pre-transfer point was passed).
    package var requestStarted: Bool

    package init(
        sent: Int64 = 0, sendTotal: Int64? = nil, received: Int64 = 0, receiveTotal: Int64? = nil,
        hop: Int = 0, isFinal: Bool = false, requestStarted: Bool = false
    ) {
        self.sent = sent
        self.sendTotal = sendTotal
        self.received = received
        self.receiveTotal = receiveTotal
        self.hop = hop
        self.isFinal = isFinal
        self.requestStarted = requestStarted
    }

    /// What a running exchange is doing, in the words both front ends show.
    public enum Stage: String, Sendable, Equatable {
        case connecting
        case sending
        case waiting
        case receiving

        /// `connecting`, `sending`, `waiting for the answer`, `receiving`.
        public var label: String { self == .waiting ? "waiting for the answer" : rawValue }
    }

    /// The stage this event shows: receiving once the answer started, sending while a body goes up, waiting
    /// once the request is out, connecting before that.
    public var stage: Stage {
        if received > 0 || receiveTotal != nil { return .receiving }
        if let sendTotal, sendTotal > 0, sent < sendTotal { return sent > 0 || requestStarted ? .sending : .connecting }
        if sent > 0 || requestStarted { return .waiting }
        return .connecting
    }

    /// Fraction of the download done, when its size is known.
    var receiveFraction: Double? {
        guard let total = receiveTotal, total > 0 else { return nil }
        return min(1, Double(received) / Double(total))
    }

    var sendFraction: Double? {
        guard let total = sendTotal, total > 0 else { return nil }
        return min(1, Double(sent) / Double(total))
    }
}

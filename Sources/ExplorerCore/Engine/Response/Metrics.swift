import Foundation

/// Where the time of one request went, and how many bytes moved.
///
/// Phases are each their own duration, not cumulative: `dns + connect + tls + preTransfer + firstByte +
/// transfer` is the final exchange's time, and `total` adds the time spent on earlier redirect hops.
public struct Metrics: Sendable, Equatable {
    public var startedAt: Date
    public var endedAt: Date
    public var dns: Duration
    public var connect: Duration
    public var tls: Duration
    /// From connected (and TLS done) until the request is about to be sent.
    public var preTransfer: Duration
    /// Waiting for the server: from sending the request (body included) to the first response byte.
    public var firstByte: Duration
    /// Receiving the response after its first byte.
    public var transfer: Duration
    public var total: Duration
    public var redirects: Int
    /// Time spent on redirect hops before the final exchange.
    public var redirectTime: Duration
    /// Time the request waited in the scheduler's queue before it started.
    public var queued: Duration
    /// The request's place in the scheduler's line when it arrived: 0 when it started at once, 1 when next, …
    package var queuePosition: Int
    public var bytesSent: Int64
    public var bytesReceived: Int64
    public var reusedConnection: Bool
    /// On a new TLS connection: whether its handshake resumed an earlier session (true) or was a full one (false);
    /// nil on a reused connection, in clear text, or when not known.
    package var tlsResumed: Bool?
    /// The final body's wire and decoded sizes when it came with a `Content-Encoding` apix decoded; else nil.
    package var decoding: BodyDecoding?
    /// The proxy the exchange went through, its password masked (`ProxyRoute.shown`); `nil`: direct.
    package var proxy: String?

    package init(
        startedAt: Date = Date(), endedAt: Date = Date(), dns: Duration = .zero, connect: Duration = .zero,
        tls: Duration = .zero, preTransfer: Duration = .zero, firstByte: Duration = .zero,
        transfer: Duration = .zero, total: Duration = .zero, redirects: Int = 0, redirectTime: Duration = .zero,
        queued: Duration = .zero, bytesSent: Int64 = 0, bytesReceived: Int64 = 0, reusedConnection: Bool = false,
        queuePosition: Int = 0, decoding: BodyDecoding? = nil
    ) {
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.dns = dns
        self.connect = connect
        self.tls = tls
        self.preTransfer = preTransfer
        self.firstByte = firstByte
        self.transfer = transfer
        self.total = total
        self.redirects = redirects
        self.redirectTime = redirectTime
        self.queued = queued
        self.bytesSent = bytesSent
        self.bytesReceived = bytesReceived
        self.reusedConnection = reusedConnection
        self.queuePosition = queuePosition
        self.decoding = decoding
    }

    /// From the start of the request, its redirect hops included, to the first byte of the final answer: what
    /// `ttfb` means in `expect: { timing: … }`, `apix bench` and `apix test --repeat`.
    package var timeToFirstByte: Duration { redirectTime + dns + connect + tls + preTransfer + firstByte }

    /// Average upload rate in bytes per second over the final exchange.
    package var uploadRate: Double { Self.rate(bytesSent, over: preTransfer + firstByte) }

    /// Average download rate in bytes per second over the time the body was arriving.
    package var downloadRate: Double { Self.rate(bytesReceived, over: transfer == .zero ? total : transfer) }

    static func rate(_ bytes: Int64, over duration: Duration) -> Double {
        let seconds = duration.seconds
        return seconds > 0 ? Double(bytes) / seconds : 0
    }

    /// One phase of an exchange, in the words both front ends show (`apix run --timings`, the TUI's metrics).
    public enum Phase: String, Sendable, CaseIterable {
        case dns
        case connect
        case tls
        /// `preTransfer`: from connected until the request goes out.
        case send
        /// `firstByte`: the request (body included) and the server's time, until the first response byte.
        case wait
        case transfer

        /// The label on screen: `dns`, `connect`, `tls`, `send`, `wait`, `transfer`.
        public var label: String { rawValue }
    }

    /// Whether `phase` did not take place in the final exchange: a reused connection looks up, connects and
    /// handshakes nothing, and clear text has no TLS. libcurl reports those as zero (or a few microseconds of its own
    /// bookkeeping), which both front ends show as `—` rather than a time ("tls 0.00 ms" on an `http://` URL read
    /// as a handshake that took no time).
    public func skips(_ phase: Phase) -> Bool {
        switch phase {
        case .dns, .connect: reusedConnection
        case .tls: reusedConnection || tls == .zero
        case .send, .wait, .transfer: false
        }
    }

    /// A phase's figure as both front ends show it: its duration, or `—` when it did not take place (`skips`).
    public func figure(_ phase: Phase, _ duration: Duration) -> String {
        skips(phase) ? "—" : Units.duration(duration)
    }

    /// Phase durations in the order they happen, for waterfalls, `--timings` and tests.
    public var phases: [(phase: Phase, duration: Duration)] {
        [
            (.dns, dns), (.connect, connect), (.tls, tls), (.send, preTransfer), (.wait, firstByte),
            (.transfer, transfer),
        ]
    }
}

extension Duration {
    /// The duration as fractional seconds.
    package var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }

    /// The duration as fractional milliseconds.
    package var milliseconds: Double { seconds * 1000 }
}

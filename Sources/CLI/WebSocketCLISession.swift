import ExplorerCore
import Foundation
import Synchronization

/// The running `apix ws` session: what it sends first, stdin lines out (one at a time, so a slow server holds
/// stdin back instead of filling memory), events to stdout, and the ends (`--max-messages`, `--idle`, end of stdin).
final class WebSocketCLISession: Sendable {
    private let connection: WebSocketConnection
    /// What the session sent and received, for its history entry.
    private let transcript: WebSocketTranscript
    private let jsonl: Bool
    private let showControl: Bool
    private let maxMessages: Int?
    private let idle: Duration?
    private let terminal = StandardOutput.isTerminal
    /// When the last message arrived (monotonic nanoseconds), for `--idle`.
    private let lastMessage = Mutex<UInt64>(0)
    /// Messages received so far: the end of stdin says so when none came.
    private let receivedCount = Mutex(0)

    init(
        connection: WebSocketConnection, transcript: WebSocketTranscript, jsonl: Bool, showControl: Bool,
        maxMessages: Int?, idle: Duration?
    ) {
        self.connection = connection
        self.transcript = transcript
        self.jsonl = jsonl
        self.showControl = showControl
        self.maxMessages = maxMessages
        self.idle = idle
    }

    /// Runs until the session is over; its close.
    func run(first: [WebSocketMessage]) async -> WebSocketClose {
        lastMessage.withLock { $0 = Self.now() }
        let connection = self.connection
        let transcript = self.transcript
        Task {
            for message in first {
                transcript.sent(message)
                await connection.send(message)
            }
            self.startReadingInput()
        }
        let idleWatch = idle.map { limit in Task { await self.watchIdle(limit) } }
        defer { idleWatch?.cancel() }
        var received = 0
        var close = WebSocketClose(code: WebSocketCloseCode.abnormal, reason: "", initiator: .connection)
        while let event = await connection.next() {
            transcript.received(event)
            if case .closed(let ended) = event { close = ended }
            if case .message = event {
                received += 1
                receivedCount.withLock { $0 = received }
                // Messages already on their way when the N-th came are not shown: N is what the user asked for.
                if let maxMessages, received > maxMessages { continue }
                lastMessage.withLock { $0 = Self.now() }
                if let maxMessages, received == maxMessages { connection.close() }
            }
            output(event)
        }
        return close
    }

    private func output(_ event: WebSocketEvent) {
        if jsonl {
            if let line = WebSocketJSONLines.line(for: event, showControl: showControl) {
                StandardOutput.write(line)  // apart from its newline: a 64 MiB message's line is not copied again
                StandardOutput.write("\n")
            }
            return
        }
        switch event {
        case .message(.text(let text)):
            StandardOutput.write((terminal ? SafeText.escape(text, keepNewlines: true) : text) + "\n")
        case .message(.binary(let bytes)):
            if terminal {
                let hex = bytes.prefix(32).map { String(format: "%02x", $0) }.joined(separator: " ")
                StandardOutput.write(
                    "‹binary, \(Units.bytes(Int64(bytes.count)))› \(hex)\(bytes.count > 32 ? " …" : "")\n")
            } else {
                StandardOutput.write(Data(bytes))
            }
        case .ping(let payload) where showControl:
            StandardError.writeLine("apix: ping (\(Units.bytes(Int64(payload.count))))")
        case .pong(let payload) where showControl:
            StandardError.writeLine("apix: pong (\(Units.bytes(Int64(payload.count))))")
        case .ping, .pong, .closed:
            break
        }
    }

    /// Reads stdin on a thread of its own (a blocking read), sending each line before reading the next; closes
    /// the session (1000) at the end of input, unless `--max-messages` or `--idle` say when it ends: a server may
    /// stop answering once it has the close, and the answers to the last lines are what the user waits for.
    private func startReadingInput() {
        let connection = self.connection
        let transcript = self.transcript
        let jsonl = self.jsonl
        let closesAtEnd = maxMessages == nil && idle == nil
        let thread = Thread {
            var number = 0
            while let line = readLine(strippingNewline: true) {
                number += 1
                let text = line.hasSuffix("\r") ? String(line.dropLast()) : line
                let message: WebSocketMessage
                if jsonl {
                    switch WebSocketJSONLines.message(from: text) {
                    case .success(let parsed): message = parsed
                    case .failure(let why):
                        StandardError.writeLine("apix: stdin line \(number) not sent: \(SafeText.escape(why.message))")
                        continue
                    }
                } else {
                    message = .text(text)
                }
                let sent = DispatchSemaphore(value: 0)
                Task {
                    transcript.sent(message)
                    await connection.send(message)
                    sent.signal()
                }
                sent.wait()
            }
            if closesAtEnd {
                // Servers often stop answering once they have the close: piped lines that got no answer yet would
                // end with none, silently.
                if number > 0, self.receivedCount.withLock({ $0 }) == 0 {
                    StandardError.writeLine(
                        "apix: end of input: closing with 1000 before any answer came "
                            + "(--idle SECONDS or --max-messages N waits for answers)")
                }
                connection.close()
            }
        }
        thread.name = "apix-ws-stdin"
        thread.start()
    }

    private func watchIdle(_ limit: Duration) async {
        let limitNanos = UInt64(limit.milliseconds) * 1_000_000
        while !Task.isCancelled {
            let quiet = Self.now() &- lastMessage.withLock { $0 }
            if quiet >= limitNanos {
                connection.close()
                return
            }
            try? await Task.sleep(for: .nanoseconds(Int64(limitNanos - quiet)))
        }
    }

    private static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }
}

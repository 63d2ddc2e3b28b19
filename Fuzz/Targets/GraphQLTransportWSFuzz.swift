// libFuzzer target: a server's side of graphql-transport-ws, one message a line (a line starting with byte 01 is a
// binary message), read by `GraphQLTransportWS.parse` and answered by a `Conversation`, as `apix run` and the explorer
// do. Traps when a message read does not read the same once written again from what was read (so the reader looks
// only at `type`, `id` and `payload`), a message apix sends does not carry what it was given, the conversation shows
// a result or an end before it subscribed, subscribes twice, answers with anything but `subscribe` or `pong`, says
// anything after the operation ended, or when a reason for closing would reach a terminal unsafe.
import Foundation

@testable import ExplorerCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGraphQLTransportWS(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    // The first line, when it is JSON, is the operation's payload, else a fixed one.
    let payload = (try? JSONValue.parse(lines.first.map { Data($0) } ?? Data())) ?? .object(JSONObject())
    checkSent(GraphQLTransportWS.subscribe(payload: payload), type: "subscribe", id: "1", payload: payload)
    var conversation = GraphQLTransportWS.Conversation(payload: payload)
    var subscriptions = 0
    for line in lines.dropFirst() {
        let message: WebSocketMessage
        if line.first == 1 {
            message = .binary(Array(line.dropFirst()))
        } else {
            let text = String(decoding: line, as: UTF8.self)
            checkRead(text)
            message = .text(text)
        }
        let wasOver = conversation.isOver
        let wasSubscribed = conversation.isSubscribed
        let step = conversation.step(message)
        if wasOver, step != .none { fatalError("\(step) after the operation ended") }
        switch step {
        case .none:
            break
        case .send(let text):
            if text == GraphQLTransportWS.pong() { break }
            guard text == GraphQLTransportWS.subscribe(payload: payload), !wasSubscribed else {
                fatalError("sent \(text.debugDescription)")
            }
            subscriptions += 1
        case .result, .refused, .completed:
            if !wasSubscribed { fatalError("\(step) before apix subscribed") }
        case .invalid(let why):
            SafeTextCheck.require(SafeText.escape(why))
        }
        if subscriptions > 1 { fatalError("subscribed twice") }
        if conversation.isSubscribed != (subscriptions == 1) {
            fatalError("isSubscribed is \(conversation.isSubscribed)")
        }
    }
    return 0
}

/// What the reader took from `text` reads the same from the message written with only that.
private func checkRead(_ text: String) {
    let read = GraphQLTransportWS.parse(text)
    let members: [(String, JSONValue?)]
    switch read {
    case .ack: members = [("type", "connection_ack")]
    case .next(let id, let payload): members = [("type", "next"), ("id", .string(id)), ("payload", payload)]
    case .error(let id, let errors): members = [("type", "error"), ("id", .string(id)), ("payload", .array(errors))]
    case .complete(let id): members = [("type", "complete"), ("id", .string(id))]
    case .ping(let payload): members = [("type", "ping"), ("payload", payload)]
    case .pong: members = [("type", "pong")]
    case .invalid(let why):
        SafeTextCheck.require(SafeText.escape(why))
        return
    }
    var object = JSONObject()
    for (key, value) in members { if let value { object.append(key: key, value: value) } }
    let written = JSONValue.object(object).serialized()
    let again = GraphQLTransportWS.parse(written)
    if again != read { fatalError("\(text.debugDescription) read as \(read), written \(written) reads as \(again)") }
}

/// A message apix sends is a JSON object with what it was given.
private func checkSent(_ text: String, type: String, id: String?, payload: JSONValue?) {
    guard let value = try? JSONValue.parse(text) else { fatalError("sent \(text.debugDescription), not JSON") }
    if value["type"] != .string(type) || value["id"]?.stringValue != id || value["payload"] != payload {
        fatalError("sent \(text) for \(type) \(id ?? "-") \(payload?.serialized() ?? "-")")
    }
}

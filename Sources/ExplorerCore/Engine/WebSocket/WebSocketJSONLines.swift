import Foundation

/// `apix ws --jsonl`: one JSON object per line both ways (docs/WEBSOCKET.md). Out: `{"type":"text","data":…}`,
/// `{"type":"binary","base64":…}`, `{"type":"close","code":…,"reason":…}`, and `{"type":"ping"|"pong"}` when
/// control frames are shown. In: the text and binary shapes.
package enum WebSocketJSONLines {
    /// The line for `event` (without its line break); nil for a ping or pong not shown.
    package static func line(for event: WebSocketEvent, showControl: Bool) -> String? {
        let members: [JSONObject.Member]
        switch event {
        case .message(.text(let text)):
            members = [("type", .string("text")), ("data", .string(text))]
        case .message(.binary(let bytes)):
            // Written directly: base64 needs no escaping, and a 64 MiB message's line is not walked again.
            return #"{"type":"binary","base64":""# + Data(bytes).base64EncodedString() + #""}"#
        case .ping where showControl:
            members = [("type", .string("ping"))]
        case .pong where showControl:
            members = [("type", .string("pong"))]
        case .ping, .pong:
            return nil
        case .closed(let close):
            members = [
                ("type", .string("close")), ("code", .number(String(close.code))), ("reason", .string(close.reason)),
            ]
        }
        return JSONValue.object(JSONObject(members)).serialized()
    }

    /// Why an input line is not a message, in one line.
    package struct InputError: Error, Equatable {
        package let message: String

        init(_ message: String) { self.message = message }
    }

    /// The message an input line asks to send, or why the line is not one.
    package static func message(from line: String) -> Result<WebSocketMessage, InputError> {
        let value: JSONValue
        do {
            value = try JSONValue.parse(Array(line.utf8))
        } catch {
            return .failure(InputError("not JSON: \(error)"))
        }
        guard value.objectValue != nil, let type = value["type"]?.stringValue else {
            return .failure(InputError(#"expected {"type":"text","data":…} or {"type":"binary","base64":…}"#))
        }
        switch type {
        case "text":
            guard let data = value["data"]?.stringValue else {
                return .failure(InputError(#"a text line needs "data" (a string)"#))
            }
            return .success(.text(data))
        case "binary":
            guard let text = value["base64"]?.stringValue, let data = Data(base64Encoded: text) else {
                return .failure(InputError(#"a binary line needs "base64" (base64 text)"#))
            }
            return .success(.binary(Array(data)))
        default:
            return .failure(InputError("unknown type \"\(type)\" (text or binary)"))
        }
    }
}

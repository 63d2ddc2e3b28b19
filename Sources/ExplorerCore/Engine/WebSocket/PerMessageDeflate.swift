import Foundation

/// The `permessage-deflate` extension (RFC 7692): what apix offers, what it accepts back, and the parameters that
/// decide how both sides compress.
package struct PerMessageDeflate: Sendable, Equatable {
    /// The server resets its compressor after each message (§7.1.1.1); apix's inflater then may too.
    package var serverNoContextTakeover = false
    /// apix must reset its compressor after each message (§7.1.1.2).
    package var clientNoContextTakeover = false
    /// The server compresses with at most this window (§7.1.2.1); apix inflates any window up to 15 bits.
    package var serverMaxWindowBits = 15
    /// apix must compress with at most this window (§7.1.2.2).
    package var clientMaxWindowBits = 15

    package init() {}

    /// The offer apix makes (§5, §7.1.2.2): the extension, and leave to the server to cap apix's window.
    package static let offer = "permessage-deflate; client_max_window_bits"

    /// The server's `Sec-WebSocket-Extensions` answer to `offer` (§5.1): nil for no extension, the agreed
    /// parameters, or why the answer cannot be accepted (an extension apix did not offer, an unknown, repeated or
    /// out-of-range parameter), which fails the connection (RFC 6455 §4.1, step 5 of the client's checks).
    static func accept(_ value: String?) -> Result<PerMessageDeflate?, WebSocketHandshake.Failure> {
        guard let value, !value.trimmingCharacters(in: .whitespaces).isEmpty else { return .success(nil) }
        let extensions = value.split(separator: ",")
        guard extensions.count == 1 else {
            return .failure(.extensionRefused("the server accepted more than one extension: \(value)"))
        }
        let parts = extensions[0].split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.first?.lowercased() == "permessage-deflate" else {
            return .failure(.extensionRefused("the server chose an extension apix did not offer: \(parts[0])"))
        }
        var result = PerMessageDeflate()
        var seen: Set<String> = []
        for parameter in parts.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
            let name = pair[0].lowercased()
            guard seen.insert(name).inserted else {
                return .failure(.extensionRefused("permessage-deflate parameter \(name) given twice"))
            }
            switch name {
            case "server_no_context_takeover" where pair.count == 1: result.serverNoContextTakeover = true
            case "client_no_context_takeover" where pair.count == 1: result.clientNoContextTakeover = true
            case "server_max_window_bits", "client_max_window_bits":
                guard pair.count == 2, pair[1].allSatisfy(\.isASCII), let bits = Int(pair[1]), (8...15).contains(bits)
                else {
                    return .failure(.extensionRefused("permessage-deflate \(name) needs a value from 8 to 15"))
                }
                if name == "server_max_window_bits" {
                    result.serverMaxWindowBits = bits
                } else {
                    result.clientMaxWindowBits = bits
                }
            default:
                return .failure(.extensionRefused("unknown permessage-deflate parameter: \(parameter)"))
            }
        }
        return .success(result)
    }
}

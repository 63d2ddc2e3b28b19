/// Close status codes (RFC 6455 §7.4) and the rule for which may appear in a close frame.
package enum WebSocketCloseCode {
    package static let normal: UInt16 = 1000
    package static let goingAway: UInt16 = 1001
    package static let protocolError: UInt16 = 1002
    package static let unsupportedData: UInt16 = 1003
    /// Reported when a close frame had no code; never sent (§7.1.5).
    package static let noStatus: UInt16 = 1005
    /// Reported when the connection ended without a close frame; never sent (§7.1.5).
    package static let abnormal: UInt16 = 1006
    package static let invalidPayload: UInt16 = 1007
    package static let policyViolation: UInt16 = 1008
    package static let messageTooBig: UInt16 = 1009
    package static let internalError: UInt16 = 1011

    /// Whether a peer may send `code` in a close frame (§7.4.1, §7.4.2, and the IANA registry's 1012–1014):
    /// 1000–1003, 1007–1014 and 3000–4999. 1004, 1005, 1006 and 1015 are reserved and never sent.
    package static func isSendable(_ code: UInt16) -> Bool {
        switch code {
        case 1000...1003, 1007...1014, 3000...4999: true
        default: false
        }
    }

    /// Whether a session that ended with `code` ended normally (1000, 1001): `apix ws` exits 0 for these.
    package static func isNormal(_ code: UInt16) -> Bool { code == normal || code == goingAway }
}

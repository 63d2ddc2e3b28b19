/// A peer's breach of RFC 6455 or RFC 7692: the close code it is answered with and why, in one line.
package struct WebSocketViolation: Error, Sendable, Equatable {
    /// 1002 (protocol error), 1007 (invalid payload data) or 1009 (message too big).
    package let code: UInt16
    package let reason: String

    package init(code: UInt16, reason: String) {
        self.code = code
        self.reason = reason
    }

    static func protocolError(_ reason: String) -> WebSocketViolation {
        WebSocketViolation(code: WebSocketCloseCode.protocolError, reason: reason)
    }

    static func invalidData(_ reason: String) -> WebSocketViolation {
        WebSocketViolation(code: WebSocketCloseCode.invalidPayload, reason: reason)
    }

    static func tooBig(_ reason: String) -> WebSocketViolation {
        WebSocketViolation(code: WebSocketCloseCode.messageTooBig, reason: reason)
    }
}

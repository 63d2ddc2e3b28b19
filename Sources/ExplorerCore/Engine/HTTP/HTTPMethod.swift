/// An HTTP method: one of the standard ones or any other valid token, always upper-cased.
public struct HTTPMethod: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String

    /// Accepts any RFC 9110 token; standard names are upper-cased (`get` → `GET`).
    public init?(rawValue: String) {
        let upper = rawValue.uppercased()
        guard !upper.isEmpty, upper.unicodeScalars.allSatisfy(HTTPMethod.isTokenCharacter) else { return nil }
        self.rawValue = upper
    }

    public var description: String { rawValue }

    public static let get = HTTPMethod(rawValue: "GET")!
    public static let head = HTTPMethod(rawValue: "HEAD")!
    public static let post = HTTPMethod(rawValue: "POST")!
    public static let put = HTTPMethod(rawValue: "PUT")!
    public static let patch = HTTPMethod(rawValue: "PATCH")!
    public static let delete = HTTPMethod(rawValue: "DELETE")!
    public static let options = HTTPMethod(rawValue: "OPTIONS")!

    /// The methods of RFC 9110 and PATCH (RFC 5789): what a profile may name without `custom_method: true`.
    package static let known = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT"]

    /// Whether this is one of the `known` methods.
    package var isKnown: Bool { Self.known.contains(rawValue) }

    static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": return true
        case "!", "#", "$", "%", "&", "'", "*", "+", "-", ".", "^", "_", "`", "|", "~": return true
        default: return false
        }
    }
}

/// The family a status code belongs to.
public enum StatusClass: String, Sendable, Equatable {
    case informational
    case success
    case redirect
    case clientFailure
    case serverFailure

    public init(code: Int) {
        switch code {
        case ..<200: self = .informational
        case 200..<300: self = .success
        case 300..<400: self = .redirect
        case 400..<500: self = .clientFailure
        default: self = .serverFailure
        }
    }

    public var isFailure: Bool { self == .clientFailure || self == .serverFailure }
}

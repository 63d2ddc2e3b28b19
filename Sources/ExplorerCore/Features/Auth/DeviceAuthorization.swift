import Foundation

/// What a device authorization endpoint answers (RFC 8628 section 3.2): the code the user enters, where, and the
/// device code apix polls the token endpoint with.
///
/// Its `description` leaves the device code out, so interpolating one into a message or log cannot leak it. The
/// other fields come from the server as they are: escape them (`SafeText`) before they reach a terminal.
package struct DeviceAuthorization: Sendable, Hashable, CustomStringConvertible {
    /// RFC 8628 section 3.5: the interval when the server names none.
    package static let defaultInterval = 5

    package var deviceCode: String
    package var userCode: String
    package var verificationURI: String
    /// The URI with the user code in it, when the server gave one (for a QR code or a click).
    package var verificationURIComplete: String?
    /// Seconds the codes live.
    package var expiresIn: Int
    /// Seconds between polls (`slow_down` adds 5).
    package var interval: Int

    package init(
        deviceCode: String, userCode: String, verificationURI: String, verificationURIComplete: String? = nil,
        expiresIn: Int, interval: Int = DeviceAuthorization.defaultInterval
    ) {
        self.deviceCode = deviceCode
        self.userCode = userCode
        self.verificationURI = verificationURI
        self.verificationURIComplete = verificationURIComplete
        self.expiresIn = expiresIn
        self.interval = interval
    }

    package var description: String {
        "DeviceAuthorization(\(VariableScope.mask), user code \(userCode), \(verificationURI))"
    }

    /// Reads a device authorization response; an error response (RFC 6749 section 5.2) is the server's rejection.
    static func parse(_ response: Response) -> Result<DeviceAuthorization, AuthError> {
        let grant = AuthSpec.OAuth2.Grant.deviceCode.rawValue
        func unusable(_ why: String) -> Result<DeviceAuthorization, AuthError> {
            .failure(AuthError(.invalidResponse("device authorization: " + why), grant: grant))
        }
        guard response.statusClass == .success else {
            // The same reading as a token endpoint's error (never a redirect followed, the code and description).
            if case .failure(let error) = OAuthTokenClient.token(from: response, grant: grant) {
                return .failure(error)
            }
            return unusable("HTTP \(response.statusCode)")
        }
        let json = (try? response.body.data(limit: 1 << 20)).flatMap { try? JSONValue.parse($0) }
        guard let object = json?.objectValue else { return unusable("the body is not a JSON object") }
        func seconds(_ key: String) -> Int? {
            // Like `expires_in` of token responses, sometimes a string.
            let value = object[key].flatMap { $0.doubleValue ?? $0.stringValue.flatMap(Double.init) }
            guard let value, value.isFinite, value >= 0, value < 1e9 else { return nil }
            return Int(value)
        }
        guard let deviceCode = object["device_code"]?.stringValue, !deviceCode.isEmpty else {
            return unusable("no `device_code` in it")
        }
        guard let userCode = object["user_code"]?.stringValue, !userCode.isEmpty else {
            return unusable("no `user_code` in it")
        }
        // Google's endpoint says `verification_url`, from a draft of the RFC.
        let written = object["verification_uri"]?.stringValue ?? object["verification_url"]?.stringValue
        guard let uri = written, !uri.isEmpty else {
            return unusable("no `verification_uri` in it")
        }
        guard let expiresIn = seconds("expires_in") else { return unusable("no `expires_in` in it") }
        let complete = object["verification_uri_complete"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        return .success(
            DeviceAuthorization(
                deviceCode: deviceCode, userCode: userCode, verificationURI: uri, verificationURIComplete: complete,
                expiresIn: expiresIn, interval: seconds("interval").map { max(1, $0) } ?? defaultInterval))
    }
}

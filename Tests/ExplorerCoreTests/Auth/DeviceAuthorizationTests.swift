import Foundation
import Testing

@testable import ExplorerCore

/// The device grant's pieces (RFC 8628): reading the device authorization response, deciding after each poll,
/// the token request, and the profile keys. The whole flow runs against Authlib in `DeviceCodeCommandTests`.
@Suite("Device authorization grant: responses, polls and profile keys")
struct DeviceAuthorizationTests {
    static func response(_ status: Int, _ body: String) -> Response {
        OAuthTokenClientTests.response(status, body)
    }

    @Test("a response without interval polls every 5 s (RFC 8628 section 3.5); Google's verification_url is read")
    func parse() throws {
        let body =
            #"{"device_code":"dc-secret","user_code":"WDJB-MJHT","verification_url":"https://g.co/d","expires_in":"1800"}"#
        let parsed = try DeviceAuthorization.parse(Self.response(200, body)).get()
        #expect(parsed.interval == 5)
        #expect(parsed.expiresIn == 1800)
        #expect(parsed.verificationURI == "https://g.co/d")
        #expect(parsed.verificationURIComplete == nil)
        #expect(!"\(parsed)".contains("dc-secret"), "the device code stays out of messages")
        let named =
            #"{"device_code":"d","user_code":"U","verification_uri":"https://x/d","expires_in":60,"interval":2}"#
        #expect(try DeviceAuthorization.parse(Self.response(200, named)).get().interval == 2)
    }

    @Test("an error or an incomplete answer is a one-line reason")
    func unusable() {
        let rejected = DeviceAuthorization.parse(Self.response(401, #"{"error":"invalid_client"}"#))
        #expect(throws: AuthError(.rejected(status: 401, code: "invalid_client", detail: nil), grant: "device_code")) {
            try rejected.get()
        }
        let missing = DeviceAuthorization.parse(Self.response(200, #"{"device_code":"d","expires_in":9}"#))
        #expect(throws: AuthError(.invalidResponse("device authorization: no `user_code` in it"), grant: "device_code"))
        {
            try missing.get()
        }
    }

    @Test(
        "after a poll: pending polls again, slow_down adds 5 s, denied and expired end with a reason",
        arguments: [
            ("authorization_pending", BrowserLogin.DevicePollOutcome.pollAgain(interval: 3)),
            ("slow_down", .pollAgain(interval: 8)),
        ])
    func outcome(code: String, expected: BrowserLogin.DevicePollOutcome) {
        let answer = Result<OAuthToken, AuthError>.failure(
            AuthError(.rejected(status: 400, code: code, detail: nil), grant: "device_code"))
        #expect(BrowserLogin.outcome(of: answer, interval: 3) == expected)
    }

    @Test("access_denied and expired_token end the login; other rejections are the server's words")
    func endings() {
        func message(_ code: String) -> String? {
            let answer = Result<OAuthToken, AuthError>.failure(
                AuthError(.rejected(status: 400, code: code, detail: nil), grant: "device_code"))
            guard case .failed(let error) = BrowserLogin.outcome(of: answer, interval: 1) else { return nil }
            return error.message
        }
        #expect(
            message("access_denied") == "device login failed: the sign-in was denied (access_denied); nothing stored")
        #expect(message("expired_token")?.hasPrefix("device login failed: the code expired") == true)
        #expect(message("invalid_grant")?.contains("rejected the device_code grant (HTTP 400): invalid_grant") == true)
    }

    @Test("a poll is a form POST with the device grant's URN and the device code")
    func pollRequest() throws {
        let settings = OAuth2Settings(
            grant: .deviceCode, tokenURL: "http://h/token", clientID: "c", deviceAuthorizationURL: "http://h/device")
        let authorization = DeviceAuthorization(
            deviceCode: "dc 1", userCode: "U", verificationURI: "http://h/d", expiresIn: 60)
        let request = try OAuthTokenClient().request(.deviceCode(authorization), settings: settings)
        guard case .bytes(let data, _) = request.body else {
            Issue.record("\(String(describing: request.body))")
            return
        }
        #expect(
            String(decoding: data, as: UTF8.self)
                == "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Adevice_code&device_code=dc+1&client_id=c")
        #expect(throws: AuthError(.loginRequired, grant: "device_code")) {
            try OAuthTokenClient().request(.configured, settings: settings)
        }
    }

    @Test(
        "device grant keys in profiles are checked at their place",
        arguments: [
            (
                "auth: { type: oauth2, grant: device_code, token_url: /t, client_id: c }", 7,
                "`auth` (oauth2, device_code grant) is missing required key `device_authorization_url`"
            ),
            (
                "auth: { type: oauth2, grant: client_credentials, token_url: /t, client_id: c, "
                    + "device_authorization_url: /d }", 105,
                "`auth.device_authorization_url` is only for "
                    + "`grant: device_code`"
            ),
        ])
    func profileErrors(line: String, column: Int, message: String) {
        let yaml = "environments: { local: { base_url: \"http://127.0.0.1:1\" } }\n" + line + "\n"
        guard case .failure(let failure) = ProfileLoader.parse(yaml: yaml, file: "/p/x.yaml", id: "x") else {
            Issue.record("accepted: \(line)")
            return
        }
        let problem = failure.problems.first { $0.message.contains(message) }
        #expect(problem != nil, "\(failure.problems)")
        #expect(problem?.location.line == 2 && problem?.location.column == column, "\(String(describing: problem))")
    }

    @Test("device_authorization_url resolves against the base URL and is written back")
    func resolved() throws {
        let yaml = """
            environments: { local: { base_url: "http://127.0.0.1:9/api" } }
            auth: { type: oauth2, grant: device_code, device_authorization_url: /device, token_url: /token, client_id: c }
            """
        let profile = try ProfileLoader.parse(yaml: yaml, file: "/p/x.yaml", id: "x").get()
        guard case .oauth2(let settings)? = try RequestBuilder(profile: profile, environment: nil).auth(for: nil) else {
            Issue.record("not oauth2")
            return
        }
        #expect(settings.grant == .deviceCode)
        #expect(settings.deviceAuthorizationURL == "http://127.0.0.1:9/api/device")
        #expect("\(ProfileEmitter.auth(try #require(profile.auth)))".contains("device_authorization_url"))
    }
}

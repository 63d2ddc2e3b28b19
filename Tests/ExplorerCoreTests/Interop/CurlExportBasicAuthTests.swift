import Testing

@testable import ExplorerCore

/// `-u` in an exported curl command: written, and its variables named, by one rule.
@Suite("curl export: basic credentials")
struct CurlExportBasicAuthTests {
    static let basic = (username: SecretMarker.marker(for: "user"), password: SecretMarker.marker(for: "password"))

    @Test("-u and its shell variables when the request has no Authorization of its own")
    func written() {
        let request = PreparedRequest(url: "http://h/a")
        let command = CurlCommandLine.render(request, basicAuth: Self.basic)
        #expect(command.contains("-u \"${APIX_USER}:${PASSWORD}\""))
        #expect(CurlCommandLine.shellVariables(in: request, basicAuth: Self.basic) == ["APIX_USER", "PASSWORD"])
    }

    @Test("an Authorization header wins: no -u, and its variables are not asked for")
    func authorizationWins() {
        let request = PreparedRequest(url: "http://h/a", headers: ["Authorization": "Bearer x"])
        let command = CurlCommandLine.render(request, basicAuth: Self.basic)
        #expect(!command.contains(" -u "))
        #expect(CurlCommandLine.shellVariables(in: request, basicAuth: Self.basic).isEmpty)
    }

    @Test("each variable is named once, in order of appearance")
    func once() {
        let marker = SecretMarker.marker(for: "password")
        let request = PreparedRequest(url: "http://h/a?p=\(marker)")
        #expect(CurlCommandLine.shellVariables(in: request, basicAuth: Self.basic) == ["PASSWORD", "APIX_USER"])
    }

    @Test("a marker followed by a combining mark is still a variable, and so is every marker after it")
    func combiningMark() {
        let key = SecretMarker.marker(for: "key")
        let request = PreparedRequest(url: "http://h/a", headers: ["X-Key": "\(key)\u{301} and \(key)"])
        let command = CurlCommandLine.render(request, basicAuth: nil)
        #expect(command.contains("X-Key: ${KEY}\u{301} and ${KEY}"))
        #expect(!command.contains(SecretMarker.prefix))
        #expect(CurlCommandLine.shellVariables(in: request, basicAuth: nil) == ["KEY"])
    }

    @Test("text that only looks like a marker stays text, and the markers after it are found")
    func lookalike() {
        let key = SecretMarker.marker(for: "key")
        #expect(
            SecretMarker.split("\(SecretMarker.prefix)zz~ \(key)!")
                == [.text("\(SecretMarker.prefix)zz~ "), .secret("key"), .text("!")])
        #expect(
            SecretMarker.split("\(key) \(SecretMarker.prefix)6b") == [
                .secret("key"), .text(" \(SecretMarker.prefix)6b"),
            ])
        #expect(SecretMarker.split("~\(key)~") == [.text("~"), .secret("key"), .text("~")])
        #expect(SecretMarker.split(SecretMarker.marker(for: "ключ")) == [.secret("ключ")])
    }
}

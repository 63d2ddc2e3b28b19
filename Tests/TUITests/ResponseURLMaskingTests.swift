import Testing

@testable import ExplorerCore
@testable import TUI

@Suite("Response URL on screen")
struct ResponseURLMaskingTests {
    func response(url: String, redirects: Int) -> Response {
        Response(
            method: .get, url: url, statusCode: 200, reason: "OK", headers: [:], body: .empty,
            metrics: Metrics(redirects: redirects))
    }

    @Test("the masked request URL is shown, never the received URL with a key in its query")
    func masked() {
        let transfer = Exchange(
            id: 1, key: EndpointKey(profile: "p", endpoint: "e"), method: .get,
            url: "http://h/items?api_key=••••", startedAt: 0)
        let direct = ResponseView.shownURL(
            response(url: "http://h/items?api_key=SECRET", redirects: 0), exchange: transfer)
        #expect(direct == "http://h/items?api_key=••••")
        let redirected = ResponseView.shownURL(
            response(url: "http://other/final?api_key=SECRET", redirects: 2), exchange: transfer)
        #expect(redirected == "http://h/items?api_key=•••• → http://other/final")
        #expect(!redirected.contains("SECRET"))
    }
}

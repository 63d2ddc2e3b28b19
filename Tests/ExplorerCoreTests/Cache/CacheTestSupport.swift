import Foundation
import Synchronization

@testable import ExplorerCore

/// A clock the test moves by hand, so entries go stale without waiting.
final class ManualClock: Sendable {
    private let current: Mutex<Date>

    init(_ start: Date = Date()) {
        current = Mutex(start)
    }

    var now: Date { current.withLock { $0 } }

    func advance(seconds: Double) {
        current.withLock { $0 += seconds }
    }

    var function: @Sendable () -> Date { { self.now } }
}

/// Builders for responses and requests that never touch the network.
enum CacheFixtures {
    static func request(
        _ url: String = "http://example.test/items", method: HTTPMethod = .get, headers: HTTPHeaders = [:]
    ) -> PreparedRequest {
        PreparedRequest(method: method, url: url, headers: headers)
    }

    static func response(
        _ url: String = "http://example.test/items", status: Int = 200, headers: HTTPHeaders = [:],
        body: String = "{}", method: HTTPMethod = .get
    ) -> Response {
        Response(
            method: method, url: url, statusCode: status, reason: "", headers: headers,
            body: ResponseBody(data: Data(body.utf8)), metrics: Metrics())
    }

    static func body(_ response: Response) -> String {
        String(decoding: (try? response.body.data()) ?? Data(), as: UTF8.self)
    }
}

extension ResponseCache.Lookup {
    var freshResponse: Response? {
        if case .fresh(let response) = self { return response }
        return nil
    }

    var validators: HTTPHeaders? {
        if case .stale(let validators) = self { return validators }
        return nil
    }

    var isMiss: Bool {
        if case .miss = self { return true }
        return false
    }
}

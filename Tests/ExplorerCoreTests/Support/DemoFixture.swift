import DemoAPI
import Foundation
import Synchronization
import TestSupport

@testable import ExplorerCore

/// `withDemoServer` (TestSupport) with the token server's lifetimes set.
func withDemoServer<T>(
    tokenLifetime: Duration, refreshedTokenLifetime: Duration? = nil, _ body: (RunningDemoServer) async throws -> T
) async throws -> T {
    try await withDemoServer(
        DemoServer.Configuration(accessTokenLifetime: tokenLifetime, refreshedTokenLifetime: refreshedTokenLifetime),
        body)
}

/// Records every progress event of a transfer, for ordering assertions.
final class ProgressLog: Sendable {
    private let storage = LockedBox<[TransferProgress]>([])

    var events: [TransferProgress] { storage.value }

    var record: @Sendable (TransferProgress) -> Void {
        { [storage] event in storage.mutate { $0.append(event) } }
    }
}

/// A tiny lock-protected box for test bookkeeping.
final class LockedBox<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) {
        mutex = Mutex(value)
    }

    var value: Value { mutex.withLock { $0 } }

    func mutate(_ change: (inout Value) -> Void) {
        mutex.withLock { change(&$0) }
    }
}

extension Result where Success == Response, Failure == ClientError {
    /// The response, or a test failure describing why there was none.
    func response() throws -> Response {
        switch self {
        case .success(let response): return response
        case .failure(let error): throw error
        }
    }

    var error: ClientError? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

extension Response {
    /// The echo route's view of the request.
    func echo() throws -> JSONValue {
        try JSONValue.parse(body.data())
    }
}

extension JSONValue {
    /// `[[name, value], …]` pairs as tuples.
    var pairs: [(String, String)] {
        (arrayValue ?? []).compactMap { pair in
            guard let name = pair[0]?.stringValue, let value = pair[1]?.stringValue else { return nil }
            return (name, value)
        }
    }

    func header(_ name: String) -> String? {
        pairs.first { $0.0.lowercased() == name.lowercased() }?.1
    }
}

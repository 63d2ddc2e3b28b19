import Foundation

/// A scratch state directory for one test.
final class HistoryScratch {
    let path: String

    init() throws {
        var template = Array("/tmp/apix-history-XXXXXX".utf8CString)
        guard let result = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw CocoaError(.fileWriteUnknown)
        }
        path = String(cString: result)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}

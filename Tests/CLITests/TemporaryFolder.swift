import Foundation

/// A scratch directory for one test.
final class TemporaryFolder {
    let path: String

    init() throws {
        var template = Array("/tmp/apix-cli-XXXXXX".utf8CString)
        guard let result = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw CocoaError(.fileWriteUnknown)
        }
        path = String(cString: result)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}

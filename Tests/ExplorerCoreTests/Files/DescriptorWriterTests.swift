import Foundation
import Testing

@testable import ExplorerCore

/// The one `write(2)` loop: every byte written, errors reported as `errno`.
@Suite("Writing to a descriptor")
struct DescriptorWriterTests {
    @Test("every byte reaches the descriptor, and a failure is its errno")
    func writeAll() async throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let bytes = Data((0..<50_000).map { UInt8(truncatingIfNeeded: $0) })
        let input = fds[0]
        let reader = Task.detached { @Sendable () -> Data in
            var received = Data()
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(input, &buffer, buffer.count)
                if count <= 0 { break }
                received.append(contentsOf: buffer[0..<count])
            }
            close(input)
            return received
        }
        #expect(bytes.withUnsafeBytes { DescriptorWriter.writeAll($0, to: fds[1]) } == nil)
        close(fds[1])
        #expect(await reader.value == bytes)
        #expect(bytes.withUnsafeBytes { DescriptorWriter.writeAll($0, to: -1) } == EBADF)
    }
}

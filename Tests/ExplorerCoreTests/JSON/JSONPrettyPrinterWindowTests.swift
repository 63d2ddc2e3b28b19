import Foundation
import TestSupport
import Testing

@testable import ExplorerCore

/// The pretty-printer streams: it says as it goes how far each of its two passes has read, every window or so, so a
/// caller holding the body mapped releases what lies behind (`BodyBytes`), and it hands out chunks of its own size.
@Suite("JSONPrettyPrinter streams through a window")
struct JSONPrettyPrinterWindowTests {
    @Test("each pass reports its progress every window, never going back, and prints the same document")
    func window() throws {
        let item = #"{"name":"0123456789abcdef","n":[1,2,3]},"#
        let document = Data(("[" + String(repeating: item, count: 100_000) + "0]").utf8)
        let window = 256 << 10
        var marks: [Int] = []
        var chunks: [Int] = []
        var streamed: [UInt8] = []
        try document.withUnsafeBytes { bytes in
            try JSONPrettyPrinter(chunkSize: 16 << 10).write(
                bytes,
                to: {
                    chunks.append($0.count)
                    streamed.append(contentsOf: $0)
                }, window: window,
                passed: { marks.append($0) })
        }
        #expect(String(decoding: streamed, as: UTF8.self) == (try JSONPrettyPrinter().string(for: document)))
        // Two passes: validating, then (after a 0) printing; each moves forward a window at a time to the end.
        let restart = try #require(marks.firstIndex(of: 0))
        for pass in [Array(marks[..<restart]), Array(marks[(restart + 1)...])] {
            #expect(pass.count >= document.count / window - 1)
            var last = 0
            for mark in pass {
                #expect(mark > last)
                #expect(mark - last <= window + item.utf8.count)
                last = mark
            }
            #expect(document.count - last <= window + item.utf8.count)
        }
        // Chunks of the printer's size (colour codes may run a token past it).
        #expect(chunks.dropLast().allSatisfy { $0 >= 16 << 10 && $0 <= (16 << 10) + 64 })
    }

    @Test("a mapped body's pages behind each pass are released: what stays resident is about a window")
    func mappedBody() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/body.json"
        let item = #""0123456789abcdef","#
        let size = 48 << 20
        var text = "["
        text.reserveCapacity(size + 8)
        while text.utf8.count < size { text += item }
        text += "0]"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        text = ""
        let body = ResponseBody(file: path, size: Int64(size))
        var peakResident = 0
        let printed = try BodyBytes.with(body) { reader in
            var count = 0
            try JSONPrettyPrinter().write(reader.bytes, to: { count += $0.count }, window: 1 << 20) { offset in
                reader.release(before: offset)
                peakResident = max(peakResident, Self.resident(reader.bytes))
            }
            return count
        }
        #expect(printed > size)
        // Pages still mapped in: a window and the readahead, never the body.
        #expect(peakResident < 16 << 20, "peak resident \(peakResident >> 20) MiB of \(size >> 20) MiB")
    }

    /// Bytes of the mapping at `buffer` resident in this process (its `Rss:` in `/proc/self/smaps`; `mincore`
    /// would count the page cache, which keeps the file whatever this process holds).
    static func resident(_ buffer: UnsafeRawBufferPointer) -> Int {
        guard let base = buffer.baseAddress,
            let smaps = try? String(contentsOfFile: "/proc/self/smaps", encoding: .utf8)
        else { return 0 }
        let start = String(UInt(bitPattern: base), radix: 16)
        var inMapping = false
        for line in smaps.split(separator: "\n") {
            if let dash = line.firstIndex(of: "-"), line[..<dash].allSatisfy(\.isHexDigit) {
                inMapping = line[..<dash].drop { $0 == "0" } == start.drop { $0 == "0" }
            } else if inMapping, line.hasPrefix("Rss:") {
                return (Int(line.split(separator: " ")[1]) ?? 0) * 1024
            }
        }
        return 0
    }
}

// libFuzzer target: a response body through the JSON scanner: the value parser, the line index (and its
// formatter, on every line, cut short and whole) and the streaming pretty-printer, with and without colours;
// what is printed without colours, and a parsed value serialized again, must be safe for a terminal.
import Foundation

@testable import ExplorerCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    if let index = try? JSONLineIndex(bytes: bytes) {
        for number in 0..<min(index.lineCount, 64) {
            _ = index.line(number, in: bytes)
            _ = index.line(number, in: bytes, maxLength: 7)
        }
    }
    // Without colours, what the printer writes must be safe for a terminal: no raw DEL, C1 or bidi control.
    if let text = try? JSONPrettyPrinter(colors: false, chunkSize: 16).string(for: bytes) {
        SafeTextCheck.require(text, newlines: true)
    }
    try? JSONPrettyPrinter(colors: true, chunkSize: 16).write(bytes) { _ in }
    if let value = try? JSONValue.parse(bytes) { SafeTextCheck.require(value.serialized()) }
    return 0
}

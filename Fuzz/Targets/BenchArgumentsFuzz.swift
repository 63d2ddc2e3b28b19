// libFuzzer target: the arguments `apix bench` and `apix run` read as numbers with units, `--duration` (30s, 500ms,
// 2m; `BenchSettings.duration`, compiled in from ExplorerBench) and sizes (`--max-body`, `max_body:`, 64MiB;
// `TransferOptions.size`): any text gives a value or nil, never a trap, and a value is positive (sizes: not negative).
import Foundation

@testable import ExplorerCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBenchArguments(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let duration = BenchSettings.duration(text), duration <= .zero {
        fatalError("duration \(duration) from \(text)")
    }
    if let bytes = TransferOptions.size(text), bytes < 0 { fatalError("size \(bytes) from \(text)") }
    return 0
}

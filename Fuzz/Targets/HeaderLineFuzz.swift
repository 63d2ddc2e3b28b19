// libFuzzer target: one response header line as libcurl hands it over (`ResponseHeadLine`), then every text it
// yields through `SafeText`, as the front ends show it; nothing that can steer a terminal may survive.
import Foundation

@testable import ExplorerCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHeaderLine(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let line = ResponseHeadLine.parse(UnsafeRawBufferPointer(start: data, count: size))
    let texts: [String]
    switch line {
    case .status(let version, _, let reason): texts = [version, reason]
    case .field(let name, let value): texts = [name, value]
    case .end, .other: texts = []
    }
    for text in texts { SafeTextCheck.require(SafeText.escape(text)) }
    return 0
}

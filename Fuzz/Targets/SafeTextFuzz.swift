// libFuzzer target: bytes from a server through `SafeText.decode` (UTF-8 and the other charsets) and `escape`:
// the output must hold no C0/C1 control, DEL, zero-width or bidi control (a crash otherwise).
import Foundation

@testable import ExplorerCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSafeText(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    SafeTextCheck.require(SafeText.decode(bytes))
    SafeTextCheck.require(SafeText.decode(bytes, keepNewlines: true), newlines: true)
    SafeTextCheck.require(SafeText.decode(bytes, charset: .latin1))
    SafeTextCheck.require(SafeText.decode(bytes, charset: .windows1252))
    SafeTextCheck.require(SafeText.escape(String(decoding: bytes, as: UTF8.self), keepNewlines: true), newlines: true)
    return 0
}

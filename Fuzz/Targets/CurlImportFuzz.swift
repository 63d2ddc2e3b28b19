// libFuzzer target: a pasted curl command line read into a command, then into a profile's endpoint.
import Foundation

@testable import ExplorerCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCurlImport(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? ShellWords.split(text)
    guard let command = try? CurlCommandLine.parse(pasted: text) else { return 0 }
    _ = try? command.origin()
    guard let endpoint = try? command.importedEndpoint(id: nil, baseURL: nil, taken: ["get"]) else { return 0 }
    _ = ProfileEmitter.endpoints([endpoint])
    return 0
}

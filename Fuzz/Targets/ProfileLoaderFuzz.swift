// libFuzzer target: a profile's YAML text through the loader (composer, reader, variable and chain checks), and
// a loaded profile's requests planned and its YAML emitted again.
import Foundation

@testable import ExplorerCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzProfileLoader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard case .success(let profile) = ProfileLoader.parse(yaml: text, file: "/fuzz/p.yaml", id: "p") else { return 0 }
    _ = ProfileEmitter.profile(profile)
    guard var builder = try? RequestBuilder(profile: profile, processEnvironment: [:]) else { return 0 }
    builder.workingDirectory = "/fuzz"
    builder.homeDirectory = "/fuzz"
    for endpoint in profile.endpoints.prefix(8) {
        _ = try? builder.plan(for: endpoint)
        _ = try? builder.plan(for: endpoint, masking: true)
    }
    return 0
}

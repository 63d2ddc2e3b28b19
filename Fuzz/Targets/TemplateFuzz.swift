// libFuzzer target: the `{{variable}}` expander. The first line is the template; every other line `name=value`
// is a variable (a name starting `!` is a secret), so references, masking and missing names are all reached.
import Foundation

@testable import ExplorerCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTemplate(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let raw = lines.isEmpty ? "" : String(lines.removeFirst())
    var values: [String: String] = [:]
    var secrets: Set<String> = []
    for line in lines {
        let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        var name = String(parts[0])
        if name.hasPrefix("!") {
            name.removeFirst()
            secrets.insert(name)
        }
        values[name] = parts.count > 1 ? String(parts[1]) : ""
    }
    let template = Template(raw)
    _ = template.variableNames
    for style in [VariableScope.MaskStyle.bullets, .marker] {
        let scope = VariableScope(
            values: values, secretNames: secrets, processEnvironment: ["HOME": "/fuzz"], maskStyle: style)
        _ = try? template.render(scope)
        _ = try? template.render(scope, masking: true)
    }
    return 0
}

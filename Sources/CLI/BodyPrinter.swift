import ExplorerCore
import Foundation

/// Prints a response body to stdout: exactly as received when piped; on a terminal, JSON pretty-printed (in
/// colour unless `NO_COLOR` is set), text with control characters escaped, and binary replaced by a notice.
struct BodyPrinter {
    let response: Response
    let toTerminal: Bool
    var environment = ProcessInfo.processInfo.environment

    func print() throws {
        guard toTerminal else {
            if let path = response.body.filePath {
                try StandardOutput.copy(file: path)
            } else {
                StandardOutput.write(try response.body.data())
            }
            return
        }
        if response.body.count == 0 { return }
        let data = try response.body.data()
        if MediaType.isJSON(response.contentType) || looksLikeJSON(data) {
            let colors = environment["NO_COLOR"].map { $0.isEmpty } ?? true
            var output = Data()
            do {
                try JSONPrettyPrinter(colors: colors).write(data) { chunk in
                    output.append(chunk.assumingMemoryBound(to: UInt8.self))
                }
                StandardOutput.write(output)
                StandardOutput.write("\n")
                return
            } catch {
                // Not valid JSON after all: fall through and show it as text.
            }
        }
        if isBinary(data) {
            StandardError.writeLine(
                "apix: binary body (\(Units.bytes(response.body.count))) not shown on a terminal; use -o FILE or a pipe")
            return
        }
        var text = SafeText.decode(data, keepNewlines: true)
        if !text.hasSuffix("\n") { text += "\n" }
        StandardOutput.write(text)
    }

    private func looksLikeJSON(_ data: Data) -> Bool {
        guard let first = data.first(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }) else { return false }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    /// NUL bytes or mostly invalid UTF-8 in the first 8 KiB.
    private func isBinary(_ data: Data) -> Bool {
        let sample = data.prefix(8192)
        if sample.contains(0) { return true }
        return String(data: sample, encoding: .utf8) == nil && String(data: sample.dropLast(3), encoding: .utf8) == nil
    }
}

import ExplorerCore
import Foundation

/// Prints a response body to stdout: exactly as received when piped; on a terminal, JSON pretty-printed (in
/// colour unless `NO_COLOR` is set), text with control characters escaped, and binary replaced by a notice.
/// What is JSON, text or binary is `BodyClassifier`'s decision, the same as the TUI's.
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
        let shown = try terminalOutput()
        if let output = shown.output {
            StandardOutput.write(output)
        } else if shown.kind == .binary {
            StandardError.writeLine(
                "apix: binary body (\(Units.bytes(response.body.count))) not shown on a terminal; use -o FILE or a pipe"
            )
        }
    }

    /// What a terminal gets: the kind the body is shown as (`BodyClassifier`, as in the TUI) and the bytes for
    /// stdout, `nil` when nothing is printed (an empty or binary body, which is then never read whole).
    func terminalOutput() throws -> (kind: BodyKind, output: Data?) {
        let contentType = response.contentType
        var kind = BodyClassifier.kind(of: response.body, contentType: contentType)
        guard kind == .json || kind == .text else { return (kind, nil) }
        let data = try response.body.data()
        if kind == .json {
            let colors = environment["NO_COLOR"].map { $0.isEmpty } ?? true
            var output = Data()
            do {
                try JSONPrettyPrinter(colors: colors).write(data) { chunk in
                    output.append(chunk.assumingMemoryBound(to: UInt8.self))
                }
                output.append(UInt8(ascii: "\n"))
                return (.json, output)
            } catch {
                // Not valid JSON after all: shown as text or binary, as the TUI does.
                kind =
                    BodyClassifier.kindAfterInvalidJSON(
                        contentType: contentType, prefix: data.prefix(BodyClassifier.prefixLength), error: error
                    ).kind
                guard kind == .text else { return (kind, nil) }
            }
        }
        var text = SafeText.decode(data, charset: .of(contentType), keepNewlines: true)
        if !text.hasSuffix("\n") { text += "\n" }
        return (.text, Data(text.utf8))
    }
}

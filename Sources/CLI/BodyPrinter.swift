import ExplorerCore
import Foundation

/// Prints a response body to stdout: exactly as received when piped; on a terminal, JSON pretty-printed (in
/// colour unless `NO_COLOR` is set), text with control characters escaped, and binary replaced by a notice.
/// What is JSON, text or binary is `BodyClassifier`'s decision, the same as the TUI's.
///
/// A terminal gets the body streamed with bounded memory whatever its size: JSON is validated, then printed, in
/// two passes over the body in place (`BodyBytes`: a spooled body is mapped and the pages behind each pass
/// released), and text is escaped a piece at a time; output goes out in 64 KiB chunks as it is made.
struct BodyPrinter {
    let response: Response
    let toTerminal: Bool
    var environment = ProcessInfo.processInfo.environment

    /// The size of a text piece (whole UTF-8 sequences carried to the next piece).
    static let textPiece = 64 << 10
    static let newline: [UInt8] = [UInt8(ascii: "\n")]

    func print() throws {
        guard toTerminal else {
            if let path = response.body.filePath {
                try StandardOutput.copy(file: path)
            } else {
                StandardOutput.write(try response.body.data())
            }
            return
        }
        let kind = try terminalOutput { StandardOutput.write(Data($0)) }
        if kind == .binary {
            StandardError.writeLine(
                "apix: binary body (\(Units.bytes(response.body.count))) not shown on a terminal; use -o FILE or a pipe"
            )
        }
    }

    /// What a terminal gets, gathered: the kind the body is shown as and the bytes for stdout, `nil` when nothing
    /// is printed (an empty or binary body).
    func terminalOutput() throws -> (kind: BodyKind, output: Data?) {
        var output = Data()
        let kind = try terminalOutput { output.append($0.assumingMemoryBound(to: UInt8.self)) }
        return (kind, kind == .json || kind == .text ? output : nil)
    }

    /// Writes what a terminal gets to `sink` in pieces and returns the kind the body is shown as (`BodyClassifier`,
    /// as in the TUI); nothing is written for an empty or binary body, which is then never read whole.
    func terminalOutput(to sink: (UnsafeRawBufferPointer) -> Void) throws -> BodyKind {
        let contentType = response.contentType
        var kind = BodyClassifier.kind(of: response.body, contentType: contentType)
        guard kind == .json || kind == .text else { return kind }
        if kind == .json {
            let colors = environment["NO_COLOR"].map { $0.isEmpty } ?? true
            let printed = try BodyBytes.with(response.body) { reader -> Result<Void, JSONParseError> in
                let bytes = reader.bytes
                return Result { () throws(JSONParseError) in
                    try JSONPrettyPrinter(colors: colors).write(bytes, to: sink) { reader.release(before: $0) }
                }
            }
            switch printed {
            case .success:
                Self.newline.withUnsafeBytes { sink($0) }
                return .json
            case .failure(let error):
                // Not valid JSON after all (nothing was written): shown as text or binary, as the TUI does.
                let prefix = try response.body.data(limit: BodyClassifier.prefixLength)
                kind =
                    BodyClassifier.kindAfterInvalidJSON(contentType: contentType, prefix: prefix, error: error).kind
                guard kind == .text else { return kind }
            }
        }
        try printText(charset: .of(contentType), to: sink)
        return .text
    }

    /// The body as escaped text, a piece at a time; a final line break is added when the body has none.
    private func printText(charset: MediaType.TextCharset, to sink: (UnsafeRawBufferPointer) -> Void) throws {
        var carried = Data()
        var endsWithNewline = false
        func emit(_ piece: Data) {
            guard !piece.isEmpty else { return }
            var text = SafeText.decode(piece, charset: charset, keepNewlines: true)
            endsWithNewline = text.hasSuffix("\n")
            text.withUTF8 { sink(UnsafeRawBufferPointer($0)) }
        }
        try response.body.forEachChunk(ofSize: Self.textPiece) { chunk in
            var piece = carried + chunk
            carried = Data()
            if charset == .utf8 {
                // A character cut at the end waits for the next piece.
                let cut = piece.startIndex + ResponseDocument.completeLength(piece)
                carried = Data(piece[cut...])
                piece = piece[..<cut]
            }
            emit(piece)
        }
        emit(carried)
        if !endsWithNewline { Self.newline.withUnsafeBytes { sink($0) } }
    }
}

/// Which body fields the lines of the body editor name, for the request schema's hints: the path of each key from
/// the body's root (`["owner", "name"]`, `[]` for an array's items), where the key is on its line, and where its
/// value is. Read from the text as typed, which may not parse yet: a JSON text is scanned for strings, `:`, `,` and
/// brackets; a form's lines are `name=value`, a name such as `items[0][price]` read as `["items", "[]", "price"]`.
struct BodyFieldPath: Hashable, Sendable {
    /// The field's path.
    var path: [String]
    /// The column of its key on its line (characters).
    var column: Int
    /// The columns of its value on its line: empty at the place to write one when none is written; nil when the
    /// value is an object or array, or does not end on the line.
    var value: Range<Int>?

    /// At most this many lines are read: past it a text gets no hints (the editor is for bodies a person writes).
    static let maxLines = 20_000

    /// The fields named on each line of `lines` up to `last` (every line when nil), in order on each line; empty
    /// when the text is too long.
    static func fields(_ lines: [[Character]], form: Bool, through last: Int? = nil) -> [[BodyFieldPath]] {
        guard lines.count <= maxLines else { return [] }
        let end = min(last ?? lines.count - 1, lines.count - 1)
        guard end >= 0 else { return [] }
        return form ? formFields(lines[...end]) : jsonFields(lines[...end])
    }

    /// The field the cursor is on: the last key on its line at or before its column, else the line's first.
    static func field(at column: Int, in fields: [BodyFieldPath]) -> BodyFieldPath? {
        fields.last { $0.column <= column } ?? fields.first
    }

    // MARK: - Form

    private static func formFields(_ lines: ArraySlice<[Character]>) -> [[BodyFieldPath]] {
        lines.map { line in
            guard let equals = line.firstIndex(of: "=") else { return [] }
            let name = String(line[..<equals])
            let start = name.prefix { $0 == " " }.count
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { return [] }
            return [BodyFieldPath(path: formPath(trimmed), column: start, value: (equals + 1)..<line.count)]
        }
    }

    /// `items[0][price]` → `["items", "[]", "price"]`; `tags[]` → `["tags", "[]"]`.
    static func formPath(_ name: String) -> [String] {
        guard let open = name.firstIndex(of: "["), name.hasSuffix("]") else { return [name] }
        var path = [String(name[..<open])]
        for part in name[open...].dropFirst().dropLast().components(separatedBy: "][") {
            path.append(part.isEmpty || Int(part) != nil ? "[]" : part)
        }
        return path
    }

    // MARK: - JSON

    private struct Container {
        var isObject: Bool
        /// The member being read (objects), `[]` (arrays).
        var key: String?
    }

    private static func jsonFields(_ lines: ArraySlice<[Character]>) -> [[BodyFieldPath]] {
        var result: [[BodyFieldPath]] = []
        var stack: [Container] = []
        // The last string read, while a `:` may still make it a key.
        var pending: (text: String, column: Int, line: Int)?
        for (number, line) in zip(lines.indices, lines) {
            var found: [BodyFieldPath] = []
            var index = 0
            while index < line.count {
                let character = line[index]
                switch character {
                case "\"":
                    let start = index
                    var text = ""
                    index += 1
                    while index < line.count, line[index] != "\"" {
                        if line[index] == "\\", index + 1 < line.count {
                            index += 1
                            text.append(unescaped(line[index]))
                        } else {
                            text.append(line[index])
                        }
                        index += 1
                    }
                    pending = (text, start, number)
                case ":":
                    if let key = pending, stack.last?.isObject == true {
                        stack[stack.count - 1].key = key.text
                        if key.line == number {
                            let path = stack.map { $0.key ?? "" }
                            found.append(
                                BodyFieldPath(path: path, column: key.column, value: valueRange(line, after: index)))
                        }
                    }
                    pending = nil
                case "{", "[":
                    stack.append(Container(isObject: character == "{", key: character == "[" ? "[]" : nil))
                    pending = nil
                case "}", "]":
                    if !stack.isEmpty { stack.removeLast() }
                    pending = nil
                case ",":
                    if stack.last?.isObject == true { stack[stack.count - 1].key = nil }
                    pending = nil
                case " ", "\t", "\r":
                    break
                default:
                    pending = nil
                }
                index += 1
            }
            result.append(found)
        }
        return result
    }

    private static func unescaped(_ character: Character) -> Character {
        switch character {
        case "n": "\n"
        case "t": "\t"
        default: character
        }
    }

    /// The columns of a scalar value after the `:` at `colon`: to the `,`, `}` or `]` that ends it (outside a
    /// string) or the line's end, blanks left out; empty (after one space) when nothing is written yet; nil for an
    /// object or array, or a string that goes on past the line.
    static func valueRange(_ line: [Character], after colon: Int) -> Range<Int>? {
        var start = colon + 1
        while start < line.count, line[start] == " " || line[start] == "\t" { start += 1 }
        guard start < line.count else { return line.count..<line.count }
        if line[start] == "{" || line[start] == "[" { return nil }
        var end = start
        var inString = false
        while end < line.count {
            let character = line[end]
            if inString {
                if character == "\\" {
                    end += 1
                } else if character == "\"" {
                    inString = false
                }
            } else if character == "\"" {
                inString = true
            } else if character == "," || character == "}" || character == "]" {
                break
            }
            end += 1
        }
        if inString { return nil }
        end = min(end, line.count)
        while end > start, line[end - 1] == " " || line[end - 1] == "\t" { end -= 1 }
        return start..<end
    }
}

import Foundation

/// dotenv files (`env_file:`, `--env-file`): `KEY=value` lines whose values become secret variables.
///
/// The syntax is dotenv's common ground: blank lines and `#` comments are skipped, an `export ` prefix is allowed,
/// spaces around `=` do not count; a value in single quotes is taken as written, one in double quotes knows `\n`,
/// `\t`, `\"` and `\\` and may span lines; an unquoted value ends at ` #` (a comment) and is trimmed.
package enum DotEnv {
    /// Where a profile names its dotenv file.
    struct Reference: Sendable, Hashable {
        var path: String
        var location: SourceLocation
    }

    /// A line that is not `KEY=value`, with its 1-based line and column.
    package struct Problem: Error, Sendable, Equatable {
        package var message: String
        package var line: Int
        package var column: Int
    }

    /// The variables of a dotenv text, in order (a repeated key: the last wins), or the first problem.
    package static func parse(_ text: String) -> Result<[(key: String, value: String)], Problem> {
        var entries: [(key: String, value: String)] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? $0.dropLast() : $0
        }
        var index = 0
        while index < lines.count {
            let number = index + 1
            var line = Substring(lines[index])
            index += 1
            let indent = line.prefix { $0 == " " || $0 == "\t" }.count
            line = line.dropFirst(indent)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("export ") { line = line.dropFirst(7).drop { $0 == " " } }
            guard let equals = line.firstIndex(of: "=") else {
                return .failure(Problem(message: "expected KEY=value", line: number, column: indent + 1))
            }
            let key = line[..<equals].trimmingSpaces
            guard isKey(key) else {
                return .failure(
                    Problem(message: "`\(key)` is not a variable name", line: number, column: indent + 1))
            }
            var rest = line[line.index(after: equals)...].drop { $0 == " " || $0 == "\t" }
            let value: String
            if rest.hasPrefix("'") {
                rest = rest.dropFirst()
                guard let close = rest.firstIndex(of: "'") else {
                    return .failure(Problem(message: "unclosed ' quote", line: number, column: indent + 1))
                }
                value = String(rest[..<close])
            } else if rest.hasPrefix("\"") {
                // A double-quoted value may go on over the next lines until its closing quote.
                var text = String(rest.dropFirst())
                while !hasClosingQuote(text) {
                    guard index < lines.count else {
                        return .failure(Problem(message: "unclosed \" quote", line: number, column: indent + 1))
                    }
                    text += "\n" + lines[index]
                    index += 1
                }
                value = unescape(text)
            } else {
                var plain = rest
                if let hash = plain.range(of: " #") ?? plain.range(of: "\t#") { plain = plain[..<hash.lowerBound] }
                value = String(plain.trimmingSpaces)
            }
            entries.removeAll { $0.key == key }
            entries.append((String(key), value))
        }
        return .success(entries)
    }

    static func isKey(_ key: Substring) -> Bool {
        guard let first = key.first, first.isLetter || first == "_" else { return false }
        return key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_.-".contains($0)) }
    }

    private static func hasClosingQuote(_ text: String) -> Bool {
        var escaped = false
        for character in text {
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                return true
            }
        }
        return false
    }

    /// The text up to the closing quote, escapes resolved.
    private static func unescape(_ text: String) -> String {
        var output = ""
        var escaped = false
        for character in text {
            if escaped {
                switch character {
                case "n": output.append("\n")
                case "t": output.append("\t")
                case "r": output.append("\r")
                default: output.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                break
            } else {
                output.append(character)
            }
        }
        return output
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}

extension DotEnv {
    /// Reads and parses the file at `path` (relative to `directory`, `~/` at `$HOME`); a problem names the file,
    /// and the line for a syntax problem.
    package static func load(_ path: String, relativeTo directory: String) -> Result<
        [(key: String, value: String)], Problem
    > {
        let resolved = resolve(path, relativeTo: directory)
        guard let data = FileManager.default.contents(atPath: resolved) else {
            return .failure(Problem(message: "cannot read \(resolved)", line: 0, column: 0))
        }
        return parse(String(decoding: data, as: UTF8.self)).mapError { problem in
            Problem(
                message: "\(resolved):\(problem.line):\(problem.column): \(problem.message)", line: problem.line,
                column: problem.column)
        }
    }

    static func resolve(_ path: String, relativeTo directory: String) -> String {
        if path.hasPrefix("/") { return path }
        if path.hasPrefix("~/") {
            let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
            return (home as NSString).appendingPathComponent(String(path.dropFirst(2)))
        }
        return (directory as NSString).appendingPathComponent(path)
    }
}

extension Profile {
    /// `--env-file`: the entries as secret variables over every other definition of the profile and its
    /// environments; `file` names them in `variableLayers`.
    package mutating func addSecretVariables(
        _ entries: [(key: String, value: String)], from file: String = "--env-file"
    ) {
        var layer: [String: Template] = [:]
        for entry in entries { layer[entry.key] = Template(entry.value) }
        variableLayers.add(.addedEnvFile(file), environment: nil, layer)
        for entry in entries {
            variables[entry.key] = Template(entry.value)
            for index in environments.indices { environments[index].variables.removeValue(forKey: entry.key) }
            secretNames.insert(entry.key)
        }
    }
}

extension DotEnv {
    /// The dotenv files in `directory` one may choose as a profile's secrets file: `.env`, `.env.NAME` and
    /// `NAME.env` (as `--env-file` takes them), sorted; directories and unreadable entries left out.
    package static func files(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { name in
            guard name == ".env" || name.hasPrefix(".env.") || (name.hasSuffix(".env") && name.count > 4) else {
                return false
            }
            var isDirectory: ObjCBool = false
            let path = (directory as NSString).appendingPathComponent(name)
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }.sorted()
    }
}

import TestSupport

@testable import ExplorerCore

/// Random JSON documents for property tests: awkward strings, verbatim numbers, empty and large containers,
/// and sources with random whitespace between tokens.
struct RandomJSON {
    private var random: SeededGenerator

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    private static let stringPieces = [
        "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\r", "\u{1}", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}",
        "é", "日本", "😀", "👩‍👩‍👧", "\u{A0}", "\u{2028}", "{", "]", ":", ",", "key", "value",
    ]

    private static let numbers = [
        "0", "-0", "7", "-42", "1.5", "-0.001", "3.14159265358979323846", "1e10", "2.5E-3", "-7E+2",
        "123456789012345678901234567890", "9007199254740993",
    ]

    private static let whitespace = ["", "", "", " ", "  ", "\n", "\t", "\r\n", "\n    "]

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &random)
    }

    mutating func string() -> String {
        (0..<int(0...6)).map { _ in Self.stringPieces.randomElement(using: &random)! }.joined()
    }

    mutating func number() -> String {
        if int(0...1) == 0 { return Self.numbers.randomElement(using: &random)! }
        return String(int(-1_000_000...1_000_000))
    }

    /// A value nested at most `depth` levels; now and then an array long enough to span many index blocks.
    mutating func value(depth: Int) -> JSONValue {
        let choice = depth == 0 ? int(0...4) : int(0...8)
        switch choice {
        case 0: return .null
        case 1: return .bool(int(0...1) == 1)
        case 2, 3: return .number(number())
        case 4: return .string(string())
        case 5, 6:
            let count = int(0...20) == 0 ? int(60...150) : int(0...5)
            return .array((0..<count).map { _ in value(depth: depth - 1) })
        default:
            var object = JSONObject()
            for _ in 0..<int(0...5) {
                // Small key pool so duplicate keys appear too.
                let key = int(0...3) == 0 ? ["id", "name", ""].randomElement(using: &random)! : string()
                object.append(key: key, value: value(depth: depth - 1))
            }
            return .object(object)
        }
    }

    /// `value` as JSON source with random whitespace around every token.
    mutating func messySource(for value: JSONValue) -> String {
        var output = space()
        write(value, to: &output)
        return output + space()
    }

    private mutating func space() -> String {
        Self.whitespace.randomElement(using: &random)!
    }

    private mutating func write(_ value: JSONValue, to output: inout String) {
        switch value {
        case .array(let elements):
            output += "[" + space()
            for (position, element) in elements.enumerated() {
                if position > 0 { output += space() + "," + space() }
                write(element, to: &output)
            }
            output += space() + "]"
        case .object(let object):
            output += "{" + space()
            for (position, member) in object.enumerated() {
                if position > 0 { output += space() + "," + space() }
                output += JSONValue.string(member.key).serialized() + space() + ":" + space()
                write(member.value, to: &output)
            }
            output += space() + "}"
        default:
            output += value.serialized()
        }
    }
}

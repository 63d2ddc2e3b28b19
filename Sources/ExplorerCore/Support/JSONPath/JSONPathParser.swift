// Long file: one recursive-descent grammar (RFC 9535 §2) whose reader state stays private to it; split across
// files, every scanning helper would have to become visible to the whole module.
/// Reads an RFC 9535 query into `JSONPathSyntax`, rejecting anything the grammar or the type rules refuse.
///
/// A recursive-descent reader over Unicode scalars. Function arguments and filter operands are first read by one
/// expression grammar, then checked against the place they appear in (`checkLogical`, `checkComparable`,
/// `checkArgument`), which is how the RFC states its well-typedness rules.
struct JSONPathParser {
    private typealias Syntax = JSONPathSyntax

    /// The largest magnitude an index or slice bound may have (I-JSON's exact integers, RFC 9535 §2.1).
    private static let maxExactInteger = (1 << 53) - 1
    /// Deeper nesting than this is refused rather than risking the stack on hostile input.
    private static let maxNesting = 256

    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var nesting = 0

    private init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// Parses a whole query (`$` and its segments); nothing may follow it, not even blanks.
    static func parse(_ text: String) throws(JSONPathError) -> JSONPathSyntax.Query {
        var parser = JSONPathParser(text)
        guard parser.peek == "$" else { throw parser.failure("a query starts with $") }
        let query = try parser.readQuery()
        guard parser.atEnd else {
            var message = "unexpected \(parser.describeCurrent) after the query"
            if let fixed = JSONPathNameHint.bracketed(text, stoppedAt: parser.position) {
                message += "; a name with it is written in brackets: \(fixed)"
            }
            throw parser.failure(message)
        }
        return query
    }

    // MARK: - Queries and segments

    private mutating func readQuery() throws(JSONPathError) -> Syntax.Query {
        let isRelative = peek == "@"
        position += 1
        var segments: [Syntax.Segment] = []
        while true {
            let mark = position
            skipBlanks()
            guard let next = peek, next == "." || next == "[" else {
                position = mark
                break
            }
            segments.append(try readSegment())
        }
        return Syntax.Query(isRelative: isRelative, segments: segments)
    }

    private mutating func readSegment() throws(JSONPathError) -> Syntax.Segment {
        if peek == "[" {
            return Syntax.Segment(isDescendant: false, selectors: try readBracketedSelection())
        }
        position += 1  // "."
        if peek == "." {
            position += 1
            switch peek {
            case "[": return Syntax.Segment(isDescendant: true, selectors: try readBracketedSelection())
            case "*":
                position += 1
                return Syntax.Segment(isDescendant: true, selectors: [.wildcard])
            default: return Syntax.Segment(isDescendant: true, selectors: [.name(try readMemberName())])
            }
        }
        if peek == "*" {
            position += 1
            return Syntax.Segment(isDescendant: false, selectors: [.wildcard])
        }
        return Syntax.Segment(isDescendant: false, selectors: [.name(try readMemberName())])
    }

    /// `name` after `.` or `..`: letters, `_`, digits (not first) and any non-ASCII scalar; no blanks before it.
    private mutating func readMemberName() throws(JSONPathError) -> String {
        guard let first = peek, Self.isNameFirst(first) else {
            throw failure("expected a member name, * or [ after the dot")
        }
        var name = String.UnicodeScalarView()
        while let scalar = peek, Self.isNameFirst(scalar) || Self.isDigit(scalar) {
            name.append(scalar)
            position += 1
        }
        return String(name)
    }

    private mutating func readBracketedSelection() throws(JSONPathError) -> [Syntax.Selector] {
        position += 1  // "["
        var selectors: [Syntax.Selector] = []
        while true {
            skipBlanks()
            selectors.append(try readSelector())
            skipBlanks()
            if peek == "," {
                position += 1
                continue
            }
            guard peek == "]" else { throw failure("expected , or ] in a bracketed selection") }
            position += 1
            return selectors
        }
    }

    private mutating func readSelector() throws(JSONPathError) -> Syntax.Selector {
        switch peek {
        case "'", "\"": return .name(try readStringLiteral())
        case "*":
            position += 1
            return .wildcard
        case "?":
            position += 1
            skipBlanks()
            let expression = try readLogicalOr()
            try checkLogical(expression)
            return .filter(expression)
        case ":": return try readSlice(start: nil)
        case let scalar? where scalar == "-" || Self.isDigit(scalar):
            let start = try readInteger()
            let mark = position
            skipBlanks()
            if peek == ":" { return try readSlice(start: start) }
            position = mark
            return .index(start)
        default:
            throw failure("expected a selector (a name in quotes, *, an index, a slice or ?filter)")
        }
    }

    /// `start:end:step`, positioned on the first colon.
    private mutating func readSlice(start: Int?) throws(JSONPathError) -> Syntax.Selector {
        position += 1  // ":"
        skipBlanks()
        var end: Int?
        if let scalar = peek, scalar == "-" || Self.isDigit(scalar) {
            end = try readInteger()
            skipBlanks()
        }
        var step: Int?
        if peek == ":" {
            position += 1
            skipBlanks()
            if let scalar = peek, scalar == "-" || Self.isDigit(scalar) {
                step = try readInteger()
            }
        }
        return .slice(start: start, end: end, step: step)
    }

    /// An index or slice bound: `0`, or an optional minus and digits without a leading zero, within ±(2^53 − 1).
    private mutating func readInteger() throws(JSONPathError) -> Int {
        let start = position
        let negative = peek == "-"
        if negative { position += 1 }
        guard let first = peek, Self.isDigit(first) else { throw failure("expected a digit") }
        if first == "0" {
            position += 1
            if negative { throw failure("-0 is not an index", at: start) }
            if let next = peek, Self.isDigit(next) { throw failure("an index has no leading zero", at: start) }
            return 0
        }
        var magnitude = 0
        while let scalar = peek, Self.isDigit(scalar) {
            magnitude = magnitude * 10 + Int(scalar.value - 48)
            guard magnitude <= Self.maxExactInteger else {
                throw failure("integer out of range (beyond ±(2^53 − 1))", at: start)
            }
            position += 1
        }
        return negative ? -magnitude : magnitude
    }

    // MARK: - Filter expressions

    private mutating func readLogicalOr() throws(JSONPathError) -> Syntax.Expression {
        var terms = [try readLogicalAnd()]
        while consumeOperator("||") {
            skipBlanks()
            terms.append(try readLogicalAnd())
        }
        return terms.count == 1 ? terms[0] : .or(terms)
    }

    private mutating func readLogicalAnd() throws(JSONPathError) -> Syntax.Expression {
        var terms = [try readBasic()]
        while consumeOperator("&&") {
            skipBlanks()
            terms.append(try readBasic())
        }
        return terms.count == 1 ? terms[0] : .and(terms)
    }

    /// Skips blanks and the operator if it comes next; otherwise leaves the position where it was.
    private mutating func consumeOperator(_ text: String) -> Bool {
        let mark = position
        skipBlanks()
        if matches(text) {
            position += text.unicodeScalars.count
            return true
        }
        position = mark
        return false
    }

    /// A negation, a group, or an operand possibly compared with another.
    private mutating func readBasic() throws(JSONPathError) -> Syntax.Expression {
        nesting += 1
        defer { nesting -= 1 }
        guard nesting <= Self.maxNesting else { throw failure("the filter nests too deeply") }
        if peek == "!" && !matches("!=") {
            position += 1
            skipBlanks()
            let operand = try readNegatable()
            return .not(operand)
        }
        if peek == "(" { return try readGroup() }
        let left = try readOperand()
        let mark = position
        skipBlanks()
        guard let comparison = readComparisonOperator() else {
            position = mark
            return left
        }
        skipBlanks()
        let right = try readOperand()
        try checkComparable(left, at: mark)
        try checkComparable(right, at: position)
        return .comparison(left, comparison, right)
    }

    /// What `!` may apply to: a group, a query or a function call.
    private mutating func readNegatable() throws(JSONPathError) -> Syntax.Expression {
        if peek == "(" { return try readGroup() }
        let start = position
        let operand = try readOperand()
        if case .literal = operand { throw failure("! applies to a query, a function or a group", at: start) }
        return operand
    }

    private mutating func readGroup() throws(JSONPathError) -> Syntax.Expression {
        position += 1  // "("
        skipBlanks()
        let inner = try readLogicalOr()
        skipBlanks()
        guard peek == ")" else { throw failure("expected )") }
        position += 1
        return .group(inner)
    }

    private mutating func readComparisonOperator() -> Syntax.ComparisonOperator? {
        for candidate in [
            Syntax.ComparisonOperator.equal, .notEqual, .lessOrEqual, .greaterOrEqual, .less, .greater,
        ] where matches(candidate.rawValue) {
            position += candidate.rawValue.unicodeScalars.count
            return candidate
        }
        return nil
    }

    /// A literal, a query (`$…` or `@…`) or a function call.
    private mutating func readOperand() throws(JSONPathError) -> Syntax.Expression {
        guard let scalar = peek else { throw failure("the filter ends too early") }
        switch scalar {
        case "$", "@": return .query(try readQuery())
        case "'", "\"": return .literal(.string(try readStringLiteral()))
        case "-", "0"..."9": return .literal(try readNumber())
        default: break
        }
        for (word, value) in [("true", JSONValue.bool(true)), ("false", .bool(false)), ("null", .null)]
        where matches(word) && !isNameScalar(at: position + word.unicodeScalars.count) {
            position += word.unicodeScalars.count
            return .literal(value)
        }
        if Self.isLowercase(scalar) { return try readFunctionCall() }
        throw failure("expected a literal, a query or a function, found \(describeCurrent)")
    }

    private mutating func readFunctionCall() throws(JSONPathError) -> Syntax.Expression {
        let start = position
        var name = String.UnicodeScalarView()
        while let scalar = peek, Self.isLowercase(scalar) || scalar == "_" || Self.isDigit(scalar) {
            name.append(scalar)
            position += 1
        }
        guard peek == "(" else { throw failure("expected ( after the function name", at: position) }
        guard let function = JSONPathFunction(rawValue: String(name)) else {
            throw failure("unknown function \(String(name))()", at: start)
        }
        position += 1
        skipBlanks()
        var arguments: [Syntax.Expression] = []
        if peek != ")" {
            while true {
                let argumentStart = position
                let argument = try readLogicalOr()
                guard arguments.count < function.parameters.count else {
                    throw failure("\(function.rawValue)() takes \(function.parameters.count) argument(s)", at: start)
                }
                try checkArgument(argument, as: function.parameters[arguments.count], at: argumentStart)
                arguments.append(argument)
                skipBlanks()
                guard peek == "," else { break }
                position += 1
                skipBlanks()
            }
        }
        guard peek == ")" else { throw failure("expected , or ) in the arguments of \(function.rawValue)()") }
        guard arguments.count == function.parameters.count else {
            throw failure("\(function.rawValue)() takes \(function.parameters.count) argument(s)", at: start)
        }
        position += 1
        return .function(function, arguments)
    }

    // MARK: - Type rules (RFC 9535 §2.4.3)

    /// A filter, a negated or grouped expression, or an `&&`/`||` term: something true or false.
    private func checkLogical(_ expression: Syntax.Expression) throws(JSONPathError) {
        switch expression {
        case .literal: throw failure("a literal alone is not a test; compare it with something")
        case .query, .comparison: return
        case .function(let function, _):
            guard function.result != .value else {
                throw failure("\(function.rawValue)() gives a value: compare it instead of testing it")
            }
        case .not(let inner), .group(let inner): try checkLogical(inner)
        case .and(let terms), .or(let terms):
            for term in terms { try checkLogical(term) }
        }
    }

    /// Either side of a comparison: a literal, a query that selects at most one node, or a value function.
    private func checkComparable(_ expression: Syntax.Expression, at offset: Int) throws(JSONPathError) {
        switch expression {
        case .literal: return
        case .query(let query) where query.isSingular: return
        case .query: throw failure("only a singular query (names and indexes) can be compared", at: offset)
        case .function(let function, _) where function.result == .value: return
        case .function(let function, _):
            throw failure("\(function.rawValue)() gives a logical result, which cannot be compared", at: offset)
        default: throw failure("a comparison takes a literal, a singular query or a function", at: offset)
        }
    }

    private func checkArgument(
        _ argument: Syntax.Expression, as kind: Syntax.ValueKind, at offset: Int
    ) throws(JSONPathError) {
        switch kind {
        case .value: try checkComparable(argument, at: offset)
        case .logical: try checkLogical(argument)
        case .nodes:
            switch argument {
            case .query: return
            case .function(let function, _) where function.result == .nodes: return
            default: throw failure("this argument must be a query", at: offset)
            }
        }
    }

    // MARK: - Literals

    /// A quoted string with the escapes of RFC 9535 §2.3.1.1 (`\uXXXX` with surrogate pairs).
    private mutating func readStringLiteral() throws(JSONPathError) -> String {
        let quote = peek!
        position += 1
        var text = String.UnicodeScalarView()
        while true {
            guard let scalar = peek else { throw failure("the string is not closed") }
            position += 1
            if scalar == quote { return String(text) }
            if scalar.value < 0x20 { throw failure("a control character must be escaped", at: position - 1) }
            guard scalar == "\\" else {
                text.append(scalar)
                continue
            }
            guard let escaped = peek else { throw failure("the string is not closed") }
            position += 1
            switch escaped {
            case "b": text.append("\u{08}")
            case "f": text.append("\u{0C}")
            case "n": text.append("\n")
            case "r": text.append("\r")
            case "t": text.append("\t")
            case "/", "\\": text.append(escaped)
            case "u": text.append(try readUnicodeEscape())
            case quote: text.append(escaped)
            default: throw failure("unknown escape \\\(escaped)", at: position - 2)
            }
        }
    }

    /// The four hex digits after `\u`, and a low surrogate's `\uXXXX` after a high one.
    private mutating func readUnicodeEscape() throws(JSONPathError) -> Unicode.Scalar {
        let start = position - 2
        let first = try readHex4()
        switch first {
        case 0xD800...0xDBFF:
            guard matches("\\u") else { throw failure("a high surrogate needs a low one after it", at: start) }
            position += 2
            let second = try readHex4()
            guard (0xDC00...0xDFFF).contains(second) else { throw failure("not a low surrogate", at: start) }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
        case 0xDC00...0xDFFF:
            throw failure("a low surrogate without a high one", at: start)
        default:
            return Unicode.Scalar(first)!
        }
    }

    private mutating func readHex4() throws(JSONPathError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let scalar = peek, let digit = Self.hexValue(scalar) else { throw failure("expected 4 hex digits") }
            value = value * 16 + digit
            position += 1
        }
        return value
    }

    /// A JSON number (`-0` allowed, no leading zeros, `e`/`E` exponents), kept as its text.
    private mutating func readNumber() throws(JSONPathError) -> JSONValue {
        let start = position
        if peek == "-" { position += 1 }
        guard let first = peek, Self.isDigit(first) else { throw failure("expected a digit", at: position) }
        position += 1
        if first == "0", let next = peek, Self.isDigit(next) {
            throw failure("a number has no leading zero", at: start)
        }
        skipDigits()
        if peek == "." {
            position += 1
            guard let digit = peek, Self.isDigit(digit) else { throw failure("expected a digit after the point") }
            skipDigits()
        }
        if peek == "e" || peek == "E" {
            position += 1
            if peek == "+" || peek == "-" { position += 1 }
            guard let digit = peek, Self.isDigit(digit) else { throw failure("expected an exponent") }
            skipDigits()
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars[start..<position])
        return .number(String(text))
    }

    private mutating func skipDigits() {
        while let scalar = peek, Self.isDigit(scalar) { position += 1 }
    }

    // MARK: - Scanning

    private var peek: Unicode.Scalar? {
        position < scalars.count ? scalars[position] : nil
    }

    private var atEnd: Bool { position == scalars.count }

    private var describeCurrent: String {
        guard let scalar = peek else { return "end of query" }
        return "'\(String(Character(scalar)).debugDescription.dropFirst().dropLast())'"
    }

    private func matches(_ text: String) -> Bool {
        var index = position
        for scalar in text.unicodeScalars {
            guard index < scalars.count, scalars[index] == scalar else { return false }
            index += 1
        }
        return true
    }

    private func isNameScalar(at index: Int) -> Bool {
        index < scalars.count && (Self.isNameFirst(scalars[index]) || Self.isDigit(scalars[index]))
    }

    /// RFC 9535's blank: space, tab, line feed, carriage return.
    private mutating func skipBlanks() {
        while let scalar = peek, scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
            position += 1
        }
    }

    private func failure(_ message: String, at offset: Int? = nil) -> JSONPathError {
        JSONPathError(message, at: offset ?? position)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    private static func isLowercase(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar)
    }

    private static func isNameFirst(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
            || (0x80...0xD7FF).contains(scalar.value) || scalar.value >= 0xE000
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": scalar.value - 48
        case "a"..."f": scalar.value - 87
        case "A"..."F": scalar.value - 55
        default: nil
        }
    }
}

internal import CYaml

/// What libyaml found wrong with a text: the fields Yams reads into `YamlError.reader`, `.scanner` and `.parser`
/// (`YamlError.init(from:with:)`), taken from the parser that stopped, so the loader words it as Yams would.
struct YAMLSyntaxError: Error, Equatable {
    enum Kind: Equatable {
        /// The text is not one libyaml can read (a control character, an encoding error): `YamlError.reader`.
        case reader
        case scanner
        case parser
    }

    /// What the scanner or parser was reading when it stopped, and where it started (1-based).
    struct Context: Equatable {
        let text: String
        let line: Int
        let column: Int
    }

    let kind: Kind
    let problem: String
    /// Where it stopped, 1-based as Yams' `Mark` (libyaml counts columns in Unicode scalars).
    let line: Int
    let column: Int
    let context: Context?
    /// For a reader error: the UTF-8 byte offset libyaml stopped at.
    let offset: Int

    /// The parser's error; nil when it has none Yams would report this way (no error, or out of memory).
    init?(_ parser: yaml_parser_t) {
        switch parser.error {
        case YAML_READER_ERROR: kind = .reader
        case YAML_SCANNER_ERROR: kind = .scanner
        case YAML_PARSER_ERROR: kind = .parser
        default: return nil
        }
        guard let problem = parser.problem else { return nil }
        self.problem = String(cString: problem)
        line = Int(parser.problem_mark.line) + 1
        column = Int(parser.problem_mark.column) + 1
        offset = Int(parser.problem_offset)
        context = parser.context.map {
            Context(
                text: String(cString: $0), line: Int(parser.context_mark.line) + 1,
                column: Int(parser.context_mark.column) + 1)
        }
    }
}

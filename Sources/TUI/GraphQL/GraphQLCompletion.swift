import ExplorerCore

/// What Tab completes in a GraphQL query, and what the hint line says of the name under the cursor (issue 29): a
/// light scan of the text before the cursor (no parse: the text is usually invalid while typed) that follows the
/// selection sets' types from the operation's root, the parentheses of a field's arguments, the operation's
/// variable definitions, and `... on` type conditions.
struct GraphQLCompletion: Equatable {
    enum Place: Equatable {
        /// In a selection set of this type: its fields.
        case fields(type: String)
        /// Inside a field's `( … )`: its arguments.
        case arguments(type: String, field: String)
        /// After `argument:` where the argument is an enum: its values.
        case enumValues(type: String)
        /// After `$`: the variables the operation declares.
        case variables
        /// After `on`, or a variable definition's `:`: type names.
        case types
    }

    struct Candidate: Equatable {
        var name: String
        /// Its type, arguments or default, and whether it is deprecated (not escaped: the view escapes it).
        var detail: String
    }

    var place: Place
    /// The name being typed before the cursor: the columns replaced by a candidate.
    var columns: Range<Int>
    var prefix: String
    var candidates: [Candidate]

    /// The completion at the cursor (row, column) of `lines`, nil where nothing completes (in a string, a comment,
    /// outside an operation).
    static func at(row: Int, column: Int, in lines: [[Character]], schema: GraphQLSchemaIndex) -> GraphQLCompletion? {
        guard lines.indices.contains(row) else { return nil }
        let line = lines[row]
        var start = min(column, line.count)
        while start > 0, isNameCharacter(line[start - 1]) { start -= 1 }
        let prefix = String(line[start..<min(column, line.count)])
        var scan = Scan(schema: schema)
        for text in lines[..<row] {
            scan.read(text)
            scan.read(["\n"])
        }
        scan.read(Array(line[..<start]))
        guard let place = scan.place else { return nil }
        let all = candidates(place, schema: schema, scan: scan)
        let lowered = prefix.lowercased()
        let matching = all.filter { $0.name.lowercased().hasPrefix(lowered) }
        return GraphQLCompletion(
            place: place, columns: start..<min(column, line.count), prefix: prefix, candidates: matching)
    }

    /// What the hint line says of the name under the cursor: a field's type, description and deprecation, an
    /// argument's type and default, an enum value's description.
    static func hint(row: Int, column: Int, in lines: [[Character]], schema: GraphQLSchemaIndex) -> String? {
        guard lines.indices.contains(row) else { return nil }
        let line = lines[row]
        var start = min(column, line.count)
        while start > 0, isNameCharacter(line[start - 1]) { start -= 1 }
        var end = min(column, line.count)
        while end < line.count, isNameCharacter(line[end]) { end += 1 }
        guard start < end else { return nil }
        let name = String(line[start..<end])
        var scan = Scan(schema: schema)
        for text in lines[..<row] {
            scan.read(text)
            scan.read(["\n"])
        }
        scan.read(Array(line[..<start]))
        switch scan.place {
        case .fields(let type)?:
            guard let field = schema.field(name, of: type) else { return nil }
            var text = "\(type).\(name): \(field.type.sdl)"
            if !field.args.isEmpty { text += " (" + field.args.map(argument).joined(separator: ", ") + ")" }
            if let description = field.description, !description.isEmpty { text += " — " + description }
            if field.isDeprecated == true { text += " · deprecated: " + (field.deprecationReason ?? "no reason given") }
            return text
        case .arguments(let type, let fieldName)?:
            guard let value = schema.field(fieldName, of: type)?.args.first(where: { $0.name == name }) else {
                return nil
            }
            var text = "argument " + argument(value)
            if let description = value.description, !description.isEmpty { text += " — " + description }
            return text
        case .enumValues(let type)?:
            guard let value = schema.type(type)?.enumValues?.first(where: { $0.name == name }) else { return nil }
            var text = "\(type).\(name)"
            if let description = value.description, !description.isEmpty { text += " — " + description }
            if value.isDeprecated == true { text += " · deprecated: " + (value.deprecationReason ?? "no reason given") }
            return text
        default:
            return nil
        }
    }

    static func argument(_ value: IntrospectedSchema.InputValue) -> String {
        "\(value.name): \(value.type.sdl)" + (value.defaultValue.map { " = \($0)" } ?? "")
    }

    static func isNameCharacter(_ character: Character) -> Bool {
        character == "_" || (character.isASCII && (character.isLetter || character.isNumber))
    }

    private static func candidates(_ place: Place, schema: GraphQLSchemaIndex, scan: Scan) -> [Candidate] {
        switch place {
        case .fields(let type):
            let fields = (schema.type(type)?.fields ?? []).map { field in
                Candidate(
                    name: field.name,
                    detail: field.type.sdl + (field.isDeprecated == true ? "  (deprecated)" : ""))
            }
            return fields + [Candidate(name: "__typename", detail: "String!")]
        case .arguments(let type, let field):
            let used = scan.usedArguments
            return (schema.field(field, of: type)?.args ?? []).filter { !used.contains($0.name) }.map { value in
                Candidate(name: value.name, detail: value.type.sdl + (value.defaultValue.map { " = \($0)" } ?? ""))
            }
        case .enumValues(let type):
            return (schema.type(type)?.enumValues ?? []).map { value in
                Candidate(name: value.name, detail: value.isDeprecated == true ? "deprecated" : type)
            }
        case .variables:
            return scan.variables.map { Candidate(name: $0.name, detail: $0.type) }
        case .types:
            return schema.typeNames.map { Candidate(name: $0, detail: schema.type($0)?.kind ?? "") }
        }
    }
}

extension GraphQLCompletion {
    /// The scan of the text before the cursor: where it is, token by token.
    struct Scan {
        let schema: GraphQLSchemaIndex
        /// The types of the selection sets open (nil: a type the schema does not have).
        var sets: [String?] = []
        /// The operation's kind (`query`, `mutation`, `subscription`) or `fragment`, once read at the top.
        var operation: String?
        /// A fragment's type condition, for its selection set.
        var fragmentType: String?
        var variables: [(name: String, type: String)] = []
        /// Inside `( … )`: of a field (its parent type and name), of a directive, or the operation's variables.
        enum Parens: Equatable {
            case field(type: String, name: String)
            case directive
            case variableDefinitions
        }
        var parens: Parens?
        var usedArguments: Set<String> = []
        /// Brackets and braces opened inside parentheses (a list or an input object's value).
        var valueDepth = 0
        var lastName: String?
        /// The token before the name being read: `$`, `@`, `:`, `on`, `...`.
        var previous: String?
        var argumentName: String?
        var inString = false
        var inComment = false
        var name = ""
        var dots = 0
        /// A name is being read after `$` in variable definitions, then its `:` and type.
        var pendingVariable: String?

        init(schema: GraphQLSchemaIndex) { self.schema = schema }

        var currentType: String? { sets.last ?? nil }

        /// Where the cursor is, after everything before it was read.
        var place: Place? {
            if inString || inComment { return nil }
            if previous == "$" { return .variables }
            if previous == "on" { return .types }
            switch parens {
            case .variableDefinitions?:
                return previous == ":" ? .types : nil
            case .directive?:
                return nil
            case .field(let type, let field)?:
                guard valueDepth == 0 else { return nil }
                if previous == ":", let argumentName,
                    let argument = schema.field(field, of: type)?.args.first(where: { $0.name == argumentName }),
                    let named = GraphQLSchemaIndex.namedType(argument.type), schema.type(named)?.kind == "ENUM"
                {
                    return .enumValues(type: named)
                }
                return previous == ":" ? nil : .arguments(type: type, field: field)
            case nil:
                guard !sets.isEmpty, let type = currentType else { return nil }
                if previous == "@" { return nil }
                return .fields(type: type)
            }
        }

        mutating func read(_ characters: [Character]) {
            for character in characters { read(character) }
            endName()
        }

        private mutating func read(_ character: Character) {
            if inComment {
                if character == "\n" { inComment = false }
                return
            }
            if inString {
                if character == "\"" { inString = false }
                return
            }
            if GraphQLCompletion.isNameCharacter(character) {
                dots = 0
                name.append(character)
                return
            }
            endName()
            if character == "." {
                dots += 1
                if dots == 3 {
                    dots = 0
                    punctuator("...")
                }
                return
            }
            dots = 0
            switch character {
            case "#": inComment = true
            case "\"": inString = true
            case " ", "\t", "\n", "\r", ",": break
            default: punctuator(String(character))
            }
        }

        private mutating func endName() {
            guard !name.isEmpty else { return }
            let word = name
            name = ""
            readName(word)
        }

        private mutating func readName(_ word: String) {
            defer { lastName = word }
            if sets.isEmpty && parens == nil {
                if ["query", "mutation", "subscription", "fragment"].contains(word), operation == nil || previous == "}"
                {
                    operation = word
                    fragmentType = nil
                    previous = word
                    return
                }
                if previous == "on", operation == "fragment" { fragmentType = word }
                previous = word == "on" ? "on" : "name"
                return
            }
            switch parens {
            case .variableDefinitions?:
                if previous == "$" {
                    pendingVariable = word
                } else if previous == ":" || previous == "[" || previous == "type", let variable = pendingVariable {
                    variables.append((variable, word))
                    pendingVariable = nil
                }
                previous = "type"
                return
            case .field?:
                if valueDepth == 0 && previous != ":" && previous != "$" { argumentName = word }
                previous = "name"
                return
            case .directive?:
                previous = "name"
                return
            case nil:
                break
            }
            if previous == "..." && word == "on" {
                previous = "on"
                return
            }
            if previous == "on" {
                pendingCondition = word
                previous = "name"
                return
            }
            if previous == "@" {
                previous = "directive"
                return
            }
            previous = "name"
        }

        /// An inline fragment's or fragment's type condition, waiting for its `{`.
        var pendingCondition: String?

        private mutating func punctuator(_ token: String) {
            switch token {
            case "{":
                if parens != nil {
                    valueDepth += 1
                } else if sets.isEmpty {
                    switch operation {
                    case "fragment": sets.append(fragmentType)
                    case let kind?: sets.append(schema.rootType(kind)?.name)
                    case nil: sets.append(schema.rootType("query")?.name)
                    }
                    pendingCondition = nil
                } else if let condition = pendingCondition {
                    sets.append(condition)
                    pendingCondition = nil
                } else if previous == "name", let name = lastName, let type = currentType,
                    let field = schema.field(name, of: type)
                {
                    sets.append(GraphQLSchemaIndex.namedType(field.type))
                } else {
                    sets.append(nil)
                }
            case "}":
                if parens != nil {
                    valueDepth = max(0, valueDepth - 1)
                } else if !sets.isEmpty {
                    sets.removeLast()
                }
            case "[":
                if case .field? = parens { valueDepth += 1 }
            case "]":
                if case .field? = parens { valueDepth = max(0, valueDepth - 1) }
            case "(":
                if sets.isEmpty {
                    parens = .variableDefinitions
                } else if previous == "directive" {
                    parens = .directive
                } else if previous == "name", let name = lastName, let type = currentType {
                    parens = .field(type: type, name: name)
                } else {
                    parens = .directive
                }
                usedArguments = []
                argumentName = nil
                valueDepth = 0
            case ")":
                if case .field(_, let field)? = parens { lastName = field }
                parens = nil
                argumentName = nil
                previous = "name"
                return
            case ":":
                if case .field? = parens, valueDepth == 0, let argumentName { usedArguments.insert(argumentName) }
            default:
                break
            }
            previous = token
        }
    }
}

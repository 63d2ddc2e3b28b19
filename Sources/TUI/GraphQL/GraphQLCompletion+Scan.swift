import ExplorerCore

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
        /// Inside `( … )`: of a field (its parent type and name), of a directive (its name), or the operation's
        /// variables.
        enum Parens: Equatable {
            case field(type: String, name: String)
            case directive(name: String?)
            case variableDefinitions
        }
        var parens: Parens?
        var usedArguments: Set<String> = []
        /// An input object's `{ … }` or a list's `[ … ]` opened inside an argument's value, innermost last.
        struct Value: Equatable {
            /// `{`: its fields are named in it; `[`: values only.
            var isObject: Bool
            /// The named type of what it holds: the input object's, or the list's items' (nil: unknown).
            var type: String?
            /// In an object: the field being given a value, and those given one already.
            var field: String?
            var used: Set<String> = []
        }
        var values: [Value] = []
        var lastName: String?
        /// The last field named in a selection set: the type of the `{` after it (its arguments and directives
        /// apart).
        var fieldName: String?
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

        /// The named type a value written here has: the argument's (of a field or a directive), an input object
        /// field's, a list's items'.
        var valueType: String? {
            if let value = values.last {
                guard value.isObject else { return value.type }
                guard let type = value.type, let field = value.field,
                    let input = schema.type(type)?.inputFields?.first(where: { $0.name == field })
                else { return nil }
                return GraphQLSchemaIndex.namedType(input.type)
            }
            guard let argumentName else { return nil }
            return arguments?.first { $0.name == argumentName }.flatMap { GraphQLSchemaIndex.namedType($0.type) }
        }

        /// The arguments the parentheses take: the field's, or the directive's.
        var arguments: [IntrospectedSchema.InputValue]? {
            switch parens {
            case .field(let type, let field)?: schema.field(field, of: type)?.args
            case .directive(let name?)?: GraphQLCompletion.directives(schema).first { $0.name == name }?.args
            default: nil
            }
        }

        /// Where a directive written here may go (`@` read last): the operation's kind at the top, a variable
        /// definition, else a field, fragment spread or inline fragment.
        var directiveLocations: Set<String> {
            switch parens {
            case .variableDefinitions?: return ["VARIABLE_DEFINITION"]
            default:
                if sets.isEmpty {
                    return operation == "fragment" ? ["FRAGMENT_DEFINITION"] : [(operation ?? "query").uppercased()]
                }
                return ["FIELD", "FRAGMENT_SPREAD", "INLINE_FRAGMENT"]
            }
        }

        /// Where the cursor is, after everything before it was read.
        var place: Place? {
            if inString || inComment { return nil }
            if previous == "$" { return .variables }
            if previous == "on" { return .types }
            if previous == "@" { return .directives(locations: directiveLocations) }
            switch parens {
            case .variableDefinitions?:
                return previous == ":" ? .types : nil
            case .directive(let name)?:
                if let place = valuePlace { return place }
                return name.map { .directiveArguments(directive: $0) }
            case .field(let type, let field)?:
                if let place = valuePlace { return place }
                return .arguments(type: type, field: field)
            case nil:
                guard !sets.isEmpty, let type = currentType else { return nil }
                if previous == "@" { return nil }
                return .fields(type: type)
            }
        }

        /// Inside an argument's value: an enum's values where a value goes, an input object's fields where a field is
        /// named; nil outside a value.
        private var valuePlace: Place?? {
            guard previous == ":" || !values.isEmpty else { return nil }
            if previous == ":" || values.last?.isObject == false {
                guard let type = valueType, schema.type(type)?.kind == "ENUM" else { return .some(nil) }
                return .enumValues(type: type)
            }
            guard let type = values.last?.type, schema.type(type)?.kind == "INPUT_OBJECT" else { return .some(nil) }
            return .inputFields(type: type)
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
                if character == "\"" {
                    inString = false
                    // A value was written: what comes next is named (an argument, an input field).
                    previous = "value"
                }
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
            case .field?, .directive?:
                if previous != ":" && previous != "$" {
                    if values.isEmpty {
                        argumentName = word
                    } else if values[values.count - 1].isObject {
                        values[values.count - 1].field = word
                    }
                }
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
            fieldName = word
            previous = "name"
        }

        /// An inline fragment's or fragment's type condition, waiting for its `{`.
        var pendingCondition: String?

        private mutating func punctuator(_ token: String) {
            switch token {
            case "{":
                if parens != nil {
                    values.append(Value(isObject: true, type: valueType))
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
                } else if previous == "name", let name = fieldName, let type = currentType,
                    let field = schema.field(name, of: type)
                {
                    sets.append(GraphQLSchemaIndex.namedType(field.type))
                } else {
                    sets.append(nil)
                }
            case "}":
                if parens != nil {
                    _ = values.popLast()
                    previous = "value"
                    return
                } else if !sets.isEmpty {
                    sets.removeLast()
                }
            case "[":
                switch parens {
                case .field?, .directive?: values.append(Value(isObject: false, type: valueType))
                default: break
                }
            case "]":
                if parens != nil, parens != .variableDefinitions {
                    _ = values.popLast()
                    previous = "value"
                    return
                }
            case "(":
                if sets.isEmpty {
                    parens = .variableDefinitions
                } else if previous == "directive" {
                    parens = .directive(name: lastName)
                } else if previous == "name", let name = lastName, let type = currentType {
                    parens = .field(type: type, name: name)
                } else {
                    parens = .directive(name: nil)
                }
                usedArguments = []
                argumentName = nil
                values = []
            case ")":
                if case .field(_, let field)? = parens { lastName = field }
                parens = nil
                argumentName = nil
                previous = "name"
                return
            case ":":
                if let last = values.indices.last {
                    if let field = values[last].field { values[last].used.insert(field) }
                } else if parens != nil, parens != .variableDefinitions, let argumentName {
                    usedArguments.insert(argumentName)
                }
            default:
                break
            }
            previous = token
        }
    }
}

/// An introspection result read from a parsed tree (`JSONValue`), by hand: Foundation's `JSONDecoder` took 1.2 s
/// of a 16 MiB answer's 1.6 s in a release build; our parser and this walk take a fraction of it. The shape and the
/// required members are those of the `Codable` conformance, which the cache's writer still uses.
extension IntrospectedSchema {
    /// The schema in the `__schema` object `tree`.
    package init(tree: JSONValue) throws(ReadError) {
        self = try TreeReader().schema(tree)
    }
}

/// Reads each part, naming the first missing or mistyped member by its path.
private struct TreeReader {
    typealias ReadError = IntrospectedSchema.ReadError

    func fail(_ path: () -> String, _ what: String) -> ReadError {
        ReadError(description: "data.__schema is not an introspection result: \(path()): \(what)")
    }

    func string(_ value: JSONValue?, _ path: () -> String) throws(ReadError) -> String {
        guard let text = value?.stringValue else { throw fail(path, "expected a string") }
        return text
    }

    /// A GraphQL name (`[_A-Za-z][_0-9A-Za-z]*`): the schema is printed as SDL for checking queries, so a name that
    /// is not one (a hostile server's `Z"\u`, or SDL of its own) is refused here rather than read as other SDL.
    func name(_ value: JSONValue?, _ path: () -> String) throws(ReadError) -> String {
        let text = try string(value, path)
        guard Self.isName(text) else {
            throw fail(path, "not a GraphQL name (letters, digits and _, not starting with a digit)")
        }
        return text
    }

    func optionalName(_ value: JSONValue?, _ path: () -> String) throws(ReadError) -> String? {
        guard let value, value != .null else { return nil }
        return try name(value, path)
    }

    static func isName(_ text: String) -> Bool {
        guard let first = text.utf8.first, first == UInt8(ascii: "_") || isLetter(first) else { return false }
        return text.utf8.allSatisfy { $0 == UInt8(ascii: "_") || isLetter($0) || (0x30...0x39).contains($0) }
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    func optionalString(_ value: JSONValue?, _ path: () -> String) throws(ReadError) -> String? {
        guard let value, value != .null else { return nil }
        return try string(value, path)
    }

    func optionalBool(_ value: JSONValue?, _ path: () -> String) throws(ReadError) -> Bool? {
        guard let value, value != .null else { return nil }
        guard case .bool(let flag) = value else { throw fail(path, "expected a boolean") }
        return flag
    }

    func list<Item>(
        _ value: JSONValue?, _ path: () -> String, _ item: (JSONValue, () -> String) throws(ReadError) -> Item
    ) throws(ReadError) -> [Item] {
        guard let items = value?.arrayValue else { throw fail(path, "expected a list") }
        var result: [Item] = []
        result.reserveCapacity(items.count)
        // The item's path is made only if it fails; escaping in type only, for the closure that captures it.
        try withoutActuallyEscaping(path) { (path) throws(ReadError) in
            for (index, value) in items.enumerated() { result.append(try item(value, { "\(path())[\(index)]" })) }
        }
        return result
    }

    func optionalList<Item>(
        _ value: JSONValue?, _ path: () -> String, _ item: (JSONValue, () -> String) throws(ReadError) -> Item
    ) throws(ReadError) -> [Item]? {
        guard let value, value != .null else { return nil }
        return try list(value, path, item)
    }

    func named(_ value: JSONValue?, _ path: () -> String) throws(ReadError) -> IntrospectedSchema.Named? {
        guard let value, value != .null else { return nil }
        return IntrospectedSchema.Named(name: try name(value["name"], { path() + ".name" }))
    }

    func typeRef(_ value: JSONValue, _ path: () -> String) throws(ReadError) -> IntrospectedSchema.TypeRef {
        let inner: IntrospectedSchema.TypeRef?
        if let ofType = value["ofType"], ofType != .null {
            inner = try typeRef(ofType, { path() + ".ofType" })
        } else {
            inner = nil
        }
        return IntrospectedSchema.TypeRef(
            kind: try string(value["kind"], { path() + ".kind" }),
            name: try optionalName(value["name"], { path() + ".name" }),
            ofType: inner)
    }

    func inputValue(_ value: JSONValue, _ path: () -> String) throws(ReadError) -> IntrospectedSchema.InputValue {
        guard let type = value["type"] else { throw fail({ path() + ".type" }, "missing") }
        return IntrospectedSchema.InputValue(
            name: try name(value["name"], { path() + ".name" }),
            description: try optionalString(value["description"], { path() + ".description" }),
            type: try typeRef(type, { path() + ".type" }),
            defaultValue: try optionalString(value["defaultValue"], { path() + ".defaultValue" }),
            isDeprecated: try optionalBool(value["isDeprecated"], { path() + ".isDeprecated" }),
            deprecationReason: try optionalString(value["deprecationReason"], { path() + ".deprecationReason" }))
    }

    func field(_ value: JSONValue, _ path: () -> String) throws(ReadError) -> IntrospectedSchema.Field {
        guard let type = value["type"] else { throw fail({ path() + ".type" }, "missing") }
        return IntrospectedSchema.Field(
            name: try name(value["name"], { path() + ".name" }),
            description: try optionalString(value["description"], { path() + ".description" }),
            args: try list(value["args"], { path() + ".args" }, inputValue),
            type: try typeRef(type, { path() + ".type" }),
            isDeprecated: try optionalBool(value["isDeprecated"], { path() + ".isDeprecated" }),
            deprecationReason: try optionalString(value["deprecationReason"], { path() + ".deprecationReason" }))
    }

    func enumValue(_ value: JSONValue, _ path: () -> String) throws(ReadError) -> IntrospectedSchema.EnumValue {
        IntrospectedSchema.EnumValue(
            name: try name(value["name"], { path() + ".name" }),
            description: try optionalString(value["description"], { path() + ".description" }),
            isDeprecated: try optionalBool(value["isDeprecated"], { path() + ".isDeprecated" }),
            deprecationReason: try optionalString(value["deprecationReason"], { path() + ".deprecationReason" }))
    }

    func fullType(_ value: JSONValue, _ path: () -> String) throws(ReadError) -> IntrospectedSchema.FullType {
        IntrospectedSchema.FullType(
            kind: try string(value["kind"], { path() + ".kind" }),
            name: try name(value["name"], { path() + ".name" }),
            description: try optionalString(value["description"], { path() + ".description" }),
            fields: try optionalList(value["fields"], { path() + ".fields" }, field),
            inputFields: try optionalList(value["inputFields"], { path() + ".inputFields" }, inputValue),
            interfaces: try optionalList(value["interfaces"], { path() + ".interfaces" }, typeRef),
            enumValues: try optionalList(value["enumValues"], { path() + ".enumValues" }, enumValue),
            possibleTypes: try optionalList(value["possibleTypes"], { path() + ".possibleTypes" }, typeRef),
            specifiedByURL: try optionalString(value["specifiedByURL"], { path() + ".specifiedByURL" }))
    }

    func directive(_ value: JSONValue, _ path: () -> String) throws(ReadError) -> IntrospectedSchema.Directive {
        IntrospectedSchema.Directive(
            name: try name(value["name"], { path() + ".name" }),
            description: try optionalString(value["description"], { path() + ".description" }),
            locations: try list(value["locations"], { path() + ".locations" }, name),
            args: try list(value["args"], { path() + ".args" }, inputValue),
            isRepeatable: try optionalBool(value["isRepeatable"], { path() + ".isRepeatable" }))
    }

    func schema(_ value: JSONValue) throws(ReadError) -> IntrospectedSchema {
        guard case .object = value else { throw fail({ "__schema" }, "expected an object") }
        return IntrospectedSchema(
            queryType: try named(value["queryType"], { "queryType" }),
            mutationType: try named(value["mutationType"], { "mutationType" }),
            subscriptionType: try named(value["subscriptionType"], { "subscriptionType" }),
            types: try list(value["types"], { "types" }, fullType),
            directives: try optionalList(value["directives"], { "directives" }, directive))
    }
}

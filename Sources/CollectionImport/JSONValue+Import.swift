import ExplorerCore

/// Reading helpers for the importers (ExplorerCore keeps its own accessors internal).
extension JSONValue {
    var array: [JSONValue] {
        if case .array(let items) = self { items } else { [] }
    }

    var text: String? {
        switch self {
        case .string(let text): text
        case .number(let text): text
        case .bool(let flag): String(flag)
        case .null, .array, .object: nil
        }
    }

    var flag: Bool? {
        if case .bool(let flag) = self { flag } else { nil }
    }

    var members: [JSONObject.Member] {
        if case .object(let object) = self { Array(object) } else { [] }
    }

    var isObject: Bool {
        if case .object = self { true } else { false }
    }
}

import ExplorerCore
import Foundation

/// What changed between two recorded exchanges: status, headers compared by name, and the body: for JSON the
/// paths added, removed and changed with their old and new values; for text a line diff. The one comparison
/// `apix diff` and the explorer's diff view show.
package struct HistoryDiff: Sendable, Equatable {
    /// One difference at a named place (a header name, a JSON path).
    package struct Change: Sendable, Equatable {
        package enum Kind: String, Sendable {
            case added
            case removed
            case changed
        }

        package var kind: Kind
        package var name: String
        package var old: String?
        package var new: String?

        /// `+ name: new`, `- name: old`, `~ name: old → new`.
        package var line: String {
            switch kind {
            case .added: "+ \(name): \(new ?? "")"
            case .removed: "- \(name): \(old ?? "")"
            case .changed: "~ \(name): \(old ?? "") → \(new ?? "")"
            }
        }
    }

    /// One line of a text diff.
    package struct Line: Sendable, Equatable {
        package enum Kind: String, Sendable {
            case same
            case added
            case removed
        }

        package var kind: Kind
        package var text: String

        package var marked: String {
            switch kind {
            case .same: "  " + text
            case .added: "+ " + text
            case .removed: "- " + text
            }
        }
    }

    package enum Body: Sendable, Equatable {
        case json([Change])
        case text([Line])
        /// Binary or not kept: only whether the bytes are the same.
        case bytes(same: Bool)
    }

    package var old: String
    package var new: String
    /// Nil when both answered with the same status (or neither answered).
    package var status: Change?
    package var headers: [Change]
    package var body: Body
    /// The phases whose time moved noticeably (`PhaseDrift`); not a difference for `isEmpty`.
    package var timing: [PhaseDrift] = []
    /// `reused → new connection` when the two differ in that; not a difference for `isEmpty`.
    package var connection: String?
    /// What was sent differently (method, URL, request headers by name, body), as recorded (secrets masked); shown
    /// first, so a changed answer can be read against a changed question. Not a difference for `isEmpty`: that is
    /// the answers' comparison, which scripts rely on (`apix diff` exits 1 when the answers differ).
    package var request: [Change] = []

    package init(old: HistoryEntry, new: HistoryEntry) {
        self.old = old.id
        self.new = new.id
        let oldStatus = Self.statusText(old)
        let newStatus = Self.statusText(new)
        status = oldStatus == newStatus ? nil : Change(kind: .changed, name: "status", old: oldStatus, new: newStatus)
        headers = Self.headers(old.responseHeaders, new.responseHeaders)
        body = Self.body(old, new)
        request = Self.request(old.request, new.request)
        // Only between two answers from the server: an error or the cache has no phases worth comparing.
        if old.status != nil, new.status != nil, old.source == .network, new.source == .network {
            timing = PhaseDrift.drifts(old.metrics, new.metrics)
            connection = PhaseDrift.connection(old.metrics, new.metrics)
        }
    }

    /// Whether nothing differs.
    package var isEmpty: Bool {
        status == nil && headers.isEmpty && bodyIsSame
    }

    /// Whether the two bodies are the same.
    var bodyIsSame: Bool {
        switch body {
        case .json(let changes): changes.isEmpty
        case .text(let lines): lines.allSatisfy { $0.kind == .same }
        case .bytes(let same): same
        }
    }

    static func statusText(_ entry: HistoryEntry) -> String {
        guard let status = entry.status else { return "no response (\(entry.error?.kind ?? "error"))" }
        return entry.reason.isEmpty ? "\(status)" : "\(status) \(entry.reason)"
    }

    /// The requests' method, URL, headers (by name, as `headers` compares answers') and body (whether it is the same).
    static func request(_ old: PreparedRequest, _ new: PreparedRequest) -> [Change] {
        var changes: [Change] = []
        if old.method != new.method {
            changes.append(Change(kind: .changed, name: "method", old: old.method.rawValue, new: new.method.rawValue))
        }
        if old.url != new.url { changes.append(Change(kind: .changed, name: "url", old: old.url, new: new.url)) }
        changes += headers(old.headers, new.headers)
        if old.body != new.body {
            func size(_ body: RequestBody) -> String {
                switch body {
                case .none: "none"
                case .bytes(let data, _): Units.bytes(Int64(data.count))
                case .file(let path, _): path
                case .multipart: "multipart"
                }
            }
            changes.append(Change(kind: .changed, name: "body", old: size(old.body), new: size(new.body)))
        }
        return changes
    }

    /// Headers by name (case-insensitive, shown lower-cased); repeated fields compared as their joined values.
    static func headers(_ old: HTTPHeaders, _ new: HTTPHeaders) -> [Change] {
        func grouped(_ headers: HTTPHeaders) -> [(String, String)] {
            var order: [String] = []
            var values: [String: [String]] = [:]
            for field in headers {
                let name = field.name.lowercased()
                if values[name] == nil { order.append(name) }
                values[name, default: []].append(field.value)
            }
            return order.map { ($0, values[$0, default: []].joined(separator: ", ")) }
        }
        let before = grouped(old)
        let after = grouped(new)
        let afterValues = Dictionary(after, uniquingKeysWith: { first, _ in first })
        let beforeValues = Dictionary(before, uniquingKeysWith: { first, _ in first })
        var changes: [Change] = []
        for (name, value) in before {
            if let newValue = afterValues[name] {
                if newValue != value { changes.append(Change(kind: .changed, name: name, old: value, new: newValue)) }
            } else {
                changes.append(Change(kind: .removed, name: name, old: value))
            }
        }
        for (name, value) in after where beforeValues[name] == nil {
            changes.append(Change(kind: .added, name: name, new: value))
        }
        return changes
    }

    static func body(_ old: HistoryEntry, _ new: HistoryEntry) -> Body {
        let before = old.body ?? Data()
        let after = new.body ?? Data()
        if let oldJSON = try? JSONValue.parse(before), let newJSON = try? JSONValue.parse(after),
            !before.isEmpty, !after.isEmpty
        {
            var changes: [Change] = []
            json(oldJSON, newJSON, path: "$", into: &changes)
            return .json(changes)
        }
        guard let oldText = String(validating: before, as: UTF8.self),
            let newText = String(validating: after, as: UTF8.self), !before.contains(0), !after.contains(0)
        else {
            return .bytes(same: before == after)
        }
        return .text(lines(oldText, newText))
    }

    static func json(_ old: JSONValue, _ new: JSONValue, path: String, into changes: inout [Change]) {
        switch (old, new) {
        case (.object(let before), .object(let after)):
            for key in before.keys {
                let child = path + pathComponent(key)
                if let value = after[key] {
                    json(before[key] ?? .null, value, path: child, into: &changes)
                } else {
                    changes.append(Change(kind: .removed, name: child, old: (before[key] ?? .null).serialized()))
                }
            }
            for key in after.keys where before[key] == nil {
                changes.append(
                    Change(kind: .added, name: path + pathComponent(key), new: (after[key] ?? .null).serialized()))
            }
        case (.array(let before), .array(let after)):
            for index in 0..<max(before.count, after.count) {
                let child = "\(path)[\(index)]"
                if index >= after.count {
                    changes.append(Change(kind: .removed, name: child, old: before[index].serialized()))
                } else if index >= before.count {
                    changes.append(Change(kind: .added, name: child, new: after[index].serialized()))
                } else {
                    json(before[index], after[index], path: child, into: &changes)
                }
            }
        default:
            if old != new {
                changes.append(Change(kind: .changed, name: path, old: old.serialized(), new: new.serialized()))
            }
        }
    }

    /// `.name` for a plain member name, `['name']` (JSONPath's normalized form) for any other.
    static func pathComponent(_ key: String) -> String {
        let plain =
            !key.isEmpty && key.first.map { $0.isLetter || $0 == "_" } == true
            && key.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "_" }
        if plain { return "." + key }
        let escaped = key.replacingScalars(["\\": "\\\\", "'": "\\'"])
        return "['\(escaped)']"
    }

    /// A line diff (Myers, through `CollectionDifference`): every line of both texts in order, each kept, added or
    /// removed.
    static func lines(_ old: String, _ new: String) -> [Line] {
        let before = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let after = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let difference = after.difference(from: before)
        var removed = Set<Int>()
        var inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var result: [Line] = []
        var i = 0
        var j = 0
        while i < before.count || j < after.count {
            if i < before.count, removed.contains(i) {
                result.append(Line(kind: .removed, text: before[i]))
                i += 1
            } else if j < after.count, inserted.contains(j) {
                result.append(Line(kind: .added, text: after[j]))
                j += 1
            } else {
                if i < before.count { result.append(Line(kind: .same, text: before[i])) }
                i += 1
                j += 1
            }
        }
        return result
    }
}

extension HistoryDiff {
    /// The diff as lines of text, the same in `apix diff` and the explorer's diff view, server text made safe for a
    /// terminal (`SafeText`) here, once for both.
    package var lines: [String] {
        var lines = ["\(old) → \(new)"]
        if !request.isEmpty {
            lines.append("request:")
            lines += request.map { "  " + $0.line }
        }
        if isEmpty {
            // Times and the question may move; when they are all that moved, the line says what did not.
            let timing = timingLines
            let only = timing.isEmpty && request.isEmpty
            lines.append(only ? "no differences" : "no differences in the answer's status, headers or body")
            return (lines + timing).map { SafeText.escape($0) }
        }
        if let status { lines.append("status: \(status.old ?? "") → \(status.new ?? "")") }
        if !headers.isEmpty {
            lines.append("headers:")
            lines += headers.map { "  " + $0.line }
        }
        switch body {
        case .json(let changes) where !changes.isEmpty:
            lines.append("body (JSON):")
            lines += changes.map { "  " + $0.line }
        case .text(let diffLines) where diffLines.contains(where: { $0.kind != .same }):
            lines.append("body (text):")
            lines += diffLines.map { "  " + $0.marked }
        case .bytes(same: false):
            lines.append("body: the bytes differ")
        default:
            break
        }
        // What did not change, said: a diff of a `Date` header alone otherwise leaves the reader to wonder about the
        // body.
        let same = [status == nil ? "status" : nil, headers.isEmpty ? "headers" : nil, bodyIsSame ? "body" : nil]
            .compactMap { $0 }
        if !same.isEmpty { lines.append("the same: " + same.joined(separator: ", ")) }
        return (lines + timingLines).map { SafeText.escape($0) }
    }

    /// `time:` and a line per phase that moved, then the connection's change (figures of ours only).
    var timingLines: [String] {
        guard !timing.isEmpty || connection != nil else { return [] }
        return ["time:"] + timing.map { "  " + $0.line } + (connection.map { ["  " + $0] } ?? [])
    }
}

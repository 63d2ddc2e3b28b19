import CollectionImport
import ExplorerCore

extension OpenAPIImporter {
    /// An operationId as an endpoint id: letters, digits, `.`, `_` and `-` kept.
    static func identifier(_ text: String) -> String {
        let kept = String(text.map { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) ? $0 : "_" })
        return kept.isEmpty ? "operation" : kept
    }

    /// `GET /pets/{id}` → `get.pets.id`.
    static func defaultID(method: HTTPMethod, path: String) -> String {
        let parts = path.split(separator: "/").map { $0.trimmingCharacters(in: ["{", "}"]) }.filter { !$0.isEmpty }
        return ([method.rawValue.lowercased()] + parts.map(identifier)).joined(separator: ".")
    }

    /// The folder of an untagged document's endpoint: the path's first segment that names a resource, past
    /// version and `api` prefixes and placeholders (`/v1/payment_intents/{intent}` → `payment_intents`); nil for `/`.
    static func pathFolder(_ path: String) -> String? {
        let segments = path.split(separator: "/").map(String.init)
        return segments.first { segment in
            let lower = segment.lowercased()
            let isVersion = lower.range(of: #"^v\d+(\.\d+)*$"#, options: .regularExpression) != nil
            return !segment.contains("{") && !isVersion && lower != "api"
        }
    }

    /// The first paragraph, on one line, as plain text (`HTMLText`: Stripe's descriptions are `<p>…</p>`).
    static func firstParagraph(_ text: String) -> String {
        let plain = HTMLText.plain(text)
        let paragraph = plain.components(separatedBy: "\n\n").first ?? plain
        return paragraph.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

extension OpenAPIImporter {
    /// Longest endpoint name, in columns.
    static let maxNameColumns = 60

    /// A summary as an endpoint name: its first line, cut at a word to at most 60 columns (an ellipsis marks the
    /// cut); nil when it is blank.
    static func shortName(_ summary: String) -> String? {
        let line = summary.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let words = line.split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty else { return nil }
        let whole = words.joined(separator: " ")
        guard whole.count > maxNameColumns else { return whole }
        var kept = ""
        for word in words {
            let next = kept.isEmpty ? String(word) : kept + " " + word
            guard next.count <= maxNameColumns - 1 else { break }
            kept = next
        }
        // One word longer than the limit is cut inside it.
        if kept.isEmpty { kept = String(whole.prefix(maxNameColumns - 1)) }
        while let last = kept.last, ",;:.-".contains(last) { kept.removeLast() }
        return kept + "…"
    }
}

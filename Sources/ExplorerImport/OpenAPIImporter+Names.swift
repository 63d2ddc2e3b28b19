import ExplorerCore

extension OpenAPIImporter {
    /// `Swagger Petstore - OpenAPI 3.0` → `swagger-petstore-openapi-3-0`.
    static func slug(_ text: String) -> String {
        var result = ""
        for character in text.lowercased() {
            if character.isASCII, character.isLetter || character.isNumber {
                result.append(character)
            } else if !result.isEmpty, result.last != "-" {
                result.append("-")
            }
        }
        while result.hasSuffix("-") { result.removeLast() }
        return result.isEmpty ? "api" : result
    }

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

    static func unique(_ id: String, in used: inout Set<String>) -> String {
        var candidate = id
        var counter = 2
        while used.contains(candidate) {
            candidate = "\(id)-\(counter)"
            counter += 1
        }
        used.insert(candidate)
        return candidate
    }

    /// The first paragraph, on one line.
    static func firstParagraph(_ text: String) -> String {
        let paragraph = text.components(separatedBy: "\n\n").first ?? text
        return paragraph.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

import ExplorerCore
import Foundation

/// A JSONPath filter's result on a body: the core's outcome (`JSONPath.Filter`) and the matches as a document the
/// body view formats like any body (pretty JSON).
package struct FilteredBody: Sendable, Hashable {
    package let filter: JSONPath.Filter
    package let document: BodyDocument

    /// Runs `query` on `body`: a query that does not parse fails at once, before the body is parsed (once per
    /// document). Nil when the task was cancelled meanwhile (a newer keystroke asked for another query).
    static func make(_ query: String, on body: BodyDocument) async -> Result<FilteredBody, JSONPath.Filter.Failure>? {
        do {
            _ = try JSONPath(query)
        } catch {
            return .failure(.query(error))
        }
        let value: JSONValue
        switch await body.jsonValue() {
        case .success(let parsed): value = parsed
        case .failure(let failure): return .failure(failure)
        }
        do {
            try Task.checkCancellation()
            switch try JSONPath.Filter.run(query, on: value) {
            case .failure(let failure): return .failure(failure)
            case .success(let filter):
                try Task.checkCancellation()
                let document = BodyDocument.make(bytes: filter.result, contentType: "application/json")
                return .success(FilteredBody(filter: filter, document: document))
            }
        } catch {
            return nil
        }
    }

    package static func == (lhs: FilteredBody, rhs: FilteredBody) -> Bool {
        lhs.filter == rhs.filter && lhs.document === rhs.document
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(filter.query)
        hasher.combine(ObjectIdentifier(document))
    }
}

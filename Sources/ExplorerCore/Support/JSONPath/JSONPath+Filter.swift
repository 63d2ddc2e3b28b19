import Foundation

extension JSONPath {
    /// A JSONPath query run as a filter on a response body (the explorer's `f`): what is shown in place of the body
    /// and how the outcome reads. The matches are shown as one JSON array of the selected values, in RFC 9535 order,
    /// so the result is itself a JSON document the body view formats like any other.
    package struct Filter: Sendable, Hashable {
        /// The query as typed.
        package let query: String
        /// How many nodes the query selected.
        package let matchCount: Int
        /// The selected values as a JSON array (compact; the view pretty-prints it).
        package let result: Data

        /// Why a filter gave no result: the query did not parse (with its column), the body is not JSON, or the query
        /// was too expensive to finish.
        package enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
            case query(JSONPathError)
            case body(String)
            /// The query walked past its step limit (`JSONPathStop.tooManySteps`), said in words.
            case tooExpensive(String)

            /// `invalid JSONPath at column 3: …` / `the body is not JSON: …`.
            package var description: String {
                switch self {
                case .query(let error): error.description
                case .body(let reason): "the body is not JSON: \(reason)"
                case .tooExpensive(let reason): reason
                }
            }

            /// The 1-based column of the query where reading stopped, for a caret under it.
            package var column: Int? {
                if case .query(let error) = self { return error.column }
                return nil
            }
        }

        /// Runs `query` on `document`; throws `CancellationError` when the task is cancelled during the walk.
        package static func run(_ query: String, on document: JSONValue) throws -> Result<Filter, Failure> {
            let path: JSONPath
            do {
                path = try JSONPath(query)
            } catch {
                return .failure(.query(error))
            }
            let nodes: [JSONPathNode]
            do {
                nodes = try path.select(in: document)
            } catch let stop as JSONPathStop {
                return .failure(.tooExpensive(stop.description))
            }
            try Task.checkCancellation()
            let array = JSONValue.array(nodes.map(\.value))
            return .success(Filter(query: query, matchCount: nodes.count, result: Data(array.serialized().utf8)))
        }

        /// `3 matches`, `1 match`, `no match`.
        package var summary: String {
            switch matchCount {
            case 0: "no match"
            case 1: "1 match"
            default: "\(matchCount) matches"
            }
        }
    }
}

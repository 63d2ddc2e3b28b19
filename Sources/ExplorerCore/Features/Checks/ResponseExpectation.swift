/// What a good response looks like (`expect:`): status, headers, JSONPath checks, body text and time.
///
/// ```yaml
/// expect:
///   status: 2xx                       # or 200, or [200, 204]
///   headers: { Content-Type: { matches: "^application/json" }, X-Request-Id: { present: true } }
///   json:
///     "$.items": { count: 3 }
///     "$.items[0].id": { "==": 1 }
///     "$.items[?@.done == true]": { exists: true }
///   body_contains: "items"
///   max_ms: 500
///   timing: { ttfb: "< 200ms", total: "<= 1.5s" }   # per phase (TimingRule)
///   tls: { days_left: "> 14" }       # the server's certificate (TLSRule)
///   stream: { first_event: "< 500ms", max_gap: "< 2s", events: ">= 5" }   # a streamed answer (StreamRule)
///   schema: true                      # the answer matches its `responses:` schema
/// ```
package struct ResponseExpectation: Sendable, Hashable {
    /// One accepted status: a code or a class (`2xx` is class 2).
    package enum StatusRule: Sendable, Hashable, CustomStringConvertible {
        case code(Int)
        case statusClass(Int)

        package var description: String {
            switch self {
            case .code(let code): String(code)
            case .statusClass(let digit): "\(digit)xx"
            }
        }
    }

    /// A check on one header, by name.
    package struct HeaderRule: Sendable, Hashable {
        package enum Check: Sendable, Hashable {
            case equals(String)
            /// A regular expression found anywhere in the value (anchor it with `^…$` for the whole).
            case matches(String)
            /// The text found anywhere in the value, as written (no pattern).
            case contains(String)
            case present(Bool)
        }

        package var name: String
        package var check: Check
    }

    /// A check on what a JSONPath query selects.
    package struct JSONRule: Sendable, Hashable {
        package enum Check: Sendable, Hashable {
            /// `==`, `!=`, `<`, `<=`, `>`, `>=` against a JSON value, with RFC 9535's comparison rules.
            case compare(String, JSONValue)
            /// A regular expression found in the (string) value.
            case matches(String)
            /// The string found in the (string) value, or the value equal to an element of the (array) value.
            case contains(JSONValue)
            case exists(Bool)
            /// Elements of the one selected array or object, else the number of nodes selected.
            case count(Int)
            /// `string`, `number`, `integer`, `boolean`, `null`, `array` or `object`.
            case type(String)
        }

        package var query: String
        package var check: Check
    }

    package static let comparisonOperators = ["==", "!=", "<", "<=", ">", ">="]
    package static let typeNames = ["string", "number", "integer", "boolean", "null", "array", "object"]

    /// Accepted statuses; empty means any.
    package var status: [StatusRule] = []
    package var headers: [HeaderRule] = []
    package var json: [JSONRule] = []
    package var bodyContains: [String] = []
    /// The longest the whole exchange may take, in milliseconds.
    package var maxMilliseconds: Int?
    /// Checks on phases of the exchange's time, in the order written.
    package var timing: [TimingRule] = []
    /// Checks on the TLS connection (the certificate's days left), in the order written.
    package var tls: [TLSRule] = []
    /// Checks on a streamed answer's timing and count, in the order written.
    package var stream: [StreamRule] = []
    /// `schema: true`: the answer must match the schema `responses:` names for its status (a check of its own).
    package var schema = false
    package var location: SourceLocation?

    package init() {}

    /// True when nothing is checked.
    package var isEmpty: Bool {
        status.isEmpty && headers.isEmpty && json.isEmpty && bodyContains.isEmpty && maxMilliseconds == nil
            && timing.isEmpty && tls.isEmpty && stream.isEmpty && !schema
    }
}

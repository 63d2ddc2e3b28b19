import ExplorerCore

/// The values a request schema allows for the body field under the cursor (`enum`, `const`, a boolean's two), offered
/// by `Ctrl-O` in the body editor; the one taken replaces the field's value on its line.
package struct SchemaValuePicker: Hashable, Sendable {
    /// The field's name, for the box's title (escaped when drawn).
    package var field: String
    package var values: [JSONValue]
    /// The highlighted value (arrows move it, Enter takes it).
    package var selected = 0
    /// The editor line the value is on, and its columns there (empty: where one is written).
    package var row: Int
    package var columns: Range<Int>
    /// A form body: the value is written as text (`status=sold`), not as JSON (`"status": "sold"`).
    package var form: Bool
    /// The box's title when not the values of a field (a GraphQL completion's place), and each value's line.
    package var title: String?
    package var labels: [String]?

    /// The text written for `value`: JSON (`"sold"`, `42`, `true`), or a form's bare text (`sold`).
    package func written(_ value: JSONValue) -> String {
        if form, let text = value.stringValue { return text }
        return value.serialized()
    }
}

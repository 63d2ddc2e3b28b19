/// A small window of choices, one letter each (`KeyMap`'s `.methodPicker` and `.bodyTypePicker` bindings), over
/// the request editor: the method picker (`M`) and the body-type picker (`T`).
package struct Picker: Hashable, Sendable {
    package enum Purpose: Hashable, Sendable {
        case method
        case bodyType
    }

    package var purpose: Purpose
    package var key: EndpointKey
    /// The highlighted choice (arrows move it, Enter takes it).
    package var selected: Int
    /// The method picker's own method being typed (`c`): any token.
    package var custom: LineEditor?
    /// The method the custom field started with: Esc after a change asks before it is thrown away.
    package var customOriginal = ""
    /// Esc was pressed with a change in the custom field: y throws it away, any other key goes back to it.
    package var customAsksDiscard = false

    package init(_ purpose: Purpose, key: EndpointKey, selected: Int = 0) {
        self.purpose = purpose
        self.key = key
        self.selected = selected
    }

    /// The methods offered, in the order shown.
    static let methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]

    /// The body types offered, in the order shown.
    static let bodyTypes: [BodyTypeChoice] = [.json, .form, .multipart, .text, .file, .none]

    var count: Int { purpose == .method ? Self.methods.count : Self.bodyTypes.count }
}

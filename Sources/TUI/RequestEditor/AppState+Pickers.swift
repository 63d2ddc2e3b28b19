import ExplorerCore

/// The method picker (`M`: a letter each, or `c` and any token) and the body-type picker (`T`: converts what it
/// can, `BodyDraft.converted`). Both change the draft only; `s` saves.
extension AppState {
    mutating func handlePickerKey(_ key: Key, _ picker: Picker) -> [Effect] {
        var picker = picker
        if var field = picker.custom { return handleCustomMethodKey(key, field: &field, picker: picker) }
        let context: KeyContext = picker.purpose == .method ? .methodPicker : .bodyTypePicker
        switch keyMap.command(for: key, in: context) {
        case .moveUp: picker.selected = (picker.selected + picker.count - 1) % picker.count
        case .moveDown: picker.selected = (picker.selected + 1) % picker.count
        case .close:
            overlay = nil
            return []
        case .choose:
            overlay = nil
            if picker.purpose == .method {
                setMethod(Picker.methods[picker.selected], for: picker.key)
            } else {
                setBodyType(Picker.bodyTypes[picker.selected], for: picker.key)
            }
            return []
        case .pickMethod(let method):
            overlay = nil
            setMethod(method, for: picker.key)
            return []
        case .pickBodyType(let choice):
            overlay = nil
            setBodyType(choice, for: picker.key)
            return []
        case .customMethod:
            let current = draft(for: picker.key)?.method.rawValue ?? ""
            picker.custom = LineEditor(current, selected: true)
            picker.customOriginal = current
        default:
            break
        }
        overlay = .picker(picker)
        return []
    }

    /// Typing a method of one's own: Enter takes any HTTP token, Esc goes back to the list.
    private mutating func handleCustomMethodKey(_ key: Key, field: inout LineEditor, picker: Picker) -> [Effect] {
        var picker = picker
        if picker.customAsksDiscard {
            // The answer to "discard what you typed?": y goes back to the list, any other key back to the text.
            picker.customAsksDiscard = false
            if key == .character("y") || key == .character("Y") { picker.custom = nil }
            overlay = .picker(picker)
            return []
        }
        switch key {
        case .escape where field.text != picker.customOriginal:
            picker.customAsksDiscard = true
        case .escape:
            picker.custom = nil
        case .enter:
            let text = field.text.trimmingCharacters(in: .whitespaces)
            guard HTTPMethod(rawValue: text) != nil else {
                message = StatusMessage(
                    "`\(SafeText.escape(text))` is not a method: letters, digits and !#$%&'*+-.^_`|~ only",
                    isError: true)
                return []
            }
            overlay = nil
            setMethod(text, for: picker.key)
            return []
        default:
            field.handle(key)
            picker.custom = field
        }
        overlay = .picker(picker)
        return []
    }

    /// Pastes go into the custom method field when it is open.
    mutating func pasteIntoPicker(_ text: String, _ picker: Picker) {
        guard var field = picker.custom else { return }
        var picker = picker
        field.paste(text)
        picker.custom = field
        overlay = .picker(picker)
    }

    private mutating func setMethod(_ text: String, for key: EndpointKey) {
        guard var draft = draft(for: key), let method = HTTPMethod(rawValue: text) else { return }
        draft.method = method
        drafts[key] = draft
        message = StatusMessage(
            method.isKnown
                ? "method \(method.rawValue) (s saves it)"
                : "method \(method.rawValue), not a standard one: saved with `custom_method: true` (s)")
    }

    private mutating func setBodyType(_ choice: BodyTypeChoice, for key: EndpointKey) {
        guard var draft = draft(for: key) else { return }
        switch BodyDraft.converted(draft.body, to: choice) {
        case .success(let body):
            draft.body = body
            drafts[key] = draft
            message = StatusMessage(body.map { "body is \($0.kind.name) (s saves it)" } ?? "no body (s saves it)")
        case .failure(let refusal):
            message = StatusMessage("body not changed: \(refusal.reason)", isError: true)
        }
    }
}

extension BodyTypeChoice {
    init(kind: BodyDraft.Kind) {
        switch kind {
        case .json: self = .json
        case .form: self = .form
        case .multipart: self = .multipart
        // A GraphQL query chosen as text is sent as text.
        case .text, .graphql: self = .text
        case .file: self = .file
        }
    }
}

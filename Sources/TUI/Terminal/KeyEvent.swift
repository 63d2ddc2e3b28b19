/// What a terminal backend reads: a key, text pasted (bracketed paste: one event, never keys), a mouse report, or
/// the terminal changed size.
package enum KeyEvent: Equatable, Sendable {
    case key(Key)
    /// `truncated`: the paste was longer than `KeyDecoder.maxPaste` and only its start is here.
    case paste(String, truncated: Bool)
    case mouse(MouseEvent)
    case resize
}

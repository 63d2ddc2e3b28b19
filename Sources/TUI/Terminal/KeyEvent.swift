/// What a terminal backend reads: a key, or the terminal changed size.

package enum KeyEvent: Equatable, Sendable {
    case key(Key)
    case resize
}

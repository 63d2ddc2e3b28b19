/// What a terminal backend reads: a key, or the terminal changed size.
@_spi(Benchmarks)
public enum KeyEvent: Equatable, Sendable {
    case key(Key)
    case resize
}

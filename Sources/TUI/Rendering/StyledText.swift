/// Text made of pieces in different styles (a coloured JSON line, a status line with a badge).
public struct StyledText: Sendable, Equatable {
    public struct Piece: Sendable, Equatable {
        public var text: String
        public var style: Style

        public init(_ text: String, _ style: Style = .plain) {
            self.text = text
            self.style = style
        }
    }

    public var pieces: [Piece]

    public init(_ pieces: [Piece] = []) {
        self.pieces = pieces
    }

    public var plainText: String { pieces.map(\.text).joined() }
}

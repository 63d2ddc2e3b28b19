/// Text made of pieces in different styles (a coloured JSON line, a status line with a badge).
package struct StyledText: Sendable, Equatable {
    package struct Piece: Sendable, Equatable {
        package var text: String
        package var style: Style

        package init(_ text: String, _ style: Style = .plain) {
            self.text = text
            self.style = style
        }
    }

    package var pieces: [Piece]

    package init(_ pieces: [Piece] = []) {
        self.pieces = pieces
    }

    package var plainText: String { pieces.map(\.text).joined() }
}

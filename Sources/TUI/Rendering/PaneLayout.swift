/// How the user arranged the panes: the list's width and the editor's height moved from their defaults, the list
/// hidden, the focused pane maximised, long body lines wrapped. Kept between runs (`LayoutStore`, `tui.json` in
/// the state directory); `Layout` turns it into rectangles for a screen size.
package struct PaneLayout: Codable, Equatable, Sendable {
    /// Columns added to (or taken from) the list's default width.
    package var listWidthChange = 0
    /// Rows added to (or taken from) the editor's default height.
    package var editorRowsChange = 0
    package var listHidden = false
    /// The focused pane fills the space between the title and status bars.
    package var zoomed = false
    /// Body lines longer than the pane wrap instead of scrolling sideways.
    package var softWrap = false

    package init() {}

    /// How far one key press moves a split.
    static let step = 4

    /// Decodes what an older or newer apix wrote: a missing key keeps its default.
    package init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        listWidthChange = try values.decodeIfPresent(Int.self, forKey: .listWidthChange) ?? 0
        editorRowsChange = try values.decodeIfPresent(Int.self, forKey: .editorRowsChange) ?? 0
        listHidden = try values.decodeIfPresent(Bool.self, forKey: .listHidden) ?? false
        zoomed = try values.decodeIfPresent(Bool.self, forKey: .zoomed) ?? false
        softWrap = try values.decodeIfPresent(Bool.self, forKey: .softWrap) ?? false
    }
}

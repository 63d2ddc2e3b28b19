// libFuzzer target: a `theme.yaml` read by `ThemeFile.parse` (the TUI's reader and colour types, compiled in: they
// need no ncurses), and each of its lines as a colour (`ThemeFile.color`). Traps when a refusal does not name the
// file, a colour is taken from text that is not one the file format allows (#rrggbb, digits, a name, bright-name,
// default), a colour written back does not read as itself, or a palette read, written back as a theme file with
// every role, does not read as the same palette.
import Foundation

private let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzThemeFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for line in text.split(separator: "\n").prefix(16) { checkColor(String(line)) }
    switch ThemeFile.parse(text, path: "theme.yaml") {
    case .failure(let problem):
        if !problem.message.hasPrefix("theme.yaml") { fatalError("\(problem.message) does not name the file") }
    case .success(let palette):
        var written = "colors:\n"
        for role in Palette.roles { written += "  \(role.name): \"\(write(palette[keyPath: role.path]))\"\n" }
        guard case .success(let again) = ThemeFile.parse(written, path: "theme.yaml"), again == palette else {
            fatalError("the palette written back as\n\(written)reads otherwise")
        }
    }
    return 0
}

/// A colour is read only from what the format allows, and reads back from how it is written.
private func checkColor(_ text: String) {
    guard let color = ThemeFile.color(text) else { return }
    let canonical = text.trimmingCharacters(in: .whitespaces).lowercased()
    let digits = canonical.unicodeScalars
    let allowed =
        canonical == "default" || names.contains(canonical) || names.map({ "bright-" + $0 }).contains(canonical)
        || (!digits.isEmpty && digits.allSatisfy { ("0"..."9").contains($0) })
        || (digits.count == 7 && canonical.hasPrefix("#")
            && digits.dropFirst().allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) })
    if !allowed { fatalError("\(text.debugDescription) read as the colour \(color)") }
    if ThemeFile.color(write(color)) != color { fatalError("\(color) written \(write(color)) reads otherwise") }
}

/// How a theme file writes `color`.
private func write(_ color: Style.Color) -> String {
    switch color {
    case .terminal: "default"
    case .indexed(let index): "\(index)"
    case .rgb(let red, let green, let blue): "#" + [red, green, blue].map { String(format: "%02x", $0) }.joined()
    }
}

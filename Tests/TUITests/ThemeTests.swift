import Foundation
import Testing

@testable import TUI

/// Built-in themes, the theme file (located errors, the default theme when it is wrong), colours fitted to the
/// terminal, and the config's `mouse:` and `theme:`.
@Suite("Themes and settings")
struct ThemeTests {
    @Test("a theme file starts from its base and changes the roles it names (#rrggbb, an index, a name)")
    func themeFile() throws {
        let text = """
            base: light
            colors:
              accent: "#5fafff"
              get: 34
              error: bright-red
              border: default
            """
        let palette = try ThemeFile.parse(text, path: "/t/theme.yaml").get()
        #expect(palette.accent == .rgb(0x5F, 0xAF, 0xFF))
        #expect(palette.get == .indexed(34))
        #expect(palette.error == .indexed(9))
        #expect(palette.border == .terminal)
        #expect(palette.post == Palette.light.post)
    }

    @Test(
        "a wrong theme file is refused with file, line and column",
        arguments: [
            ("colors:\n  accent: chartreuse\n", "/t/theme.yaml:2:11: colors.accent: `chartreuse` is not a colour"),
            ("colors:\n  acent: red\n", "/t/theme.yaml:2:3: unknown colour role `acent`"),
            ("base: sepia\n", "/t/theme.yaml:1:7: base must be one of dark, light, high-contrast"),
            ("colours: {}\n", "/t/theme.yaml:1:1: unknown key `colours`"),
            ("colors: [red\n", "/t/theme.yaml: not YAML"),
            ("colors:\n  get: 256\n", "/t/theme.yaml:2:8: colors.get: `256` is not a colour"),
            // Fuzzed: Int's parser took a sign, so "#-00001" was white and "+5" magenta.
            ("colors:\n  get: \"#-00001\"\n", "/t/theme.yaml:2:8: colors.get: `#-00001` is not a colour"),
            ("colors:\n  get: \"#+12345\"\n", "/t/theme.yaml:2:8: colors.get: `#+12345` is not a colour"),
            ("colors:\n  get: \"+5\"\n", "/t/theme.yaml:2:8: colors.get: `+5` is not a colour"),
        ])
    func located(text: String, expected: String) {
        guard case .failure(let problem) = ThemeFile.parse(text, path: "/t/theme.yaml") else {
            Issue.record("expected a refusal")
            return
        }
        #expect(problem.message.hasPrefix(expected), "\(problem.message)")
    }

    @Test("a broken theme file on disk gives the default theme and the located problem; none gives the named one")
    func onDisk() throws {
        let home = NSTemporaryDirectory() + "apix-theme-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: home) }
        let environment = ["XDG_CONFIG_HOME": home]
        let light = ThemeFile.palette(named: "light", environment: environment)
        #expect(light.palette == .light && light.problem == nil)
        try FileManager.default.createDirectory(atPath: home + "/apix", withIntermediateDirectories: true)
        try "colors:\n  ok: nope\n".write(toFile: home + "/apix/theme.yaml", atomically: true, encoding: .utf8)
        let broken = ThemeFile.palette(named: "light", environment: environment)
        #expect(broken.palette == .dark)
        #expect(broken.problem?.hasPrefix(home + "/apix/theme.yaml:2:7:") == true)
        #expect(broken.problem?.hasSuffix("using the default theme") == true)
    }

    @Test("colours are fitted to the terminal: direct colour kept, else the nearest of 256, 16 or 8")
    func fitting() {
        let orange = Style.Color.rgb(255, 135, 0)
        #expect(orange.fitted(to: .init(colors: 1 << 24)) == orange)
        #expect(orange.fitted(to: .init(colors: 256)) == .indexed(208))
        #expect(orange.fitted(to: .init(colors: 8)) == .yellow || orange.fitted(to: .init(colors: 8)) == .red)
        #expect(Style.Color.indexed(25).fitted(to: .init(colors: 256)) == .indexed(25))
        #expect(Style.Color.indexed(196).fitted(to: .init(colors: 8)) == .red)
        #expect(Style.Color.indexed(9).fitted(to: .init(colors: 16)) == .indexed(9))
        #expect(Style.Color.cyan.fitted(to: .init(colors: 8)) == .cyan)
        #expect(Style.Color.terminal.fitted(to: .init(colors: 8)) == .terminal)
        #expect(orange.cursesNumber == 0xFF8700)
    }

    @Test("every built-in theme draws; without colour (NO_COLOR) every theme is the same attributes")
    func builtIns() {
        let state = Fixtures.smallState()
        for name in Theme.builtInNames {
            let palette = Theme.builtIn(name)!
            let colored = Screen.render(state, theme: Theme(colors: true, palette: palette))
            #expect(colored.text == Screen.render(state, theme: .monochrome).text)
        }
        #expect(Theme.builtIn("sepia") == nil)
        #expect(Theme(colors: false, palette: .highContrast).border == Theme.monochrome.border)
        #expect(Theme(colors: true, palette: .highContrast).border.foreground == .indexed(15))
    }

    @Test("the config's mouse: and theme: are read, wrong values named with their place, other keys left alone")
    func settings() {
        let read = TUISettings.parse(
            "history:\n  enabled: false\nmouse: false\ntheme: high-contrast\n", path: "/c.yaml")
        #expect(read.settings.mouse == false && read.settings.theme == "high-contrast" && read.warnings.isEmpty)
        let wrong = TUISettings.parse("mouse: sometimes\ntheme: neon\n", path: "/c.yaml")
        #expect(wrong.settings == TUISettings())
        #expect(
            wrong.warnings == [
                "/c.yaml:1:8: mouse must be true or false",
                "/c.yaml:2:8: theme must be one of dark, light, high-contrast",
            ])
    }
}

import ExplorerCore
import Foundation

/// Copies text for the user two ways at once: OSC 52 to the terminal (most terminal emulators, and tmux with
/// `set-clipboard on`, put it on the system clipboard, even over ssh), and `wl-copy` or `xclip` when on `PATH`
/// with their display (Wayland, X11). The status bar says which were used (`.copied`).
package enum Clipboard {
    /// What to copy: text as is, or a response's body (read off the main actor, from memory or its file).
    package enum Clip: Sendable {
        case text(String, what: String)
        case body(Response)
    }

    /// The most bytes copied: OSC 52 carries the text in the terminal's input, which terminals cap (xterm at about
    /// 100 KB of base64 by default); past it the body is better written with `w`.
    static let maxBytes = 1 << 20

    /// `ESC ] 52 ; c ; BASE64 BEL`: put `text` on the clipboard.
    static func osc52(_ text: String) -> [UInt8] {
        Array("\u{1B}]52;c;\(Data(text.utf8).base64EncodedString())\u{07}".utf8)
    }

    /// The clipboard programs to run: `wl-copy` under Wayland and `xclip` under X11, when found on `PATH`.
    static func tools(environment: [String: String]) -> [(name: String, path: String, arguments: [String])] {
        var tools: [(name: String, path: String, arguments: [String])] = []
        if environment["WAYLAND_DISPLAY"] != nil, let path = find("wl-copy", environment: environment) {
            tools.append((name: "wl-copy", path: path, arguments: []))
        }
        if environment["DISPLAY"] != nil, let path = find("xclip", environment: environment) {
            tools.append((name: "xclip", path: path, arguments: ["-selection", "clipboard"]))
        }
        return tools
    }

    static func find(_ name: String, environment: [String: String]) -> String? {
        for directory in (environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Copies `clip`: the OSC 52 sequence through `backend`, then the programs off the main actor; the result
    /// comes back as `.copied`.
    @MainActor
    static func copy(_ clip: Clip, on backend: any TerminalBackend, inbox: Inbox) {
        Task { @MainActor in
            let (text, what, error) = await Task.detached { resolve(clip) }.value
            guard let text else {
                inbox.post(.copied(what: what, via: [], error: error))
                return
            }
            backend.writeControlSequence(osc52(text))
            let environment = ProcessInfo.processInfo.environment
            let used = await Task.detached {
                tools(environment: environment).filter { run($0.path, $0.arguments, input: text) }.map(\.name)
            }.value
            inbox.post(.copied(what: what, via: ["OSC 52"] + used, error: nil))
        }
    }

    /// The text to copy, what it is, or why there is none.
    private static func resolve(_ clip: Clip) -> (text: String?, what: String, error: String?) {
        switch clip {
        case .text(let text, let what):
            guard text.utf8.count <= maxBytes else {
                return (nil, what, "too large to copy (\(Units.bytes(Int64(text.utf8.count))))")
            }
            return (text, what, nil)
        case .body(let response):
            guard response.body.count <= Int64(maxBytes) else {
                let size = Units.bytes(response.body.count)
                return (nil, "the body", "too large to copy (\(size)); w writes it to a file")
            }
            guard let data = try? response.body.data() else { return (nil, "the body", "cannot read the body") }
            return (String(decoding: data, as: UTF8.self), "the body", nil)
        }
    }

    /// Runs a clipboard program with `input` on its standard input; true when it took all of it and succeeded within
    /// 2 s.
    static func run(_ path: String, _ arguments: [String], input: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardInput = pipe
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return false }
        let deadline = Date().addingTimeInterval(2)
        // A program that exits without reading, or stops reading, neither ends apix (SIGPIPE) nor holds it.
        let failed = DescriptorWriter.hearingBrokenPipe {
            Data(input.utf8).withUnsafeBytes {
                DescriptorWriter.writeAll($0, to: pipe.fileHandleForWriting.fileDescriptor) { Date() >= deadline }
            }
        }
        try? pipe.fileHandleForWriting.close()
        if failed != nil {
            if process.isRunning { process.terminate() }
            return false
        }
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            return false
        }
        return process.terminationStatus == 0
    }
}

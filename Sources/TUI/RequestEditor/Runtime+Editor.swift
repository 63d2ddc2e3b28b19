import ExplorerCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Editing a body in the user's editor (`$VISUAL`, else `$EDITOR`, from the environment the runtime was given),
/// with the terminal given back meanwhile.
extension Runtime {

    /// Opens the body in `$VISUAL` / `$EDITOR` with curses suspended; without one, the built-in editor.
    func editBody(_ key: EndpointKey, text: String) {
        guard let editor = (environment["VISUAL"] ?? environment["EDITOR"]).flatMap({ $0.isEmpty ? nil : $0 }) else {
            apply(.builtInEditorRequested(key, text: text))
            return
        }
        let file: EditorFile
        switch EditorFile.make(text) {
        case .success(let made): file = made
        case .failure(let error):
            apply(.externalEditorFinished(key, text: nil, error: "cannot write the body for the editor: \(error)"))
            return
        }
        defer { file.remove() }
        let path = file.path
        backend.suspend()
        let status = Self.runEditor(editor, path: path)
        backend.resume()
        guard status == 0, let edited = FileManager.default.contents(atPath: path) else {
            log.write("editor `\(editor)` exited with status \(status)")
            apply(.externalEditorFinished(key, text: nil, error: "the editor exited with status \(status)"))
            return
        }
        var result = String(decoding: edited, as: UTF8.self)
        if result.hasSuffix("\n") && !text.hasSuffix("\n") { result.removeLast() }
        apply(.externalEditorFinished(key, text: result, error: nil))
        render()
    }

    /// Runs `editor path` through the shell (so `EDITOR="code -w"` works) and waits for it. The editor starts
    /// with clean signal handling (`SpawnAttributes`).
    nonisolated static func runEditor(_ editor: String, path: String) -> Int32 {
        let arguments = ["/bin/sh", "-c", editor + " \"$1\"", "sh", path]
        var pid: pid_t = 0
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let spawned = SpawnAttributes.with { posix_spawn(&pid, "/bin/sh", nil, $0, argv, environ) }
        guard spawned == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}

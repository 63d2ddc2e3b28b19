import ExplorerCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The programs built and installed beside `apix` that carry what `apix` itself does not link: `apix-demo` (the
/// demo API, on Hummingbird and SwiftNIO) and `apix-openapi` (the OpenAPI importer, on OpenAPIKit). Keeping them
/// apart keeps `apix` small, and start-up is most of the cost of a small `apix run`.
enum SiblingExecutable {
    /// The sibling's path: the directory of the running `apix` (links resolved), then the name.
    static func path(_ name: String) throws -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let own =
            count > 0
            ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            : CommandLine.arguments[0]
        let path = (URL(fileURLWithPath: own).resolvingSymlinksInPath().deletingLastPathComponent().path as NSString)
            .appendingPathComponent(name)
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw CLIFailure(
                .usage, "\(name) is missing beside apix (looked for \(path)); `swift build` (or `make demo`) builds it")
        }
        return path
    }

    /// Becomes the sibling (same process id, same standard streams); returns only by throwing.
    static func exec(_ name: String, arguments: [String]) throws -> Never {
        let executable = try path(name)
        // exec keeps the calling thread's blocked signals and ignored dispositions: give the sibling clean ones.
        var none = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, nil)
        for number in SpawnAttributes.resetSignals { signal(number, SIG_DFL) }
        let argv = ([name] + arguments).map { strdup($0) } + [nil]
        execv(executable, argv)
        let reason = String(cString: strerror(errno))
        throw CLIFailure(.usage, "cannot start \(executable): \(reason)")
    }
}

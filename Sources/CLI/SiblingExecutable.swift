import ExplorerCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The programs built and installed with `apix` that carry what `apix` itself does not link: `apix-demo` (the
/// demo API, on Hummingbird and SwiftNIO) and `apix-openapi` (the OpenAPI importer, on OpenAPIKit). Keeping them
/// apart keeps `apix` small, and start-up is most of the cost of a small `apix run`.
///
/// They are looked for beside `apix` (the build tree, `.build/debug` or `.build/release`), then in `../lib/apix/`
/// from its directory: the installed layout (`PREFIX/bin/apix`, `PREFIX/lib/apix/apix-demo`), where helper programs
/// that users do not run themselves stay off `PATH` (FHS).
enum SiblingExecutable {
    /// The sibling's path: the first executable among `candidates(name:)`.
    static func path(_ name: String) throws -> String {
        let candidates = candidates(name, besides: ownDirectory())
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw CLIFailure(
                .usage,
                "\(name) is missing beside apix (looked for \(candidates.joined(separator: " and "))); "
                    + "`swift build` (or `make demo`) builds it")
        }
        return found
    }

    /// Where `name` may be, in order, for an `apix` in `directory`: beside it, then in `../lib/apix/`.
    static func candidates(_ name: String, besides directory: String) -> [String] {
        let beside = (directory as NSString).appendingPathComponent(name)
        let installed =
            (((directory as NSString).deletingLastPathComponent as NSString)
            .appendingPathComponent("lib/apix") as NSString).appendingPathComponent(name)
        return [beside, installed]
    }

    /// The directory of the running program, links resolved (a `/usr/local/bin/apix` linked to a tarball's
    /// `bin/apix` finds the tarball's helpers).
    static func ownDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let own =
            count > 0
            ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            : CommandLine.arguments[0]
        return URL(fileURLWithPath: own).resolvingSymlinksInPath().deletingLastPathComponent().path
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

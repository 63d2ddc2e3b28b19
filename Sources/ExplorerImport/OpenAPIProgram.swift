import CollectionImport
import ExplorerCore
import Foundation

/// `apix-openapi SPEC --profiles DIR [--name ID] [--force | --merge]`: the OpenAPI importer as a program of its own,
/// so `apix` links no OpenAPIKit. `apix import openapi` parses and documents the options, then becomes this program
/// (exec): messages and exit statuses are the ones `apix` gives (2 usage, 3 profile).
///
/// A function of the library rather than the program's top-level code, so the packaged helper program
/// (`apix-helpers`, `make dist`) can be this program and `apix-demo` in one binary.
public enum OpenAPIProgram {
    /// Imports the document; the exit status.
    public static func main(_ arguments: [String]) -> Int32 {
        do {
            try importDocument(arguments)
            return 0
        } catch let failure as ImportFailure {
            writeError(failure.message)
            return failure.status
        } catch {
            writeError("\(error)")
            return 1
        }
    }

    /// A message for stderr and the exit status that goes with it.
    struct ImportFailure: Error {
        var status: Int32
        var message: String

        static func usage(_ message: String) -> ImportFailure { ImportFailure(status: 2, message: message) }
    }

    struct Arguments {
        var spec: String
        var directory: String
        var name: String?
        var force: Bool
        var merge: Bool
    }

    static func parse(_ arguments: [String]) throws -> Arguments {
        var spec: String?
        var directory: String?
        var name: String?
        var force = false
        var merge = false
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--profiles": directory = rest.popFirst()
            case "--name": name = rest.popFirst()
            case "--force": force = true
            case "--merge": merge = true
            default:
                guard spec == nil, !argument.hasPrefix("--") else {
                    throw ImportFailure.usage("unexpected \(argument)")
                }
                spec = argument
            }
        }
        guard let spec else {
            throw ImportFailure.usage("usage: apix import openapi SPEC [--name ID] [--force | --merge]")
        }
        guard !(force && merge) else { throw ImportFailure.usage("--force and --merge: choose one") }
        return Arguments(
            spec: spec, directory: ProfileSearchPath.directory(explicit: directory), name: name, force: force,
            merge: merge)
    }

    static func writeError(_ line: String) {
        FileHandle.standardError.write(Data("apix: \(SafeText.escape(line))\n".utf8))
    }

    static func importDocument(_ arguments: [String]) throws {
        let parsed = try parse(arguments)
        let spec = parsed.spec
        guard let data = FileManager.default.contents(atPath: spec), let text = String(data: data, encoding: .utf8)
        else {
            throw ImportFailure.usage("cannot read \(spec)")
        }
        var imported: OpenAPIImport
        do {
            imported = try OpenAPIImporter.makeProfile(text: text, id: parsed.name, file: "")
        } catch {
            throw ImportFailure.usage("\(spec): \(error.message)")
        }
        let written: ProfileImportWriter.Written
        do {
            written = try ProfileImportWriter.write(
                &imported, source: (spec as NSString).lastPathComponent, directory: parsed.directory,
                force: parsed.force,
                merge: parsed.merge)
        } catch {
            throw ImportFailure(status: error.profileProblem ? 3 : 2, message: error.message)
        }
        let report = ImportReport(imported, written: written)
        for message in report.messages { writeError(message) }
        print(report.result)
    }
}

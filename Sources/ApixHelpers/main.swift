import DemoAPI
import ExplorerImport
import Foundation

// `apix-helpers`: `apix-demo` and `apix-openapi` in one program, for the packages only (`make dist`). Each helper
// links its own copy of the Swift runtime and Foundation (some 28 MB each, stripped); installed as one file with
// `lib/apix/apix-demo` and `lib/apix/apix-openapi` linked to it, they keep one. `apix` runs a helper by its name
// (`SiblingExecutable` passes it as argv[0]), and the name chooses. The build tree keeps the two programs apart.
let arguments = Array(CommandLine.arguments.dropFirst())
switch (CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent }) {
case "apix-demo":
    exit(await DemoProgram.main(arguments))
case "apix-openapi":
    exit(OpenAPIProgram.main(arguments))
default:
    FileHandle.standardError.write(Data("apix-helpers: run as apix-demo or apix-openapi (apix does)\n".utf8))
    exit(2)
}

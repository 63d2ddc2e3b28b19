import ExplorerImport
import Foundation

// `apix-openapi`: the OpenAPI importer as a program (`OpenAPIProgram` says how `apix import openapi` runs it).
exit(OpenAPIProgram.main(Array(CommandLine.arguments.dropFirst())))

import DemoAPI
import Foundation

// `apix-demo`: the demo API as a program (`DemoProgram` says how `apix demo` runs it).
exit(await DemoProgram.main(Array(CommandLine.arguments.dropFirst())))

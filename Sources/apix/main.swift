import CLI
import Foundation

// Everything lives in the CLI module (testable, benchmarkable); this file only maps the result to an exit status.
// `--version` and shell completions are answered before the first `await`, which starts the async runtime.
if ApixCLI.answeredVersion(CommandLine.arguments.dropFirst()) { exit(0) }
if let status = ApixCLI.completionStatus(CommandLine.arguments.dropFirst()) { exit(status) }
if ApixCLI.recordedHandedOverHistory(CommandLine.arguments.dropFirst()) { exit(0) }
let status = await ApixCLI.main(handsHistoryOver: true)
exit(status)

import CLI
import Foundation

// Everything lives in the CLI module (testable, benchmarkable); this file only maps the result to an exit status.
// `--version` and shell completions are answered before the first `await`, which starts the async runtime.
// A parent may start apix with SIGPIPE ignored (systemd's services, some test runners and CI agents), and the ignore
// outlives exec: `apix run … | head` then never ended, its writes failing unheard. The default makes apix end as any
// filter does when its reader goes away; writes to a file the user named hear the broken pipe instead
// (`DescriptorWriter.hearingBrokenPipe`: a located error, exit 23), and sockets are written with MSG_NOSIGNAL.
signal(SIGPIPE, SIG_DFL)
if ApixCLI.answeredVersion(CommandLine.arguments.dropFirst()) { exit(0) }
if let status = ApixCLI.completionStatus(CommandLine.arguments.dropFirst()) { exit(status) }
if ApixCLI.recordedHandedOverHistory(CommandLine.arguments.dropFirst()) { exit(0) }
let status = await ApixCLI.main(handsHistoryOver: true)
exit(status)

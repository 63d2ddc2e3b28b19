import Foundation
import CLI

// Everything lives in the TUI module (testable, benchmarkable); this file only maps the result to an exit status.
let status = await ApixCLI.main()
exit(status)

import Foundation

// rulegen: the RichRules compiler's command line. See `rulegen --help`.
let status = CommandLineTool.run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)

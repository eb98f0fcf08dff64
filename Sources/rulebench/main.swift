import Foundation

// rulebench: compiled matcher vs NSRegularExpression vs Swift Regex. See `rulebench --help`.
// Run it in release: `swift run -c release rulebench`.

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == Adversarial.subcommand {
    exit(Adversarial.runChild(Array(arguments.dropFirst())))
}
if arguments.first == Throughput.subcommand {
    exit(Throughput.runChild(Array(arguments.dropFirst())))
}
if arguments.first == ResidentTables.subcommand {
    exit(ResidentTables.runChild(Array(arguments.dropFirst())))
}
if arguments.first == Hostile.subcommand {
    exit(Hostile.runChild(Array(arguments.dropFirst())))
}

do {
    guard let options = try Options.parse(arguments) else {
        print(Options.help, terminator: "")
        exit(0)
    }
    if let workload = options.profile {
        try Benchmark(options: options).profile(workload)
        exit(0)
    }
    let report = try Benchmark(options: options).run()
    print(options.json ? report.json.pretty : report.table, terminator: options.json ? "\n" : "")
    if !report.disagreeingWorkloads.isEmpty {
        let names = report.disagreeingWorkloads.joined(separator: ", ")
        FileHandle.standardError.write(Data("rulebench: the compiled and reference engines disagree on \(names)\n".utf8))
        exit(4)
    }
    if options.check, let failure = report.hostileFailure(expected: options.runs("hostile")) {
        FileHandle.standardError.write(Data("rulebench: \(failure)\n".utf8))
        exit(1)
    }
} catch let error as Options.UsageError {
    FileHandle.standardError.write(Data("Error: \(error.message)\nUsage: \(Options.usage)\n".utf8))
    exit(2)
} catch {
    // Exit codes as rulegen's: 1 errors in a spec, 3 files that cannot be found or written.
    FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
    switch error {
    case SpecError.notFound, SpecError.io: exit(3)
    default: exit(1)
    }
}

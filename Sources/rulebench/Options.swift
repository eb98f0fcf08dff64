/// Command-line options of `rulebench`.
struct Options {
    var json = false
    var quick = false
    var spec: String?
    /// `--profile <workload>`: render that workload once on the compiled engine and stop.
    var profile: String?
    /// `--only`: the sections to run (`nil`: all).
    var only: Set<String>?
    /// `--check`: exit 1 when a hostile input misses its bound or its expected counts.
    var check = false
    /// `--export DIR`: write each workload's texts and patterns there (`Exporter`).
    var export: String?

    func runs(_ section: String) -> Bool { only?.contains(section) ?? true }

    static let help = """
        OVERVIEW: Benchmark the compiled RichRules matcher against NSRegularExpression and Swift Regex.

        Seeded inputs: a ~1 MB mixed corpus and 10,000 labels run over the social spec; generated
        rule sets of 6, 25 and 100 regex rules on the corpus, and the 100-rule engine's init; five
        lookaround rules on the corpus (three on their DFA, two on their NFA); the feed spec
        (Specs/feed.richrules: URLs over the IANA TLD list, Unicode mentions and hashtags with
        lookaround boundaries, cashtags, emails, phones) on its own 1 MB corpus, 10,000 posts in
        several scripts and 10 MB of prose it does not match (feed_*); a 10 MB text
        without matches (utf8_scan_gbps) and one of 1,000,000 mentions (bytes_per_match, in a
        child process); adversarial patterns on growing inputs (each run in a child process with
        a time limit); hostile inputs with their bounds (cms nested 600 deep on 1 MB, hit tests
        and html() at depth 512, a fallback rule under its budget on 200 KB, a 40,000-letter
        host, html() of tappable containers at three sizes, 800,000 spaces in an image source,
        16 thrashing lazy rules on 8 threads, the HTML tree on 5.5 MB of hostile markup; each in
        a child process). Prints a table, or one
        JSON object.

        USAGE: rulebench [--json] [--quick] [--spec <path>] [--profile <workload>] [--only <sections>] [--check] [--export <dir>]

        OPTIONS:
          --json                  Print one JSON object on stdout instead of the table (progress goes to stderr).
          --quick                 A smoke test of a few seconds: small inputs, rule sets of 6 and 25 rules only,
                                  short time limits (its numbers are not comparable with a full run's).
          --spec <path>           Spec for the corpus and label runs (default: Specs/social.richrules,
                                  looked up from the current directory and its parents).
          --profile <workload>    Only render one workload (corpus, labels, rules6, rules25, rules100,
                                  lookaround, scan, feed-corpus, feed-labels, feed-scan; real-corpus,
                                  real-labels, real-scan: the --spec given on the feed inputs) once on the
                                  compiled engine and print the kept count: a
                                  steady run to count instructions with `valgrind --tool=callgrind`;
                                  corpus-floor and labels-floor render on candidates found beforehand
                                  (render_floor), labels-attributed builds attributedString() of
                                  rendered labels; `init` prints the 100-rule engine's init time, and the time
                                  StyleTable(jsonData:) takes to read and validate its table, instead.
          --only <sections>       Run only these sections, comma-separated (social, attributed, throughput,
                                  nesting, stream, hostile, rules, lookaround, feed, real, compile, adversarial): a
                                  partial report, for iterating on one of them. `real`: the public rule
                                  sets under Benchmarks/specs, as their authors wrote them.
          --check                 Exit 1 when a hostile input misses its bound or its expected counts
                                  (CI: `swift run -c release rulebench --only hostile --check`).
          --export <dir>          Also write each workload's texts, regex patterns and times to <dir>/<key>.json,
                                  for Benchmarks/peers.py (RE2 and Hyperscan on the same inputs).
          -h, --help              Show help information.

        Timed workloads render each text, then read what a label reads of the result (display
        text, each kept match's style and tap with its arguments), on every path alike. A
        workload on which the compiled and the reference engine disagree (kept matches,
        ranges, captures, display text and ranges, styles, taps and their arguments), or labels
        whose attributed strings differ from the ZLRichLabel-style baseline's, report no
        speed-up, and rulebench exits with status 4 after its report.

        """

    static let usage = "rulebench [--json] [--quick] [--spec <path>] [--profile <workload>] [--only <sections>] [--check] [--export <dir>]"
    static let sections: Set<String> = [
        "social", "attributed", "throughput", "nesting", "stream", "hostile", "rules", "lookaround", "feed", "real", "compile",
        "adversarial",
    ]

    struct UsageError: Error {
        var message: String
    }

    /// `nil` when help was asked for.
    static func parse(_ arguments: [String]) throws -> Options? {
        var options = Options()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "-h", "--help", "help": return nil
            case "--json": options.json = true
            case "--check": options.check = true
            case "--quick": options.quick = true
            case "--spec":
                guard let path = rest.popFirst(), !path.hasPrefix("--") else { throw UsageError(message: "--spec needs a path") }
                options.spec = path
            case "--profile":
                guard let workload = rest.popFirst(), Benchmark.profiles.contains(workload) else {
                    throw UsageError(message: "--profile needs one of " + Benchmark.profiles.joined(separator: ", "))
                }
                options.profile = workload
            case "--only":
                guard let list = rest.popFirst() else { throw UsageError(message: "--only needs sections") }
                let sections = Set(list.split(separator: ",").map(String.init))
                guard sections.isSubset(of: Self.sections) else {
                    throw UsageError(message: "--only takes " + Self.sections.sorted().joined(separator: ", "))
                }
                options.only = sections
            case "--export":
                guard let path = rest.popFirst(), !path.hasPrefix("--") else { throw UsageError(message: "--export needs a directory") }
                options.export = path
            case _ where argument.hasPrefix("--spec="):
                options.spec = String(argument.dropFirst("--spec=".count))
            default:
                throw UsageError(message: "unknown argument '\(argument)'")
            }
        }
        return options
    }
}

/// Input sizes, limits and repetitions of a full or a quick run.
struct Scale {
    var corpusBytes: Int
    var labelCount: Int
    var labelLength: Int
    /// Rule counts of the generated rule sets; the largest one's Swift is compiled.
    var ruleSets: [Int]
    var adversarialSizes: [Int]
    /// Seconds before an adversarial child is killed.
    var timeLimit: Double
    var policy: TimingPolicy
    var swiftRegexPolicy: TimingPolicy
    var compileRuns: Int
    /// UTF-16 sizes of the generated CMS documents (`NestingBench`): the last is 4× the first.
    var nestingSizes: [Int]
    /// UTF-8 bytes of the no-match text (`utf8_scan_gbps`) and mentions of the memory run.
    var scanBytes: Int
    var mentions: Int

    static let full = Scale(
        corpusBytes: 1 << 20, labelCount: 10_000, labelLength: 120, ruleSets: RuleSets.sizes,
        adversarialSizes: [20, 200, 2_000, 20_000],
        timeLimit: 3, policy: .full, swiftRegexPolicy: .fullSwiftRegex, compileRuns: 3, nestingSizes: [256 << 10, 1 << 20],
        scanBytes: 10_000_000, mentions: 1_000_000)
    /// No 100-rule set: compiling it and building its automata dominate a quick run in a
    /// debug build, so `rules100_over_rules6` and `generated_compile_seconds` are null.
    static let quick = Scale(
        corpusBytes: 32 << 10, labelCount: 200, labelLength: 120, ruleSets: [6, 25], adversarialSizes: [12, 120],
        timeLimit: 0.1, policy: .quick, swiftRegexPolicy: .quick, compileRuns: 1, nestingSizes: [16 << 10, 64 << 10],
        scanBytes: 1_000_000, mentions: 20_000)
}

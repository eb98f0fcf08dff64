import Foundation
import RuleAutomata
import RuleCompiler
@_spi(Generated) import RuleRuntime

/// Runs every measurement in order and collects them in a `Report`:
/// inputs → social spec (corpus, labels) → generated rule sets → adversarial patterns →
/// generated-code compile time.
struct Benchmark {
    /// Fixed so that every run measures the same inputs; below 2^53 so JSON keeps it exact.
    static let seed: UInt64 = 0x5EED_C0DE

    let options: Options
    var scale: Scale { options.quick ? .quick : .full }

    func log(_ message: String) {
        FileHandle.standardError.write(Data("rulebench: \(message)\n".utf8))
    }

    /// The workloads `--profile` renders.
    static let profiles = [
        "corpus", "labels", "corpus-floor", "labels-floor", "labels-attributed", "rules6", "rules25", "rules100", "lookaround", "init",
        "scan",
        "feed-corpus", "feed-labels", "feed-scan", "feed-init", "real-corpus", "real-labels", "real-scan",
    ]

    /// `--profile`: the inputs of a full run, one workload rendered once on the compiled
    /// engine (the kept count on stdout).
    func profile(_ workload: String) throws {
        var vocabularyRNG = SplitMix64(seed: Self.seed)
        let vocabulary = Vocabulary(rng: &vocabularyRNG)
        let table: StyleTable
        var texts: [String]
        if workload.hasPrefix("feed-") || workload.hasPrefix("real-") {
            // feed-corpus, feed-labels, feed-scan: the feed spec on its own inputs;
            // real-corpus, real-labels, real-scan: the spec given by --spec (a real set) on them.
            let path: String
            if workload.hasPrefix("real-") {
                guard let spec = options.spec else { throw SpecError.notFound("--spec for \(workload)") }
                path = spec
            } else {
                let social = try SpecFiles.locateSocialSpec(explicit: options.spec)
                guard let feed = FeedBench.specPath(besideSocial: social) else { throw SpecError.notFound("Specs/feed.richrules") }
                path = feed
            }
            let inputs = FeedBench.inputs(vocabulary: vocabulary, scale: .full)
            let kind = workload.drop { $0 != "-" }
            let texts = kind == "-labels" ? inputs.labels : [kind == "-scan" ? inputs.noMatch : inputs.corpus]
            let table = try SpecFiles.compile(path: path).table
            if workload == "feed-init" {
                let automata = AutomataBuilder.build(table).automata
                var made = 0
                for _ in 0..<20 where (makeEngine(table: table, automata: automata)) != nil { made += 1 }
                print(made)
                return
            }
            guard let engine = try Contestants(table: table).compiled else {
                throw SpecError.notFound("no compiled engine")
            }
            var kept = 0
            for text in texts { kept += readAsALabel(engine.render(text)) }
            print(kept)
            return
        }
        let floor = workload.hasSuffix("-floor")
        let attributed = workload.hasSuffix("-attributed")
        let workload = floor || attributed ? String(workload.prefix { $0 != "-" }) : workload
        if workload == "scan" {
            texts = [Throughput.noMatchText(utf8Bytes: Scale.full.scanBytes)]
        } else if workload == "labels" {
            var generator = TextGenerator(seed: Self.seed &+ 2, vocabulary: vocabulary)
            texts = generator.labels(count: Scale.full.labelCount, length: Scale.full.labelLength)
        } else {
            var generator = TextGenerator(seed: Self.seed &+ 1, vocabulary: vocabulary)
            texts = [generator.corpus(utf8Bytes: Scale.full.corpusBytes)]
        }
        /// The generated spec of `count` rules, compiled in a temporary directory.
        func generated(_ count: Int) throws -> CompiledSpec {
            let temp = FileManager.default.temporaryDirectory.appendingPathComponent("rulebench-\(getpid())")
            try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: temp) }
            return try SpecFiles.compile(text: RuleSets.spec(count: count, vocabulary: vocabulary), name: "p.richrules", in: temp)
        }
        if workload == "init" {
            let spec = try generated(100)
            let result = EngineInit.measure(table: spec.table, policy: .full)
            print(
                String(
                    format: "engine init, 100 rules: decode %.3f ms + build %.3f ms, %d bytes of base64", result.decode.median * 1000,
                    result.build.median * 1000, result.base64Bytes))
            // The same table as a server sends it: read and validated (patterns compiled by ICU).
            let json = try spec.table.jsonData()
            let start = ContinuousClock.now
            _ = try? StyleTable(jsonData: json)
            let first = (ContinuousClock.now - start).seconds
            let decode = TimingPolicy.full.measure { (try? StyleTable(jsonData: json))?.rules.count ?? 0 }
            print(
                String(
                    format: "table decode, 100 rules, %d bytes of JSON: first %.3f ms, then %.3f ms", json.count, first * 1000,
                    decode.median * 1000))
            return
        }
        if workload.hasPrefix("rules"), let count = Int(workload.dropFirst(5)) {
            table = try generated(count).table
        } else if workload == "lookaround" {
            let temp = FileManager.default.temporaryDirectory.appendingPathComponent("rulebench-\(getpid())")
            try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: temp) }
            table = try SpecFiles.compile(text: Self.lookaroundSpec, name: "lookaround.richrules", in: temp).table
        } else {
            table = try SpecFiles.compile(path: try SpecFiles.locateSocialSpec(explicit: options.spec)).table
        }
        guard let compiled = try Contestants(table: table).compiled else { throw SpecError.notFound("no compiled engine") }
        // `-floor`: the same texts on their candidates found beforehand (render_floor).
        let engine = floor ? RuleEngine(table: table, matcher: try ReplayMatcher(table: table, texts: texts)) : compiled
        var kept = 0
        if attributed {
            // `-attributed`: attributedString() of results rendered beforehand (the run count).
            let results = texts.map { engine.render($0) }
            for result in results { kept += result.attributedString().runs.count }
        } else {
            for text in texts { kept += readAsALabel(engine.render(text)) }
        }
        print(kept)
    }

    /// Rules with lookarounds as a chat or CMS spec writes them: three on the DFA (emoji,
    /// price, label), two on the NFA (a unit after a number, a word that is not "https").
    static let lookaroundSpec = #"""
        richrules 1
        rule emoji { match /(?<![\w:]):(?<name>[a-z_]+):(?![\w:])/  priority 5 }
        rule price { match /(?<=\$)\d+(?:\.\d\d)?/  priority 4 }
        rule label { match /\b\w+(?=:)/  priority 3 }
        rule size  { match /\d+(?=px\b|em\b)/  priority 2 }
        rule word  { match /\b(?!https\b)[a-z]{5}\b/  priority 1 }

        """#

    func run() throws -> Report {
        let started = ContinuousClock.now
        let scale = self.scale
        log("seed \(String(Self.seed, radix: 16, uppercase: true)), \(options.quick ? "quick" : "full") run")
        let temp = FileManager.default.temporaryDirectory.appendingPathComponent("rulebench-\(getpid())")
        try? FileManager.default.removeItem(at: temp)
        do { try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true) } catch {
            throw SpecError.io("cannot create \(temp.path): \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(at: temp) }

        // Inputs: one vocabulary, independent streams for corpus and labels.
        var vocabularyRNG = SplitMix64(seed: Self.seed)
        let vocabulary = Vocabulary(rng: &vocabularyRNG)
        var corpusGenerator = TextGenerator(seed: Self.seed &+ 1, vocabulary: vocabulary)
        let corpus = corpusGenerator.corpus(utf8Bytes: scale.corpusBytes)
        var labelGenerator = TextGenerator(seed: Self.seed &+ 2, vocabulary: vocabulary)
        let labels = labelGenerator.labels(count: scale.labelCount, length: scale.labelLength)

        var report = Report(seed: Self.seed, quick: options.quick, scale: scale)
        let exporter = try options.export.map(Exporter.init(path:))
        report.corpusUTF8 = corpus.utf8.count
        report.corpusUTF16 = corpus.utf16.count
        report.labelUTF16 = labels.reduce(0) { $0 + $1.utf16.count }
        report.labelCount = labels.count

        // The social spec on the corpus and on the labels.
        let specPath = try SpecFiles.locateSocialSpec(explicit: options.spec)
        let social = try SpecFiles.compile(path: specPath)
        report.specPath = specPath
        report.specCompileSeconds.append(("social", social.compileSeconds))
        let socialPaths = try Contestants(table: social.table)
        report.compiledAvailable = socialPaths.compiled != nil
        let corpusTitle = options.quick ? "corpus \(scale.corpusBytes >> 10) KB" : "corpus 1 MB"
        for workload in [
            Workload(key: "corpus", title: corpusTitle, texts: [corpus], ruleCount: social.table.rules.count),
            Workload(key: "labels", title: "labels \(grouped(labels.count))", texts: labels, ruleCount: social.table.rules.count),
        ] where options.runs("social") {
            log("\(workload.title) over \(specPath)")
            report.workloads.append(workload.run(socialPaths, scale: scale))
            try exporter?.write(report.workloads.last!, table: social.table)
        }
        if options.runs("attributed") {
            log(
                "labels as attributed strings: attributedString() vs the cheapest construction of the same strings; end to end vs NSRegularExpression"
            )
            report.attributedLabels = try AttributedLabels.measure(
                table: social.table, compiled: socialPaths.compiled, labels: labels, policy: scale.policy)
        }

        if options.runs("throughput") {
            log("no-match text of \(grouped(scale.scanBytes)) UTF-8 bytes; \(grouped(scale.mentions)) mentions in one text (child process)")
            report.throughput = Throughput.measure(
                compiled: socialPaths.compiled, specPath: specPath, scanBytes: scale.scanBytes, mentions: scale.mentions,
                policy: scale.policy)
            try exporter?.write(
                scan: "scan", text: Throughput.noMatchText(utf8Bytes: scale.scanBytes), table: social.table,
                seconds: report.throughput?.scan?.median)
        }

        if options.runs("nesting") {
            log("containers: Specs/cms.richrules on generated HTML (\(scale.nestingSizes.map(grouped).joined(separator: ", ")) units)")
            report.nesting = try NestingBench.measure(socialSpec: specPath, sizes: scale.nestingSizes, policy: scale.policy)
        }
        if options.runs("stream") {
            log("streaming: Specs/chat.richrules and Specs/feed.richrules on a 20 KB answer in 1-, 4- and 16-unit pieces")
            report.stream = try StreamBench.measure(
                specDirectory: URL(fileURLWithPath: specPath).deletingLastPathComponent().path, policy: scale.policy, quick: options.quick)
        }
        let cmsSpec = URL(fileURLWithPath: specPath).deletingLastPathComponent().appendingPathComponent("cms.richrules").path
        if options.runs("hostile"), FileManager.default.fileExists(atPath: cmsSpec) {
            log(
                "hostile inputs: deep nesting, hit tests, html() and accessibility at depth 512, a fallback rule on 200 KB, a 40,000-letter host, "
                    + "html() of tappable containers, 800,000 spaces in an image source (child processes)"
            )
            report.hostile = Hostile.measure(cmsSpec: cmsSpec)
        }

        // Generated rule sets on the corpus.
        var largest: CompiledSpec?
        for count in scale.ruleSets where options.runs("rules") || (options.runs("compile") && count == scale.ruleSets.max()) {
            let text = RuleSets.spec(count: count, vocabulary: vocabulary)
            let spec = try SpecFiles.compile(text: text, name: "rules\(count).richrules", in: temp)
            report.specCompileSeconds.append(("rules\(count)", spec.compileSeconds))
            log("rulegen lint on the \(count)-rule spec (conflict analysis)")
            let lint = SpecFiles.lint(path: spec.path)
            report.lint.append(.init(rules: count, seconds: lint.seconds, diagnostics: lint.diagnostics))
            if count == scale.ruleSets.max() {
                largest = spec
                log("engine init of the \(count)-rule set: decoding the embedded automata, RuleEngine(generated:automata:)")
                report.engineInit = EngineInit.measure(table: spec.table, policy: scale.policy)
                log("resident tables of the \(count)-rule engine (child process)")
                report.residentTables = ResidentTables.measure(specPath: spec.path)
            }
            guard options.runs("rules") else { continue }
            log("\(count) generated rules on the corpus")
            let workload = Workload(key: "rules\(count)", title: "\(count) rules, corpus", texts: [corpus], ruleCount: count)
            report.workloads.append(workload.run(try Contestants(table: spec.table), scale: scale))
            try exporter?.write(report.workloads.last!, table: spec.table)
        }

        // Lookarounds: one-code-point ones keep the DFA and the shared scan, longer
        // ones and `\X` run on their rule's NFA; before, every such rule ran on ICU.
        if options.runs("lookaround") {
            let lookaround = try SpecFiles.compile(text: Self.lookaroundSpec, name: "lookaround.richrules", in: temp)
            report.specCompileSeconds.append(("lookaround", lookaround.compileSeconds))
            log("lookaround rules on the corpus")
            report.workloads.append(
                Workload(key: "lookaround", title: "lookarounds, corpus", texts: [corpus], ruleCount: lookaround.table.rules.count)
                    .run(try Contestants(table: lookaround.table), scale: scale))
            try exporter?.write(report.workloads.last!, table: lookaround.table)
        }

        // The feed spec: a real rule set on posts in several scripts.
        if options.runs("feed"), let feedPath = FeedBench.specPath(besideSocial: specPath) {
            let feedSpec = try SpecFiles.compile(path: feedPath)
            report.specCompileSeconds.append(("feed", feedSpec.compileSeconds))
            let feedPaths = try Contestants(table: feedSpec.table)
            let (feedCorpus, feedLabels, feedNoMatch) = FeedBench.inputs(vocabulary: vocabulary, scale: scale)
            let rules = feedSpec.table.rules.count
            for workload in [
                Workload(key: "feed_corpus", title: "feed, corpus", texts: [feedCorpus], ruleCount: rules, swiftRegex: false),
                Workload(
                    key: "feed_labels", title: "feed, \(grouped(feedLabels.count)) posts", texts: feedLabels, ruleCount: rules,
                    swiftRegex: false),
            ] {
                log("\(workload.title) over \(feedPath)")
                report.workloads.append(workload.run(feedPaths, scale: scale))
                try exporter?.write(report.workloads.last!, table: feedSpec.table)
            }
            log("feed: no-match text of \(grouped(feedNoMatch.utf8.count)) UTF-8 bytes")
            report.feed = FeedBench.measure(compiled: feedPaths.compiled, noMatch: feedNoMatch, policy: scale.policy)
            try exporter?.write(scan: "feed_scan", text: feedNoMatch, table: feedSpec.table, seconds: report.feed?.scan?.median)
        }

        // Public rule sets as their authors wrote them, on the feed spec's posts.
        let realPaths = options.runs("real") ? RealSpecs.specPaths(besideSocial: specPath) : []
        if !realPaths.isEmpty {
            let (corpus, labels, noMatch) = FeedBench.inputs(vocabulary: vocabulary, scale: scale)
            for path in realPaths {
                let name = RealSpecs.name(ofSpec: path)
                let spec = try SpecFiles.compile(path: path)
                report.specCompileSeconds.append((name, spec.compileSeconds))
                let contestants = try Contestants(table: spec.table)
                let rules = spec.table.rules.count
                for workload in [
                    Workload(
                        key: RealSpecs.key(name, "corpus"), title: "\(name), corpus", texts: [corpus], ruleCount: rules, swiftRegex: false),
                    Workload(
                        key: RealSpecs.key(name, "labels"), title: "\(name), \(grouped(labels.count)) posts", texts: labels,
                        ruleCount: rules,
                        swiftRegex: false),
                ] {
                    log("\(workload.title) over \(path)")
                    report.workloads.append(workload.run(contestants, scale: scale))
                    try exporter?.write(report.workloads.last!, table: spec.table)
                }
                log("\(name): no-match text of \(grouped(noMatch.utf8.count)) UTF-8 bytes; each rule alone on the corpus")
                let result = RealSpecs.measure(
                    name: name, specPath: path, compiled: contestants.compiled, corpus: corpus, noMatch: noMatch, policy: scale.policy)
                for rule in result.rules {
                    log("  \(rule.name): \(rule.path), \(rule.share.map { String(format: "%.0f %%", $0 * 100) } ?? "n/a") of the time")
                }
                try exporter?.write(scan: RealSpecs.key(name, "scan"), text: noMatch, table: spec.table, seconds: result.scan?.median)
                report.realSpecs.append(result)
            }
        }

        // One-rule specs of pathological patterns through rulegen's compile, lint and emit.
        if options.runs("compile") {
            log("rulegen on \(RuleCompileTime.patterns.count) pathological one-rule specs (\(Report.configuration) build)")
            report.ruleCompile = try RuleCompileTime.measure(in: temp)
        }

        // Adversarial patterns, each engine in child processes.
        for index in Adversarial.patterns.indices {
            let path = temp.appendingPathComponent(Adversarial.specName(pattern: index))
            try Adversarial.spec(pattern: index).write(to: path, atomically: true, encoding: .utf8)
        }
        for (index, pattern) in Adversarial.patterns.enumerated() where options.runs("adversarial") {
            log("adversarial \(pattern) on \(scale.adversarialSizes.map(String.init).joined(separator: ", ")) characters")
            var row = Report.AdversarialRow(pattern: pattern, sizes: scale.adversarialSizes)
            for engine in Adversarial.Engine.allCases {
                let outcomes: [Adversarial.Outcome]
                if engine == .compiled, !report.compiledAvailable {
                    outcomes = scale.adversarialSizes.map { _ in .unavailable("makeCompiledEngine returned nil") }
                } else {
                    outcomes = Adversarial.series(
                        engine: engine, pattern: index, sizes: scale.adversarialSizes, specDirectory: temp.path,
                        limit: scale.timeLimit)
                }
                row.outcomes[engine] = outcomes
            }
            report.adversarial.append(row)
        }

        // Debug build of the generated Swift of the largest rule set (100 rules in a full run).
        if let largest, options.runs("compile") {
            let rules = largest.table.rules.count
            log("swiftc -Onone on the generated Swift of the \(rules)-rule set")
            report.generatedCompile = GeneratedCompile.measure(
                table: largest.table, specPath: largest.path, in: temp, runs: scale.compileRuns)
        }
        report.elapsedSeconds = (ContinuousClock.now - started).seconds
        log("done in \(formatSeconds(report.elapsedSeconds))")
        return report
    }
}

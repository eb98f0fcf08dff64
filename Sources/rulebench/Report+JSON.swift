import Foundation

/// The `--json` form of a report: the summary keys first (`null` where a value cannot be
/// computed), then the inputs and the raw seconds of every measurement.
extension Report {
    var json: JSON {
        var fields: [(String, JSON)] = [
            ("tool", .string("rulebench")),
            ("format_version", .int(1)),
            ("seed", .int(Int(seed))),
            ("cores", .int(cores)),
            ("quick", .bool(quick)),
            ("configuration", .string(Self.configuration)),
        ]
        fields += targets.map { ($0.key, .number($0.value)) }
        fields += [
            ("targets", .object(targets.map { ($0.key, $0.threshold == nil ? .null : .string($0.text)) })),
            ("targets_met", .object(targets.map { ($0.key, .bool($0.met)) })),
            ("compiled_available", .bool(compiledAvailable)),
            ("elapsed_seconds", .number(elapsedSeconds)),
            ("inputs", inputsJSON),
            (
                "paths",
                .object([
                    (
                        "compiled",
                        .string("engine.render on the compiled matcher: matches with starts and captures, resolution, result records")
                    ),
                    ("icu", .string("engine.render on RuleEngine(reference:): one NSRegularExpression per rule, compiled once")),
                    ("render_floor", .string("engine.render on candidates found beforehand: resolution and records without matching")),
                    (
                        "swift_regex",
                        .string("raw matching only: Regex compiled once, matches(of:) per regex rule, Unicode-scalar semantics")
                    ),
                ])
            ),
            ("workloads", .array(workloads.map(workloadJSON))),
            ("real_specs", .array(realSpecs.map { RealSpecs.json($0, report: self) })),
            ("adversarial", .array(adversarial.map(adversarialJSON))),
            ("generated_compile", generatedCompile.map(compileJSON) ?? .null),
            ("spec_compile_seconds", .object(specCompileSeconds.map { ($0.0, .number($0.1)) })),
            (
                "attributed_labels",
                attributedLabels.map {
                    .object([
                        ("compiled_seconds", $0.compiled.map { .number($0.median) } ?? .null),
                        ("baseline_seconds", .number($0.baseline.median)), ("disagreements", .int($0.disagreements)),
                        ("render_only_seconds", $0.renderOnly.map { .number($0.median) } ?? .null),
                        ("attributed_string_only_seconds", $0.buildOnly.map { .number($0.median) } ?? .null),
                        ("baseline_matching_only_seconds", $0.baselineMatchingOnly.map { .number($0.median) } ?? .null),
                        ("cheapest_construction_seconds", $0.cheapest.map { .number($0.median) } ?? .null),
                        ("rebuild_mismatches", .int($0.rebuildMismatches)),
                    ])
                } ?? .null
            ),
            (
                "engine_init",
                engineInit.map {
                    .object([
                        ("rules", .int($0.rules)), ("decode_seconds", .number($0.decode.median)),
                        ("build_seconds", .number($0.build.median)), ("base64_bytes", .int($0.base64Bytes)),
                    ])
                } ?? .null
            ),
            (
                "throughput",
                throughput.map { result in
                    .object([
                        ("scan_utf8_bytes", .int(result.scanBytes)), ("scan_seconds", .number(result.scan?.median)),
                        ("scan_kept", .int(result.scanMatches)), ("mentions", .int(result.mentions)),
                        ("kept", .int(result.memory?.kept ?? 0)), ("peak_growth_bytes", .int(result.memory?.peakGrowth ?? 0)),
                        ("retained_growth_bytes", .int(result.memory?.retainedGrowth ?? 0)),
                        ("memory_note", result.memoryNote.map { .string($0) } ?? .null),
                    ])
                } ?? .null
            ),
            (
                "nesting",
                .array(
                    (nesting?.rows ?? []).map {
                        .object([
                            ("workload", .string($0.workload)), ("utf16_units", .int($0.utf16)), ("kept", .int($0.kept)),
                            ("seconds", .number($0.timing.median)),
                        ])
                    })
            ),
            (
                "stream",
                .array(
                    (stream?.rows ?? []).map {
                        .object([
                            ("spec", .string($0.spec)), ("piece_units", .int($0.pieceUnits)), ("appends", .int($0.pieces)),
                            ("streamed", .int($0.streamed)), ("render_seconds", .number($0.render)),
                            ("appends_seconds", .number($0.appends)), ("overhead", .number($0.overhead)),
                            ("append_p99_seconds", .number($0.p99)),
                        ])
                    })
            ),
            (
                "rule_compile",
                .array(
                    ruleCompile.map {
                        .object([("pattern", .string($0.pattern)), ("seconds", .number($0.seconds)), ("runs_on", .string($0.outcome))])
                    })
            ),
            (
                "lint",
                .array(
                    lint.map {
                        .object([("rules", .int($0.rules)), ("seconds", .number($0.seconds)), ("diagnostics", .int($0.diagnostics))])
                    })
            ),
        ]
        return .object(fields)
    }

    private var inputsJSON: JSON {
        .object([
            ("spec", .string(specPath)),
            ("corpus_utf8_bytes", .int(corpusUTF8)),
            ("corpus_utf16_units", .int(corpusUTF16)),
            ("labels", .int(labelCount)),
            ("label_utf16_units_total", .int(labelUTF16)),
            ("generated_rule_sets", .array(scale.ruleSets.map { .int($0) })),
            ("adversarial_sizes", .array(scale.adversarialSizes.map { .int($0) })),
            ("adversarial_time_limit_seconds", .number(scale.timeLimit)),
        ])
    }

    private func timingJSON(_ result: PathResult, countKey: String) -> JSON {
        guard let timing = result.timing else { return .object([("seconds", .null), ("note", .string(result.note))]) }
        var fields: [(String, JSON)] = [
            ("seconds", .number(timing.median)),
            ("samples", .array(timing.samples.map { .number($0) })),
            ("batch", .int(timing.batch)),
            (countKey, .int(timing.result)),
        ]
        if let note = result.note { fields.append(("note", .string(note))) }
        return .object(fields)
    }

    private func workloadJSON(_ result: Workload.Result) -> JSON {
        let reference = result.reference.timing?.median
        return .object([
            ("name", .string(result.workload.key)),
            ("rules", .int(result.workload.ruleCount)),
            ("texts", .int(result.workload.texts.count)),
            ("utf16_units", .int(result.workload.utf16Count)),
            ("compiled", timingJSON(result.compiled, countKey: "kept_matches")),
            ("icu", timingJSON(result.reference, countKey: "kept_matches")),
            ("render_floor", timingJSON(result.floor, countKey: "kept_matches")),
            ("swift_regex", timingJSON(result.swiftRegex, countKey: "raw_matches")),
            ("compiled_speedup", .number(Self.ratio(reference, result.compiled.timing?.median))),
            ("swift_regex_speedup", .number(Self.ratio(reference, result.swiftRegex.timing?.median))),
            ("render_floor_speedup", .number(Self.ratio(reference, result.floor.timing?.median))),
            (
                "agreement",
                result.agreement.map { a in
                    .object([
                        ("inputs", .int(a.inputs)), ("disagreeing", .int(a.disagreeing)), ("example", .string(a.example)),
                    ])
                } ?? .null
            ),
        ])
    }

    private func adversarialJSON(_ row: AdversarialRow) -> JSON {
        func outcomeJSON(_ outcome: Adversarial.Outcome) -> JSON {
            switch outcome {
            case .measured(let timing):
                return .object([
                    ("seconds", .number(timing.median)), ("samples", .array(timing.samples.map { .number($0) })),
                    ("batch", .int(timing.batch)), ("matches", .int(timing.result)),
                ])
            case .timedOut(let limit): return .object([("seconds", .null), ("timed_out_after", .number(limit))])
            case .skipped(let limit): return .object([("seconds", .null), ("skipped_after_timeout", .number(limit))])
            case .unavailable(let why): return .object([("seconds", .null), ("unavailable", .string(why))])
            case .failed(let why): return .object([("seconds", .null), ("failed", .string(why))])
            }
        }
        var fields: [(String, JSON)] = [("pattern", .string(row.pattern)), ("sizes", .array(row.sizes.map { .int($0) }))]
        for engine in Adversarial.Engine.allCases {
            let key = engine == .swift ? "swift_regex" : engine.rawValue
            fields.append((key, .array((row.outcomes[engine] ?? []).map(outcomeJSON))))
        }
        fields.append(("compiled_growth", .number(row.compiledGrowth)))
        return .object(fields)
    }

    private func compileJSON(_ result: GeneratedCompile.Result) -> JSON {
        .object([
            ("seconds", .number(result.seconds)),
            ("samples", .array(result.samples.map { .number($0) })),
            ("rules", .int(result.rules)),
            ("swift_lines", .int(result.lines)),
            ("swift_bytes", .int(result.bytes)),
            ("command", .array(result.command.map { .string($0) })),
            ("note", .string(result.note)),
        ])
    }
}

import Foundation
@_spi(Generated) import RuleRuntime

/// `--export DIR`: each workload's texts and regex patterns, with this run's times, one
/// JSON file per workload, for `Benchmarks/peers.py` to run other engines (RE2, Hyperscan)
/// on the same inputs and print their times beside ours.
///
/// `<key>.json`: `key`, `what` (what our times include), `texts` (array of strings),
/// `patterns` (`rule`, `pattern`, `flags` of ICU letters, `detector`), `non_regex_rules`
/// (tags, prefix words: no peer runs those), `compiled_seconds` and `reference_seconds`
/// (medians for the whole workload; `null` when not measured).
struct Exporter {
    let directory: URL

    init(path: String) throws {
        directory = URL(fileURLWithPath: path, isDirectory: true)
        do { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) } catch {
            throw SpecError.io("cannot create \(path): \(error.localizedDescription)")
        }
    }

    /// A timed workload: render and what a label reads, on the compiled and reference engines.
    func write(_ result: Workload.Result, table: StyleTable) throws {
        try write(
            key: result.workload.key, texts: result.workload.texts, table: table,
            what: "render + what a label reads (display, captures, styles, tap arguments) of every text",
            compiled: result.compiled.timing?.median, reference: result.reference.timing?.median)
    }

    /// A no-match scan: render of one text no rule matches.
    func write(scan key: String, text: String, table: StyleTable, seconds: Double?) throws {
        try write(key: key, texts: [text], table: table, what: "render of a text without matches", compiled: seconds, reference: nil)
    }

    private func write(key: String, texts: [String], table: StyleTable, what: String, compiled: Double?, reference: Double?) throws {
        var patterns: [JSON] = []
        var nonRegex = 0
        for rule in table.rules {
            guard case .regex(let pattern, let flags, let detector) = rule.matcher else {
                nonRegex += 1
                continue
            }
            patterns.append(
                .object([
                    ("rule", .string(rule.name)), ("pattern", .string(pattern)), ("flags", .string(flags.letters)),
                    ("detector", .string(detector)),
                ]))
        }
        let object = JSON.object([
            ("key", .string(key)), ("what", .string(what)), ("texts", .array(texts.map(JSON.string))), ("patterns", .array(patterns)),
            ("non_regex_rules", .int(nonRegex)), ("compiled_seconds", .number(compiled)), ("reference_seconds", .number(reference)),
        ])
        let url = directory.appendingPathComponent("\(key).json")
        do { try Data(object.text.utf8).write(to: url, options: .atomic) } catch {
            throw SpecError.io("cannot write \(url.path): \(error.localizedDescription)")
        }
    }
}

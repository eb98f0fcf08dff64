import RuleRuntime
import RuleSpec

/// Spec examples (DESIGN.md "Spec examples"): each `example` of a spec states a text and
/// exactly the kept matches it gives, in order. `check` runs every example's text on the
/// compiled engine — the automata the generated code embeds, the rules without one on
/// NSRegularExpression, as at run time — and reports each one that does not hold as an
/// error at its `example` keyword, with a note that shows what the text gives instead, as
/// an example ready to paste.
public enum SpecExamples {
    /// How many examples held and how many did not.
    public struct Summary: Sendable, Hashable {
        public var passed = 0
        public var failed = 0
        public init(passed: Int = 0, failed: Int = 0) {
            self.passed = passed
            self.failed = failed
        }
    }

    /// What running a spec's examples gives: the counts, and an error per failing example.
    public struct Run: Equatable, Sendable {
        public var summary: Summary
        public var diagnostics: [Diagnostic]
    }

    /// Runs the examples of the spec at `path` on each of `engines`, engines of that spec's
    /// table: the generated code's (`<Name>Rules.engine`), the reference one on
    /// NSRegularExpression (`RuleEngine(reference:)`), the compiler's (`Compiler.Output.engine`)
    /// — so a test can hold every engine to what the spec states. One run per engine, in
    /// order; `nil` when the spec has errors.
    public static func run(path: String, on engines: [RuleEngine]) -> [Run]? {
        var loader = SpecLoader(importRoot: nil)
        var bag = DiagnosticBag()
        guard let (_, checked) = Compiler.check(loader.load(path: path), into: &bag) else { return nil }
        return engines.map { check(checked, engine: .success($0)) }
    }

    /// Runs `spec`'s examples on the compiler's engine of its table and automata (`engine`:
    /// the error when none could be made, which Sema's checks make unexpected).
    static func check(_ spec: CheckedSpec, engine made: Result<RuleEngine, any Error>) -> Run {
        guard !spec.examples.isEmpty else { return Run(summary: Summary(), diagnostics: []) }
        var summary = Summary()
        var diagnostics: [Diagnostic] = []
        let engine: RuleEngine
        switch made {
        case .success(let made):
            engine = made
        case .failure(let error):
            // Sema checked every pattern with ICU, so this is not expected; still an error.
            for example in spec.examples {
                diagnostics.append(
                    DiagnosticKind.example(
                        "example cannot run: \(error)", at: SourceRef(file: example.file, span: example.decl.keyword)))
            }
            return Run(summary: Summary(passed: 0, failed: spec.examples.count), diagnostics: diagnostics)
        }
        // The built-in spec's matches (`import html`: `htmlLink`…) are the browser's, not listed.
        let unlisted = Set(spec.rules.filter { BuiltinSpecs.isBuiltin($0.declaration.file.path) }.map(\.name))
        for example in spec.examples {
            let result = engine.render(example.decl.text.value)
            guard let difference = difference(example.decl, result, unlisted: unlisted) else {
                summary.passed += 1
                continue
            }
            summary.failed += 1
            var notes = [Diagnostic.Note(block(for: result, as: example.decl, unlisted: unlisted))]
            for rule in result.interrupted {
                notes.append(
                    .init(
                        "rule '\(rule.rule)' runs on NSRegularExpression and stopped before the end of the text: its later matches are missing"
                    ))
            }
            diagnostics.append(
                DiagnosticKind.example(
                    "example does not hold: \(difference); the text gives:", at: SourceRef(file: example.file, span: example.decl.keyword),
                    notes: notes))
        }
        return Run(summary: summary, diagnostics: diagnostics)
    }

    /// The first way `result` differs from what `example` states, or `nil` when it holds.
    static func difference(_ example: ExampleDecl, _ result: RenderResult, unlisted: Set<String> = []) -> String? {
        let found = result.matches.filter { !$0.isTruncationToken && !unlisted.contains($0.rule) }
        let expected = example.items
        for i in 0..<max(expected.count, found.count) {
            let n = i + 1
            guard i < found.count else {
                let got = found.isEmpty ? "no match" : found.count == 1 ? "only 1 match" : "only \(found.count) matches"
                return "expected '\(describe(expected[i]))' as match \(n), found \(got)"
            }
            let match = found[i]
            guard i < expected.count else {
                if expected.isEmpty { return "expected no match, found '\(describe(match))'" }
                return "found '\(describe(match))' as match \(n) after the \(expected.count) expected"
            }
            let item = expected[i]
            if item.rule.name != match.rule || item.text.value != match.text {
                return "expected '\(describe(item))' as match \(n), found '\(describe(match))'"
            }
            if let tap = item.tap, !same(tap, match.tap) {
                let got = match.tap.map { "'\(describe($0))'" } ?? "no tap"
                return "match \(n) '\(describe(item.rule.name, item.text.value))' should have '\(describe(tap))', found \(got)"
            }
            if let display = item.display, display.value != match.display {
                return
                    "match \(n) '\(describe(item.rule.name, item.text.value))' should have 'display \(literal(display.value))', found 'display \(literal(match.display))'"
            }
        }
        if let display = example.display, display.value != result.display {
            return "expected the display text \(literal(display.value)), found \(literal(result.display))"
        }
        return nil
    }

    static func same(_ tap: ExampleTap, _ target: TapTarget?) -> Bool {
        guard let target, target.handler == tap.handler.name, target.arguments.count == tap.arguments.count else { return false }
        return zip(tap.arguments, target.arguments).allSatisfy { $0.label?.name == $1.label && $0.value.value == $1.value }
    }

    /// The example `result` gives, on one line, stating what `example` states: the whole
    /// text's display when it gives one, and a match's tap or display when an item of that
    /// rule gives one.
    static func block(for result: RenderResult, as example: ExampleDecl, unlisted: Set<String> = []) -> String {
        var parts = ["example \(literal(result.text)) {"]
        if example.display != nil { parts.append("display \(literal(result.display))") }
        let found = result.matches.filter { !$0.isTruncationToken && !unlisted.contains($0.rule) }
        for (i, match) in found.enumerated() {
            let twin = i < example.items.count && example.items[i].rule.name == match.rule ? example.items[i] : nil
            let sameRule = example.items.filter { $0.rule.name == match.rule }
            let showsTap = twin.map { $0.tap != nil } ?? sameRule.contains { $0.tap != nil }
            let showsDisplay = twin.map { $0.display != nil } ?? sameRule.contains { $0.display != nil }
            var item = describe(match.rule, match.text)
            if showsTap { item += match.tap.map { " " + describe($0) } ?? "" }
            if showsDisplay { item += " display \(literal(match.display))" }
            parts.append(item)
        }
        parts.append("}")
        return parts.joined(separator: " ")
    }

    static func describe(_ item: ExampleItem) -> String {
        var text = describe(item.rule.name, item.text.value)
        if let tap = item.tap { text += " " + describe(tap) }
        if let display = item.display { text += " display \(literal(display.value))" }
        return text
    }

    static func describe(_ match: RuleMatch) -> String { describe(match.rule, match.text) }

    static func describe(_ rule: String, _ text: String) -> String { "\(rule) \(literal(text))" }

    static func describe(_ tap: ExampleTap) -> String {
        describeTap(tap.handler.name, tap.arguments.map { ($0.label?.name, $0.value.value) })
    }

    static func describe(_ tap: TapTarget) -> String { describeTap(tap.handler, tap.arguments.map { ($0.label, $0.value) }) }

    static func describeTap(_ handler: String, _ arguments: [(label: String?, value: String)]) -> String {
        guard !arguments.isEmpty else { return "tap \(handler)" }
        let list = arguments.map { ($0.label.map { "\($0): " } ?? "") + literal($0.value) }
        return "tap \(handler)(\(list.joined(separator: ", ")))"
    }

    /// `text` as a string literal of the spec language (`Quoting.specString`).
    static func literal(_ text: String) -> String { Quoting.specString(text) }
}

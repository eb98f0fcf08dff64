import Foundation
import RuleAutomata
import RuleRegex
import RuleRuntime
import RuleSpec

/// `rulegen dump`: the intermediate representations of a spec, as the compiler's phases
/// (`Compiler`) produce them — the parsed spec with each regex rule's pattern tree
/// (`--ast`), the regex IR (`--ir`), the NFA program (`--program`) and the DFA (`--dfa`) of
/// each regex rule. The printers live next to their types (`X+Dump.swift`); this type runs
/// the phases up to the automata and puts the printers' output together.
package struct SpecDump {
    /// A representation to print.
    package enum Kind: String, CaseIterable, Sendable {
        case ast, ir, program, dfa
    }

    let loaded: LoadedSpec
    let checked: CheckedSpec
    let automata: AutomataBuilder.Result

    /// The names of the spec's rules and tag families, in declaration order.
    package var ruleNames: [String] { checked.rules.map(\.name) }

    /// Runs the phases up to the automata on the spec at `path` (no conflict analysis);
    /// `nil` with the diagnostics when the spec has errors. `workingDirectory`: as
    /// `Compiler.compile(path:…)`'s.
    package static func load(
        path: String, importRoot: String? = nil, workingDirectory: String? = nil
    ) -> (dump: SpecDump?, diagnostics: [Diagnostic]) {
        var loader = SpecLoader(importRoot: importRoot, workingDirectory: workingDirectory)
        let load = loader.load(path: path)
        var bag = DiagnosticBag()
        guard let (loaded, checked) = Compiler.check(load, into: &bag) else { return (nil, bag.sortedAndCapped) }
        let phase = AutomataPhase.run(checked)
        bag.add(contentsOf: phase.diagnostics)
        return (SpecDump(loaded: loaded, checked: checked, automata: phase.built), bag.sortedAndCapped)
    }

    /// The text of `kind`, for every rule or only the rule named `rule` (a name of
    /// `ruleNames`). Ends with a newline.
    package func render(_ kind: Kind, rule: String? = nil) -> String {
        let includes = { (name: String) in rule == nil || rule == name }
        if kind == .ast {
            let patterns = Dictionary(
                checked.rules.compactMap { rule -> (String, CheckedPattern)? in
                    guard case .regex(let pattern) = rule.matcher else { return nil }
                    return (rule.name, pattern)
                }, uniquingKeysWith: { first, _ in first })
            return loaded.files.map { file in
                file.dumpDescription(includes: includes) { name, item in
                    guard case .match(.regex, _) = item, let pattern = patterns[name] else { return [] }
                    return pattern.ast.dumpDescription(pattern: pattern.pattern).split(separator: "\n").map(String.init)
                }
            }.joined(separator: "\n") + "\n"
        }
        var sections: [String] = []
        for (index, checkedRule) in checked.rules.enumerated() where includes(checkedRule.name) {
            sections.append(section(kind, index: index, rule: checkedRule))
        }
        return sections.joined(separator: "\n")
    }

    /// One rule's section: a header line, then its representation indented.
    private func section(_ kind: Kind, index: Int, rule: CheckedRule) -> String {
        guard case .regex(let pattern) = rule.matcher else {
            return "rule \(rule.name) (\(rule.location)): \(Self.matcherSummary(rule.matcher)), no regex\n"
        }
        let source =
            pattern.detector.map { "detector(\($0)), \(pattern.pattern.unicodeScalars.count) characters" }
            ?? "/\(pattern.pattern)/\(Self.flagLetters(pattern.flags))"
        var lines = ["rule \(rule.name) (\(rule.location)): \(source)"]
        let issue = automata.issues.first { $0.rule == index }?.issue
        let automaton = index < automata.automata.automata.count ? automata.automata.automata[index] : nil
        let body: String
        switch kind {
        case .ast: body = ""
        case .ir: body = RegexIR.dump(of: pattern.ast, pattern: pattern.pattern)
        case .program:
            if let program = automaton?.program {
                body = program.dumpDescription
            } else {
                body = Self.noAutomaton(issue)
            }
        case .dfa:
            if let dfa = automaton?.dfa {
                body = dfa.dumpDescription
            } else if automaton?.program != nil {
                let reason: String
                if case .stateBudget(let limit)? = issue {
                    reason = ": it \(limit.isConstruct ? "has" : "needs") \(limit)"
                } else {
                    reason = ""
                }
                if let program = automaton?.program, LazyDFA.isPossible(for: program) {
                    body = "no DFA built ahead of time (lazy: built while it matches)\(reason)"
                } else {
                    body = "no DFA built ahead of time (runs on its NFA)\(reason)"
                }
            } else {
                body = Self.noAutomaton(issue)
            }
        }
        lines += body.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
        return lines.joined(separator: "\n") + "\n"
    }

    static func noAutomaton(_ issue: AutomataBuilder.Issue?) -> String {
        if case .fallback(let construct, let offset)? = issue {
            return "no automaton: \(construct) at offset \(offset); the rule runs on NSRegularExpression"
        }
        return "no automaton"
    }

    static func matcherSummary(_ matcher: CheckedMatcher) -> String {
        switch matcher {
        case .regex(let pattern): return "/\(pattern.pattern)/"
        case .prefix(let prefix): return "prefix \(Quoting.displayed(prefix))"
        case .tagFamily(let family): return "tag family \(family)"
        case .element(let name, let attributes, let isVoid):
            return "tag <\(([name] + attributes).joined(separator: " "))\(isVoid ? "/" : "")>"
        case .entity: return "entity"
        }
    }

    static func flagLetters(_ flags: RegexFlags) -> String {
        var letters = ""
        if flags.contains(.caseInsensitive) { letters += "i" }
        if flags.contains(.multiline) { letters += "m" }
        if flags.contains(.dotMatchesLineSeparators) { letters += "s" }
        if flags.contains(.extended) { letters += "x" }
        return letters
    }
}

extension RegexIR {
    /// The IR of a parsed pattern for `rulegen dump --ir`, as `RegexCompiler` compiles it
    /// (atomic groups resolved), or why there is none.
    static func dump(of ast: RegexAST, pattern: String) -> String {
        switch RegexCompiler.lowered(ast, pattern: pattern) {
        case .success(let lowered):
            let filter = lowered.startFilter == .anywhere ? "" : "\n(matches start only outside CR LF)"
            return lowered.ir.dumpDescription + filter
        case .failure(let fallback):
            return "no IR: \(fallback.construct) at offset \(fallback.offset); the rule runs on NSRegularExpression"
        }
    }
}

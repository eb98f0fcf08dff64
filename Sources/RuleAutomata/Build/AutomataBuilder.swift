import RuleRegex

/// Compiles regex rules to their automata: `RegexCompiler` (the NSRegularExpression-exact
/// NFA program) then `DFABuilder` (the leftmost-first DFA within a state budget). The
/// compiler's automata phase (`Compiler.compile`, from the patterns Sema parsed) and
/// run-time compilation of a table (RuleRuntime) both build through here.
package enum AutomataBuilder {
    /// Why a rule has no automaton, or only its NFA.
    package enum Issue: Equatable, Sendable {
        /// The pattern uses `construct` at `offset`: the rule runs on NSRegularExpression.
        case fallback(construct: String, offset: Int)
        /// The DFA would exceed a budget (`limit`): the rule runs on its NFA alone.
        case stateBudget(DFALimit)
    }

    /// An issue of one rule (by rule index).
    package struct RuleIssue: Equatable, Sendable {
        package var rule: Int
        package var issue: Issue

        package init(rule: Int, issue: Issue) {
            self.rule = rule
            self.issue = issue
        }
    }

    /// The automata by rule index, and the issues met on the way.
    package struct Result: Equatable, Sendable {
        /// The automaton of every regex rule that has one (`nil` for the other rules).
        package var automata: CompiledRuleSet
        /// Why a rule has no automaton, or only its NFA, in rule order.
        package var issues: [RuleIssue]
    }

    /// The most DFA states (and transition cells) one rule may take.
    package static let stateBudget = DFABudget.states
    package static let cellBudget = DFABudget.cells
    /// The most construction work one rule's DFA may take (see `DeterminizerScratch`).
    package static let workBudget = DFABudget.work

    /// The automata of rules given by their patterns (`nil`: not a regex rule), parsed here
    /// (a table from a file or a server).
    package static func build(patterns: [(pattern: String, flags: RegexFlags)?]) -> Result {
        build(
            compilations: patterns.map { rule in
                guard let (pattern, flags) = rule else { return nil }
                return (RegexCompiler.compile(pattern, flags: flags), RuleAutomaton.binding(pattern: pattern, flags: flags))
            })
    }

    /// Determinizes each compiled pattern (`nil`: not a regex rule), binding each automaton
    /// to its rule (`RuleAutomaton.binding(pattern:flags:)`).
    package static func build(compilations: [(RegexCompilation, binding: UInt64)?]) -> Result {
        var automata: [RuleAutomaton?] = []
        var issues: [RuleIssue] = []
        for (index, compilation) in compilations.enumerated() {
            guard let (compilation, binding) = compilation else {
                automata.append(nil)
                continue
            }
            switch compilation {
            case .program(let program):
                switch DFABuilder.determinize(program) {
                case .success(let dfa):
                    automata.append(RuleAutomaton(program: program, dfa: dfa, binding: binding))
                case .failure(let limit):
                    issues.append(RuleIssue(rule: index, issue: .stateBudget(limit)))
                    automata.append(RuleAutomaton(program: program, dfa: nil, binding: binding))
                }
            case .fallback(let construct, let offset):
                issues.append(RuleIssue(rule: index, issue: .fallback(construct: construct, offset: offset)))
                automata.append(nil)
            case .invalid:
                automata.append(nil)
            }
        }
        return Result(automata: CompiledRuleSet(automata: automata), issues: issues)
    }
}

import RuleAutomata

/// Runs a style table's rules on a text and presents the result: the engine's entry point.
///
/// `render` is `resolve` (stage 1, `RuleMatcher`: every rule's candidates; stage 2,
/// `Resolver`: which are kept, how they nest) then the records of a `RenderResult`
/// (`RuleEngine+Records.swift`): one record per kept match with its source and display
/// ranges, parent and content, and the discarded matches with their reasons. Strings (the
/// display text, a match's text, tap arguments) are made when read.
///
/// ```swift
/// let engine = try RuleEngine(compiling: StyleTable(jsonData: data))   // or <Name>Rules.engine
/// let result = engine.render("I agree to the <h1>User Agreement</h1>")
/// result.display            // "I agree to the User Agreement"
/// result.matches[0].tap     // TapTarget(handler: "openAgreement", …)
/// ```
public struct RuleEngine: Sendable {
    public let table: StyleTable
    package let matcher: any CandidateMatcher
    /// How much work each rule on NSRegularExpression may do in one render (`.standard`
    /// unless set, on every engine). Rules stopped early are listed in
    /// `RenderResult.interrupted`. Rules on automata need no budget.
    public var fallbackBudget = FallbackBudget.standard
    /// Renders texts as a browser shows HTML (see `HTMLSource`): one parse per text, tag
    /// rules claiming its elements, the display laid out as `innerText` lays it out. Set
    /// from the table (`StyleTable.html`: the spec imports `html`).
    public package(set) var rendersHTML = false
    /// `matcher` when it is the engine's own: render then scans UTF-8 where it can and
    /// leaves compiled rules' groups to be solved when read.
    package let ruleMatcher: RuleMatcher?
    let priorities: [Int]
    let ruleNames: [String]
    let tablePresentation: PresentationCache
    /// Which rules' matches hold others (`nil` when no rule is a container).
    let containment: Containment?
    /// The automata given to the engine that it does not run, by rule index, with why: a
    /// chunk that did not decode (`CompiledRuleSet.decodingFailures`: another format
    /// version, damaged bytes, a missing shared block) or that was compiled for another
    /// pattern or flags than the rule has (a chunk copied onto another rule, or kept from
    /// an older table). Those rules run on NSRegularExpression, with the same matches.
    public let decodingFailures: [Int: BinaryDecodingError]
    /// What building the automata said about the rules, when the engine built them
    /// (`init(compiling:)`) or was given them: read by `fallbacks`.
    package let issues: [AutomataBuilder.RuleIssue]

    /// The engine of generated code (`<Name>Rules.engine`): the table and automata
    /// `rulegen` wrote together, so it does not throw. Regex rules without an automaton (or
    /// whose chunk did not decode or belongs to another rule: `decodingFailures`) run
    /// on NSRegularExpression, which `rulegen` checked accepts each pattern; should the
    /// platform's ICU still reject one, that rule matches nothing (the others are
    /// unaffected) rather than stopping the app.
    ///
    /// `automata`: one base64 chunk per rule (`CompiledRuleSet.encodedRules`; `nil`: a rule
    /// without one), `shared`: the blocks several rules' chunks share.
    @_spi(Generated) public init(generated table: StyleTable, automata: [String?] = [], shared: [String] = []) {
        self.init(generated: table, automata: CompiledRuleSet(rules: automata, shared: shared))
    }

    /// The engine of generated code on automata decoded before (see `init(generated:automata:shared:)`).
    package init(generated table: StyleTable, automata: CompiledRuleSet) {
        // `lenient` makes the matcher's initializer total: it throws on rejected patterns only.
        let matcher = (try? RuleMatcher(table: table, automata: automata, lenient: true)) ?? RuleMatcher.empty(for: table)
        self.init(table: table, matcher: matcher)
    }

    /// An engine on any matcher for `table`'s rules (tests, benchmarks).
    package init(table: StyleTable, matcher: any CandidateMatcher, issues: [AutomataBuilder.RuleIssue] = []) {
        self.table = table
        self.issues = issues
        self.matcher = matcher
        self.ruleMatcher = matcher as? RuleMatcher
        self.decodingFailures = ruleMatcher?.decodingFailures ?? [:]
        self.containment = Containment(table)
        self.priorities = table.rules.map(\.priority)
        self.ruleNames = table.rules.map(\.name)
        self.tablePresentation = PresentationCache(table)
        self.rendersHTML = table.html == true
    }

    /// The largest memory (bytes, the caches' own estimate) a cache of any of the engine's
    /// lazy DFAs has held (`LazyDFA`); 0 without lazy DFAs.
    package var lazyCachePeakBytes: Int { ruleMatcher?.lazyDFAs.map(\.dfa.peakCacheBytes).max() ?? 0 }
    /// The budget the engine's lazy DFAs share (`nil`: it has none).
    package var lazyMemory: LazyMemory? { ruleMatcher?.lazyDFAs.first?.dfa.memory }

    /// Runs the rules on `text`. Candidates that are empty, out of the text's bounds, or
    /// name a rule the table does not have are ignored.
    public func render(_ text: String) -> RenderResult {
        records(of: resolve(text), text: text)
    }
}

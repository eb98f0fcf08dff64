import RuleAutomata
import RuleRegex

/// What a stream needs to know of each rule of an engine: how far back and ahead of a
/// match its assertions read, and how to ask whether more text could still change a
/// match of the rule that starts before a given position (`RichStream`).
struct StreamReach {
    /// A stream's rules: their reach, or why every append renders the text whole.
    enum Outcome {
        case success(StreamReach)
        case failure(StreamFallback)
    }

    /// How the stream asks one rule whether a match may still change.
    enum Rule {
        /// A regex on automata: the Pike VM runs every attempt (`PikeVM.earliestLiveStart`).
        /// `stops`: its lookaheads read without a bound, but no further than the first of
        /// these code points (`(?=.*x)`: a line terminator), so its attempts are decided up to
        /// the last of them in the text.
        case regex(CompiledRegex, stops: ScalarSet?)
        /// A word prefix: the last word, when the text does not end in white space.
        case words
        /// Character references: the last `&` among the last `entityReach` units.
        case entities
        /// A rule whose lookahead reads without bound over any code point (`(?=[\s\S]*x)`): the
        /// safe point stays where it is.
        case pinned(String)
    }

    /// A character reference is at most this long (`HTMLEntity`: the longest name, or a
    /// numeric reference's digits, with `&`, `#`, `x` and `;`).
    static let entityReach = 64
    /// Room for the assertions that read a code point or two past a position (`\b`, `$`
    /// before CR LF, a grapheme boundary).
    static let assertionSlack = 8

    let rules: [Rule]
    /// The longest look-behind of any rule, in UTF-16 units, with `assertionSlack`.
    let lookbehind: Int
    /// The longest look-ahead of any rule, in UTF-16 units, with `assertionSlack`.
    let lookahead: Int

    /// The reach of `engine`'s rules, or why a stream of it re-renders every text whole: an
    /// HTML table (one tree), tag rules (a tag may close anywhere later), a rule on
    /// NSRegularExpression or a matcher that is not the engine's own (no automaton to ask).
    static func make(_ engine: RuleEngine) -> Outcome {
        if engine.rendersHTML { return .failure(.html) }
        guard let matcher = engine.ruleMatcher else { return .failure(.matcher) }
        let storage = matcher.storage
        var rules: [Rule] = []
        var behind = 0
        var ahead = 0
        for (index, kind) in storage.kinds.enumerated() {
            let name = engine.ruleNames[index]
            switch kind {
            case .regex: return .failure(.noAutomaton(rule: name))
            case .tags, .elements: return .failure(.tags(rule: name))
            case .prefix: rules.append(.words)
            case .entities: rules.append(.entities)
            case .compiled(let regex): rules.append(rule(regex.regex, name, &behind, &ahead))
            case .scanned:
                guard let scan = storage.scan else { return .failure(.matcher) }
                rules.append(rule(scan.rules[storage.scanIndex[index]].regex, name, &behind, &ahead))
            }
        }
        return .success(StreamReach(rules: rules, lookbehind: behind + assertionSlack, lookahead: ahead + assertionSlack))
    }

    private static func rule(_ regex: CompiledRegex, _ name: String, _ behind: inout Int, _ ahead: inout Int) -> Rule {
        let reach = regex.program.lookaroundReach
        guard let back = reach.behind else { return .pinned(name) }
        behind = max(behind, back)
        if let forward = reach.ahead {
            ahead = max(ahead, forward)
            return .regex(regex, stops: nil)
        }
        guard let stops = regex.program.unboundedLookaheadStops, !stops.isEmpty else { return .pinned(name) }
        // The bounded lookaheads beside the unbounded ones read as far as they say.
        for look in regex.program.lookarounds where !look.behind {
            if let length = look.maxLength, let inner = look.body.lookaroundReach.ahead { ahead = max(ahead, length + inner) }
        }
        return .regex(regex, stops: stops)
    }
}

/// Why a stream's append re-rendered more than the text after its last safe point.
public enum StreamFallback: Sendable, Hashable, CustomStringConvertible {
    /// The table renders HTML: the text is one tree, rendered whole on every append.
    case html
    /// Tag rule `rule`: an open tag may be closed by any later text, so every append
    /// renders the text whole.
    case tags(rule: String)
    /// Rule `rule` runs on NSRegularExpression (no automaton), whose state the stream
    /// cannot ask: every append renders the text whole.
    case noAutomaton(rule: String)
    /// The engine's matcher is not a rule matcher (a test's or benchmark's).
    case matcher
    /// Rule `rule` has a lookahead that can read over any code point without a bound: the
    /// stream re-renders from its last safe point, which does not move.
    case unboundedLookahead(rule: String)
    /// A match at the start of the re-read window crossed the safe point (a pattern anchored
    /// at the start of a text, read mid-text): this append rendered the text whole.
    case window

    /// Whether every append renders the whole text (not only what follows a safe point).
    public var rendersWhole: Bool {
        switch self {
        case .html, .tags, .noAutomaton, .matcher, .window: return true
        case .unboundedLookahead: return false
        }
    }

    public var description: String {
        switch self {
        case .html: return "an HTML table is rendered whole on every append"
        case .tags(let rule): return "tag rule '\(rule)' may close a tag anywhere later: every append renders the whole text"
        case .noAutomaton(let rule): return "rule '\(rule)' runs on NSRegularExpression: every append renders the whole text"
        case .matcher: return "the engine's matcher is not a rule matcher: every append renders the whole text"
        case .unboundedLookahead(let rule):
            return "rule '\(rule)' looks ahead over any text without a bound: appends re-render from the last safe point"
        case .window: return "a match of the re-read window crossed the safe point: this append rendered the whole text"
        }
    }
}

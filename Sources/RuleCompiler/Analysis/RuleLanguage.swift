import RuleAutomata
import RuleRegex
@_spi(Generated) import RuleRuntime

/// What the conflict analysis knows of the matches of one rule.
///
/// Note: a DFA stands for a rule's matches through its anchored runs: a text span can be a
/// match of the rule only if the anchored run from the span's start (in the look-behind
/// context of the text before it) records a match at the span's end. For a regex rule
/// that is its own leftmost-first DFA, which already prefers alternatives and greedy or
/// lazy loops as NSRegularExpression does; for word prefixes, tags and elements it is the
/// DFA of a pattern whose matches include every match of the rule (a sound
/// over-approximation). Either way, "no text makes these overlap" is a proof, and a text
/// that the automata say may overlap is confirmed on the real matchers before it is shown.
enum RuleLanguage {
    /// The DFA, whether it is the rule's own (`exact`), and whether a match must start at
    /// the text's start or after White_Space (word-prefix rules; the DFA cannot say it).
    struct Automaton {
        var dfa: DFATable
        var exact: Bool
        var wordStart = false
        /// A DFA whose matches are all real matches of the rule (tags spelled plainly), to
        /// find example texts with first; `nil`: `dfa` serves.
        var example: DFATable?
        /// A container's match as markup and content (`RuleLanguage+Phases`); `nil` for
        /// other rules, and for containers analysed as if they were not.
        var phases: [Phase]? = nil
        /// Plain spellings of the rule's matches as phases, as `example` is, each searched
        /// when the other rule of a pair is a container; none: `phases` serve.
        var examplePhases: [[Phase]] = []
    }

    case automaton(Automaton)

    var isAutomaton: Bool {
        if case .automaton = self { return true }
        return false
    }
    /// No automaton: the rule falls back to NSRegularExpression, or its DFA is over the
    /// state budget. `reason` finishes "its conflicts are not checked: …".
    case notAnalyzable(reason: String)

    /// The languages of a checked table's rules, by rule index (`patterns`: the regex
    /// rules' parsed patterns, by rule index).
    static func all(
        _ table: StyleTable, automata: CompiledRuleSet, issues: [AutomataBuilder.RuleIssue], patterns: [RegexAST?]
    ) -> [RuleLanguage] {
        table.rules.indices.map { index in
            let rule = table.rules[index]
            if case .regex = rule.matcher {
                if index < automata.automata.count, let dfa = automata.automata[index]?.dfa {
                    let ast = index < patterns.count ? patterns[index] : nil
                    return .automaton(Automaton(dfa: dfa, exact: true, phases: phases(rule, ast: ast, dfa: dfa)))
                }
                // A lookaround with a body, `\X` or `(?w)\b`, which only the NFA decides: the analysis
                // reads the DFA of every path with those tests taken as satisfiable (all its
                // matches and more), so "cannot overlap" is still a proof.
                if case .stateBudget(let limit)? = issues.first(where: { $0.rule == index })?.issue, limit.isConstruct,
                    index < automata.automata.count, let program = automata.automata[index]?.program
                {
                    switch DFABuilder.determinize(program, allMatches: true) {
                    case .success(let relaxed):
                        let ast = index < patterns.count ? patterns[index] : nil
                        return .automaton(Automaton(dfa: relaxed, exact: false, phases: phases(rule, ast: ast, dfa: relaxed)))
                    case .failure(let relaxedLimit):
                        if case .regex(_, _, let detector?) = rule.matcher, let language = detectorLanguage(detector) { return language }
                        return .notAnalyzable(
                            reason: "the DFA of all its paths, its lookarounds taken as satisfiable, needs \(relaxedLimit)")
                    }
                }
                switch issues.first(where: { $0.rule == index })?.issue {
                case .fallback(let construct, _)?: return .notAnalyzable(reason: "it uses \(construct) and runs on NSRegularExpression")
                case .stateBudget(let limit)?: return .notAnalyzable(reason: "it needs \(limit)")
                case nil: return .notAnalyzable(reason: "it has no automaton")
                }
            }
            guard let sound = overApproximation(rule.matcher).flatMap(dfa) else {
                return .notAnalyzable(reason: "its matcher has no automaton")
            }
            let isPrefix: Bool
            if case .prefix = rule.matcher { isPrefix = true } else { isPrefix = false }
            return .automaton(
                Automaton(
                    dfa: sound, exact: false, wordStart: isPrefix, example: examples(rule.matcher).flatMap(dfa),
                    phases: phases(rule, ast: nil, dfa: sound), examplePhases: examplePhases(rule, in: table)))
        }
    }

    /// A curated detector too large for the DFA of all its paths (its TLD alternation, its
    /// brackets): the DFA of `Detectors.Approximation`'s sound pattern, with its examples
    /// searched first.
    private static func detectorLanguage(_ detector: String) -> RuleLanguage? {
        guard let approximation = Detectors.approximations[detector], let sound = dfa(approximation.sound) else { return nil }
        return .automaton(Automaton(dfa: sound, exact: false, example: dfa(approximation.example)))
    }

    private static func dfa(_ pattern: String) -> DFATable? {
        guard case .program(let program) = RegexCompiler.compile(pattern, flags: []) else { return nil }
        return DFABuilder.build(program)
    }

    /// A pattern whose matches are all matches of a tag-family or element rule (a subset:
    /// well-formed tags with a plain name, and a first attribute for elements), for
    /// spelling example texts that the real tag scanner accepts.
    static func examples(_ matcher: MatcherSpec) -> String? {
        // Content without a token of the family: every `<` is followed by something that
        // does not start the name or a closing tag.
        func content(_ name: String) -> String {
            let first =
                RuleLanguage.literal(String(name.prefix(1)).lowercased()) + RuleLanguage.literal(String(name.prefix(1)).uppercased())
            return "(?:[^<]|<+(?:[^/<\(first)]|/[^<\(first)]))*"
        }
        switch matcher {
        case .regex, .prefix, .entity, .element("*", _, _):
            return nil
        case .tagFamily(let family):
            let n = literal(family)
            return "<\(n)>\(content(family))</\(n)>|<\(n)1>\(content(family))</\(n)1>"
        case .element(let name, let attributes, let isVoid):
            let n = literal(name)
            let attribute = attributes.first.map { " " + literal($0) + #"="[^"<>&]*""# }
            let open = attribute.map { "<\(n)(?:\($0))?>" } ?? "<\(n)>"
            return isVoid ? open : open + content(name) + "</\(n)>"
        }
    }

    /// A pattern whose matches include every match of a word-prefix, tag-family or element
    /// rule (`nil` for regex rules).
    ///
    /// Note: tags are spans from an opening token to a closing one. The content is greedy,
    /// so that every close-like token after the opening one ends a match of the pattern
    /// (a lazy one would stop at the first, which may sit inside a quoted attribute value
    /// that the scanner skips); names compare ASCII letters only, as the scanner does, and
    /// the scanner's tag white space is a subset of what the pattern accepts.
    static func overApproximation(_ matcher: MatcherSpec) -> String? {
        let space = "[ \\t\\n\\f\\r]"
        switch matcher {
        case .regex:
            return nil
        case .prefix(let prefix):
            // A word (no White_Space) starting with the prefix; that it starts the word is
            // the search's `wordStart`.
            return literal(prefix) + #"\S*"#
        case .tagFamily(let family):
            let name = asciiCaseless(family) + "[0-9]*"
            return "<\(name)>(?s:.*)(?:</\(name)>|<\(name)/>)"
        case .entity:
            return #"&(?:[A-Za-z][A-Za-z0-9]*|#[0-9]+|#[xX][0-9A-Fa-f]+);"#
        case .element("*", _, _):
            // Any name: the rules it leaves to others only make its matches fewer.
            let tag = "[A-Za-z][A-Za-z0-9-]*"
            return "<\(tag)(?:[\\s/][^>]*)?>(?s:.*)(?:</\(tag)\(space)*>|<\(tag)[\\s/][^>]*>)"
        case .element(let name, _, let isVoid):
            let tag = asciiCaseless(name)
            if isVoid {
                // Attributes as the scanner reads them: a quoted value may hold `>`.
                return #"<\#(tag)(?:[ \t\n\f\r/](?:[^>"']|"[^"]*"|'[^']*')*)?>"#
            }
            return "<\(tag)(?:[\\s/][^>]*)?>(?s:.*)(?:</\(tag)\(space)*>|<\(tag)[\\s/][^>]*>)"
        }
    }

    /// `name` matching its ASCII letters in either case (`[hH]`), the rest literally.
    static func asciiCaseless(_ name: String) -> String {
        name.unicodeScalars.map { s in
            let lower = Character(s).lowercased(), upper = Character(s).uppercased()
            guard s.isASCII, s.properties.isAlphabetic, lower != upper else { return literal(String(s)) }
            return "[\(lower)\(upper)]"
        }.joined()
    }

    /// `text` as a pattern that matches it literally: letters and digits as they are,
    /// anything else as `\x{…}`.
    static func literal(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                out.unicodeScalars.append(scalar)
            } else {
                out += "\\x{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return out
    }
}

/// The common refinement of two DFAs' input classes: each class of the refinement is a
/// set of code points on which both DFAs agree, with a representative code point that
/// witness texts are spelled with (readable ones preferred: `a`, `0`, `A`, punctuation,
/// space, then others).
struct PairAlphabet {
    /// Per refined class, its class in each DFA.
    var classes: [(first: Int, second: Int)] = []
    var representatives: [Unicode.Scalar] = []

    init(_ first: DFATable, _ second: DFATable) {
        var index: [Int: Int] = [:]
        var ranks: [Int] = []
        func add(_ a: Int, _ b: Int, _ scalar: UInt32) {
            let key = a << 16 | b
            if let existing = index[key] {
                // Readable code points are ASCII, met first: a non-ASCII one wins only over
                // a control or white space (its rank reads Unicode data: only then).
                guard scalar < 0x80 || ranks[existing] >= 0x500, let s = Unicode.Scalar(scalar) else { return }
                let rank = Self.rank(s)
                if rank < ranks[existing] {
                    ranks[existing] = rank
                    representatives[existing] = s
                }
                return
            }
            guard let s = Unicode.Scalar(scalar) else { return }
            index[key] = classes.count
            classes.append((a, b))
            representatives.append(s)
            ranks.append(Self.rank(s))
        }
        let asciiA = first.asciiClasses, asciiB = second.asciiClasses
        for c in 0..<0x80 { add(Int(asciiA[c]), Int(asciiB[c]), UInt32(c)) }
        // Runs from U+0080 on: walk the merged run starts of both tables.
        let startsA = first.rangeStarts, classesA = first.rangeClasses
        let startsB = second.rangeStarts, classesB = second.rangeClasses
        var i = 0, j = 0
        var low: UInt32 = 0x80
        while low <= 0x10FFFF {
            while i + 1 < startsA.count, startsA[i + 1] <= low { i += 1 }
            while j + 1 < startsB.count, startsB[j + 1] <= low { j += 1 }
            let nextA = i + 1 < startsA.count ? startsA[i + 1] : 0x110000
            let nextB = j + 1 < startsB.count ? startsB[j + 1] : 0x110000
            let high = min(nextA, nextB)
            // The run's first code point that is a scalar (surrogates are not).
            let scalar = (0xD800..<0xE000).contains(low) ? 0xE000 : low
            if scalar < high { add(Int(classesA[i]), Int(classesB[j]), scalar) }
            low = high
        }
        sortByReadability()
    }

    /// The refined classes ordered by their representative's readability (the search
    /// tries classes in this order, so witnesses use `a` before `A` or `ﬅ`).
    mutating func sortByReadability() {
        let order = representatives.indices.sorted { (Self.rank(representatives[$0]), $0) < (Self.rank(representatives[$1]), $1) }
        classes = order.map { classes[$0] }
        representatives = order.map { representatives[$0] }
    }

    /// Lower is more readable in a witness text.
    static func rank(_ s: Unicode.Scalar) -> Int {
        switch s.value {
        case 0x61...0x7A: return Int(s.value)  // a–z, in order
        case 0x30...0x39: return 0x100 + Int(s.value)
        case 0x41...0x5A: return 0x200 + Int(s.value)
        case 0x21...0x7E: return 0x300 + Int(s.value)
        case 0x20: return 0x400
        case 0x80...0x10FFFF where !s.properties.isWhitespace && s.properties.generalCategory != .control: return 0x500
        default: return 0x600 + Int(s.value & 0xFF)
        }
    }
}

extension DFATable {
    /// Number of look-behind contexts (start states).
    var contextCount: Int { anchoredStarts.count }

    /// The look-behind context after a code point of class `inputClass`, given the one
    /// before it (what `DFARunner.context` computes from the text).
    func context(after inputClass: Int, from context: Int) -> Int {
        let flags = classFlags[inputClass]
        let previous: DFATable.Previous =
            flags & ClassFlag.lineFeed != 0
            ? .lineFeed
            : flags & ClassFlag.carriageReturn != 0 ? .carriageReturn : flags & ClassFlag.lineTerminator != 0 ? .otherTerminator : .other
        var bits = context >> 3
        for k in 0..<boundaryPairCount where flags & ClassFlag.ignorable(k) == 0 {
            if flags & ClassFlag.word(k) != 0 { bits |= 1 << k } else { bits &= ~(1 << k) }
        }
        return DFATable.context(atStart: false, previous: previous, wordBits: bits)
    }
}

import RuleAutomata
import RuleRegex
@_spi(Generated) import RuleRuntime

/// Containers (`nest`) as the conflict analysis reads them: a match is markup before the
/// content, the content, markup after (`Phase`s).
///
/// Note: each phase is a DFA whose anchored run, started where the phase starts in a real
/// match, records a match where it ends there. The phases of a tag or element are the
/// opening tag, `(?s:.*)` and the closing tag; a regex container without `show` is one
/// content phase, its own DFA; a regex container with `show $N`, where group N is an item
/// of the pattern's top-level concatenation, is the items before the group, the group's
/// body and the items after, each compiled alone. A piece compiled alone must accept
/// whatever it consumes inside a real match (which the whole pattern's preferences
/// chose), so its DFA records every end some path reaches (`DFABuilder.build(_:allMatches:)`):
/// a leftmost-first DFA of `.+?` alone would stop after one code point. A group under a
/// quantifier, an alternation or a lookaround has no such split: that rule is analysed as
/// if it were not a container (every overlap counts), which claims no more than the truth.
extension RuleLanguage {
    /// One phase of a container's match.
    struct Phase {
        /// Its anchored run records a match at every end the phase can have in a real match.
        var dfa: DFATable
        /// The code points read in this phase are the container's content.
        var isContent: Bool
    }

    /// The phases of a container's matches; `nil` for a rule that is no container, or one
    /// analysed as if it were not (see the type's note). `dfa` is the rule's automaton
    /// (its own DFA for regex rules), `ast` a regex rule's parsed pattern.
    static func phases(_ rule: RuleEntry, ast: RegexAST?, dfa: DFATable) -> [Phase]? {
        guard rule.nest else { return nil }
        switch rule.matcher {
        case .regex(let pattern, _, _):
            guard let show = rule.presentation.show else { return [Phase(dfa: dfa, isContent: true)] }
            guard let ast, let (before, body, after) = showPieces(ast.root, group: show) else { return nil }
            var phases: [Phase] = []
            for (nodes, isContent) in [(before, false), ([body], true), (after, false)] where !nodes.isEmpty {
                let node =
                    nodes.count == 1
                    ? nodes[0]
                    : RegexNode(
                        .concatenation(nodes), span: nodes[0].span.extended(to: nodes[nodes.count - 1].span), options: nodes[0].options)
                guard let program = RegexCompiler.compilePiece(node, of: ast, pattern: pattern),
                    let piece = DFABuilder.build(program, allMatches: true)
                else { return nil }
                phases.append(Phase(dfa: piece, isContent: isContent))
            }
            return phases
        case .prefix:
            return [Phase(dfa: dfa, isContent: true)]
        case .tagFamily, .element(_, _, isVoid: false):
            guard let (open, close) = markup(rule.matcher) else { return nil }
            return pieces([(open, false), ("(?s:.*)", true), (close, false)])
        case .element, .entity:
            return nil
        }
    }

    /// Plain spellings as phases, whose matches are all real matches (tags spelled
    /// plainly, as `examples` are, with a quoted attribute value that may hold markup;
    /// entities with a few real names), to find example texts with first when the other
    /// rule of a pair is a container; none: the phases serve. `table` names the tags that
    /// the catch-all element leaves to other rules.
    static func examplePhases(_ rule: RuleEntry, in table: StyleTable) -> [[Phase]] {
        func content(_ name: String) -> String {
            let first = literal(String(name.prefix(1)).lowercased()) + literal(String(name.prefix(1)).uppercased())
            return "(?:[^<]|<+(?:[^/<\(first)]|/[^<\(first)]))*"
        }
        /// A paired tag `name` whose opening tag may have `attribute`.
        func paired(_ name: String, _ attribute: String?) -> [Phase]? {
            let n = literal(name)
            let open = attribute.map { "<\(n)(?: \(literal($0))=\"[^\"]*\")?>" } ?? "<\(n)>"
            guard rule.nest else { return pieces([(open + content(name) + "</\(n)>", false)]) }
            return pieces([(open, false), (content(name), true), ("</\(n)>", false)])
        }
        let spellings: [[Phase]?]
        switch rule.matcher {
        case .entity:
            spellings = [pieces([("&(?:amp|lt|gt|quot);", false)])]
        case .tagFamily(let family):
            spellings = [paired(family, nil), paired(family + "1", nil)]
        case .element(let name, let attributes, isVoid: true):
            let n = literal(name), attribute = literal(attributes.first ?? "title")
            spellings = [pieces([("<\(n)(?: \(attribute)=\"[^\"]*\")?>", false)])]
        case .element("*", _, _):
            // A name no other tag rule takes.
            var taken: [(name: String, family: Bool)] = []
            for other in table.rules {
                if case .element(let name, _, _) = other.matcher { taken.append((name, false)) }
                if case .tagFamily(let family) = other.matcher { taken.append((family, true)) }
            }
            let free = ["span", "div", "p", "q", "em", "u"].first { name in
                !taken.contains {
                    $0.family ? name.hasPrefix($0.name) && name.dropFirst($0.name.count).allSatisfy(\.isNumber) : name == $0.name
                }
            }
            spellings = [free.flatMap { paired($0, "title") }]
        case .element(let name, let attributes, isVoid: false):
            spellings = [paired(name, attributes.first ?? "title")]
        case .regex, .prefix:
            spellings = []
        }
        return spellings.compactMap { $0 }
    }

    /// The opening and closing markup of a paired tag rule, as patterns whose matches
    /// include every token the tag scanner reads as such.
    ///
    /// Note: an opening tag's attributes are what the scanner accepts or more: outside
    /// quotes anything but `>` and quotes (a quote starts a value that runs to the same
    /// quote and may hold `<` and `>`). A closing tag is `</name>` (elements: white space
    /// before `>`) or `<name/>`.
    static func markup(_ matcher: MatcherSpec) -> (open: String, close: String)? {
        let space = "[ \\t\\n\\f\\r]"
        switch matcher {
        case .tagFamily(let family):
            let name = asciiCaseless(family) + "[0-9]*"
            return ("<\(name)>", "</\(name)>|<\(name)/>")
        case .element(let name, _, isVoid: false):
            let tag = name == "*" ? "[A-Za-z][A-Za-z0-9-]*" : asciiCaseless(name)
            let attributes = #"(?:[^>"']|"[^"]*"|'[^']*')*"#
            return ("<\(tag)(?:\(space)\(attributes))?>", "</\(tag)\(space)*>|<\(tag)\(space)*/>")
        default:
            return nil
        }
    }

    /// The phases of patterns, each compiled to an all-match DFA; `nil` if one fails.
    private static func pieces(_ patterns: [(String, Bool)]) -> [Phase]? {
        var phases: [Phase] = []
        for (pattern, isContent) in patterns {
            guard case .program(let program) = RegexCompiler.compile(pattern, flags: []),
                let dfa = DFABuilder.build(program, allMatches: true)
            else { return nil }
            phases.append(Phase(dfa: dfa, isContent: isContent))
        }
        return phases
    }

    /// The items of `root`'s top-level concatenation before capturing group `group`, the
    /// group's body, and the items after it; `nil` when the group is no such item.
    /// Non-capturing groups, other capturing groups and flag groups are read through (their
    /// items are the concatenation's); flag changes and empty nodes match nothing.
    static func showPieces(_ root: RegexNode, group: Int) -> (before: [RegexNode], body: RegexNode, after: [RegexNode])? {
        func items(_ node: RegexNode) -> [RegexNode] {
            switch node.kind {
            case .concatenation(let nodes): return nodes.flatMap(items)
            case .empty, .flagChange: return []
            case .group(let g):
                switch g.kind {
                case .capturing(let index, _) where index == group: return [node]
                case .capturing, .nonCapturing, .scopedFlags: return items(g.child)
                default: return [node]
                }
            default: return [node]
            }
        }
        let all = items(root)
        for (k, node) in all.enumerated() {
            guard case .group(let g) = node.kind, case .capturing(group, _) = g.kind else { continue }
            return (Array(all[..<k]), g.child, Array(all[(k + 1)...]))
        }
        return nil
    }
}

import Foundation
@_spi(Generated) import RuleRuntime

extension NestingDifferentialTests {
    /// The nesting contract, written as directly as possible: candidates from
    /// NSRegularExpression and a token list, every kept pair checked, parents by search,
    /// the display built recursively.
    struct Reference {
        let rules: [PoolRule]
        let nests: [Bool]
        let priorities: [Int]
        let table: StyleTable

        struct Candidate {
            var rule: Int
            var range: Range<Int>
            /// Containers only.
            var content: Range<Int>?
            var leafDisplay: String
            var tagName: String?
        }

        struct Output {
            var display: String
            var kept: [Summary]
            var discarded: [Discarded]
        }

        func render(_ text: String) -> Output {
            let units = Array(text.utf16)
            func string(_ r: Range<Int>) -> String { String(decoding: units[r], as: UTF16.self) }
            var candidates: [Candidate] = []
            for (index, rule) in rules.enumerated() {
                candidates += find(rule, index, text, units, string)
            }
            let order = candidates.indices.sorted { a, b in
                let x = candidates[a], y = candidates[b]
                let key1 = (-priorities[x.rule], x.range.lowerBound, -x.range.count, x.rule)
                let key2 = (-priorities[y.rule], y.range.lowerBound, -y.range.count, y.rule)
                return key1 != key2 ? key1 < key2 : a < b
            }
            var rank = [Int](repeating: 0, count: candidates.count)
            for (r, i) in order.enumerated() { rank[i] = r }
            func inside(_ a: Int, _ b: Int) -> Bool {  // a lies in b's content
                guard let content = candidates[b].content else { return false }
                return content.lowerBound <= candidates[a].range.lowerBound && candidates[a].range.upperBound <= content.upperBound
            }
            func conflict(_ a: Int, _ b: Int) -> Bool {
                candidates[a].range.overlaps(candidates[b].range) && !inside(a, b) && !inside(b, a)
            }
            var kept: [Int] = []
            var beaten: [(Int, Int)] = []
            for c in order {
                if let by = kept.first(where: { conflict(c, $0) }) { beaten.append((c, by)) } else { kept.append(c) }
            }
            // Parents: the innermost kept container holding the match in its content (of two
            // holding each other, the one ranked first is the outer).
            var parent: [Int: Int] = [:]
            for m in kept {
                let holders = kept.filter { p in p != m && inside(m, p) && !(inside(p, m) && rank[m] < rank[p]) }
                parent[m] = holders.min { (candidates[$0].range.count, -rank[$0]) < (candidates[$1].range.count, -rank[$1]) }
            }
            func depth(_ m: Int) -> Int { parent[m].map { depth($0) + 1 } ?? 0 }
            let sorted = kept.sorted { a, b in
                (candidates[a].range.lowerBound, -candidates[a].range.upperBound, depth(a))
                    < (candidates[b].range.lowerBound, -candidates[b].range.upperBound, depth(b))
            }
            // The display, recursively, with the display offset of every source unit.
            var map = [Int](repeating: 0, count: units.count + 1)
            var displayRanges: [Int: TextRange] = [:]
            func build(_ span: Range<Int>, _ children: [Int], base: Int) -> [UInt16] {
                var out: [UInt16] = []
                var cursor = span.lowerBound
                for child in children {
                    let c = candidates[child]
                    for u in cursor..<c.range.lowerBound {
                        map[u] = base + out.count
                        out.append(units[u])
                    }
                    let start = base + out.count
                    let shown: [UInt16]
                    if let content = c.content {
                        for u in c.range where !content.contains(u) { map[u] = start }
                        shown = build(content, sorted.filter { parent[$0] == child }, base: start)
                    } else {
                        for u in c.range { map[u] = start }
                        shown = Array(c.leafDisplay.utf16)
                    }
                    displayRanges[child] = TextRange(location: start, length: shown.count)
                    out += shown
                    cursor = c.range.upperBound
                }
                for u in cursor..<span.upperBound {
                    map[u] = base + out.count
                    out.append(units[u])
                }
                return out
            }
            let display = String(decoding: build(0..<units.count, sorted.filter { parent[$0] == nil }, base: 0), as: UTF16.self)
            let position = Dictionary(uniqueKeysWithValues: sorted.enumerated().map { ($1, $0) })
            func presentation(_ c: Int) -> RulePresentation {
                table.rules[candidates[c].rule].presentation(forTag: candidates[c].tagName)
            }
            func style(_ m: Int) -> TextStyle {
                guard parent[m] != nil else { return presentation(m).style }
                var chain: [Int] = []
                var k = parent[m]
                while let p = k {
                    chain.insert(p, at: 0)
                    k = parent[p]
                }
                return (chain + [m]).reduce(table.base) { style, c in style.merged(with: presentation(c).layer ?? presentation(c).style) }
            }
            let summaries = sorted.map { m in
                let c = candidates[m]
                return Summary(
                    rule: rules[c.rule].name, range: TextRange(location: c.range.lowerBound, length: c.range.count),
                    parent: parent[m].map { position[$0]! }, displayRange: displayRanges[m]!,
                    display: c.content == nil
                        ? c.leafDisplay : String(display.utf16.dropFirst(displayRanges[m]!.location).prefix(displayRanges[m]!.length))!,
                    style: style(m), tap: rules[c.rule].tap)
            }
            let discarded = beaten.sorted { a, b in
                let x = candidates[a.0], y = candidates[b.0]
                return (x.range.lowerBound, x.range.count, x.rule, a.0) < (y.range.lowerBound, y.range.count, y.rule, b.0)
            }.map { loser, winner in
                Discarded(
                    rule: rules[candidates[loser].rule].name,
                    range: TextRange(location: candidates[loser].range.lowerBound, length: candidates[loser].range.count),
                    by: TextRange(location: candidates[winner].range.lowerBound, length: candidates[winner].range.count),
                    at: TextRange(location: map[candidates[loser].range.lowerBound], length: 0))
            }
            return Output(display: display, kept: summaries, discarded: discarded)
        }

        /// The matches of one rule, each with its content (containers) or display (leaves).
        func find(
            _ rule: PoolRule, _ index: Int, _ text: String, _ units: [UInt16], _ string: (Range<Int>) -> String
        ) -> [Candidate] {
            let nest = nests[index]
            func range(_ r: NSRange) -> Range<Int> { r.location..<(r.location + r.length) }
            switch rule.kind {
            case .regex(let pattern):
                let regex = try! NSRegularExpression(pattern: pattern)
                return regex.matches(in: text, range: NSRange(location: 0, length: units.count)).filter { $0.range.length > 0 }.map {
                    match in
                    let whole = range(match.range)
                    var shown = whole
                    if let show = rule.show {
                        let group = match.range(at: show)
                        shown = group.location == NSNotFound ? whole.lowerBound..<whole.lowerBound : range(group)
                    }
                    return Candidate(
                        rule: index, range: whole, content: nest ? shown : nil, leafDisplay: rule.replace ?? string(shown), tagName: nil)
                }
            case .entity:
                let regex = try! NSRegularExpression(pattern: "&(?:amp|lt|#x1F600);")
                return regex.matches(in: text, range: NSRange(location: 0, length: units.count)).map { match in
                    let r = range(match.range)
                    return Candidate(rule: index, range: r, content: nil, leafDisplay: entities[string(r)]!, tagName: nil)
                }
            case .family, .element:
                return tags(rule, index, text, units, string)
            }
        }

        /// A tag token: its name, whether it opens, closes or only clears, and its range.
        struct Token {
            enum Kind { case open, close, clear }
            var name: String
            var kind: Kind
            var range: Range<Int>
        }

        func tags(_ rule: PoolRule, _ index: Int, _ text: String, _ units: [UInt16], _ string: (Range<Int>) -> String) -> [Candidate] {
            let regex = try! NSRegularExpression(pattern: #"<(/?)([A-Za-z][A-Za-z0-9-]*)((?:\s+[a-z]+="[^"]*")*)\s*(/?)>"#)
            var elements: Set<String> = []
            var families: [String] = []
            for other in rules {
                if case .element(let name, _) = other.kind, name != "*" { elements.insert(name) }
                if case .family(let name) = other.kind { families.append(name) }
            }
            func isFamilyTag(_ name: String, _ family: String) -> Bool {
                name.hasPrefix(family) && name.dropFirst(family.count).allSatisfy { $0.isASCII && $0.isNumber }
            }
            var tokens: [Token] = []
            for match in regex.matches(in: text, range: NSRange(location: 0, length: units.count)) {
                let r = match.range.location..<(match.range.location + match.range.length)
                let name = (text as NSString).substring(with: match.range(at: 2)).lowercased()
                let closing = match.range(at: 1).length > 0, selfClosing = match.range(at: 4).length > 0
                let attributes = match.range(at: 3).length > 0
                switch rule.kind {
                case .family(let family):
                    guard isFamilyTag(name, family), !attributes, !(closing && selfClosing) else { continue }
                    tokens.append(Token(name: name, kind: closing || selfClosing ? .close : .open, range: r))
                case .element(let element, let isVoid):
                    if element == "*" {
                        guard !elements.contains(name), !families.contains(where: { isFamilyTag(name, $0) }) else { continue }
                    } else {
                        guard name == element else { continue }
                    }
                    if closing {
                        if !attributes, !selfClosing { tokens.append(Token(name: name, kind: .close, range: r)) }
                    } else if selfClosing, !isVoid {
                        tokens.append(Token(name: name, kind: attributes ? .clear : .close, range: r))
                    } else {
                        tokens.append(Token(name: name, kind: .open, range: r))
                    }
                default: continue
                }
            }
            var pairs: [(open: Token, close: Token?)] = []
            var stack: [Token] = []
            for token in tokens {
                if case .element(_, isVoid: true) = rule.kind {
                    if token.kind == .open { pairs.append((token, nil)) }
                    continue
                }
                switch token.kind {
                case .open: if nests[index] { stack.append(token) } else { stack = [token] }
                case .close:
                    if let at = stack.lastIndex(where: { $0.name == token.name }), nests[index] || at == stack.count - 1 {
                        pairs.append((stack[at], token))
                        stack.removeSubrange(at...)
                    } else if !nests[index] {
                        stack = []
                    }
                case .clear: if !nests[index] { stack = [] }
                }
            }
            return pairs.map { open, close in
                let content = open.range.upperBound..<(close?.range.lowerBound ?? open.range.upperBound)
                let whole = open.range.lowerBound..<(close?.range.upperBound ?? open.range.upperBound)
                return Candidate(
                    rule: index, range: whole, content: nests[index] ? content : nil, leafDisplay: rule.replace ?? string(content),
                    tagName: open.name)
            }
        }
    }
}

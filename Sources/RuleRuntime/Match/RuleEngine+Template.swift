/// A template's render: the arguments' characters are never markup.
///
/// Note: how the candidates of a template are found. The filled text is matched twice
/// over, never in a way that lets an argument's characters act as markup:
///
/// 1. The *masked text*: the filled text with every UTF-16 unit of every argument replaced
///    by U+FFFC (so it has the same length and offsets). Every rule runs on it as on any
///    text. A candidate that overlaps no argument is kept (it lies in template text). A
///    candidate that overlaps arguments is kept only when it holds each of them whole in
///    its content range and is a tag, an element or a `nest` container; any other
///    candidate that touches an argument is dropped (before resolution: it never
///    discards anything).
/// 2. Each rich argument alone, as a text of its own: the candidates of the rules with
///    `in arguments` are kept, moved to where the argument is. A plain argument is not
///    matched at all: only candidates of step 1 that hold it whole touch it.
///
/// Resolution (priority, overlap, nesting) then runs on all kept candidates of the filled
/// text as for any text, and ranges are into the filled text. Both engines find the same
/// candidates on any text, so they agree on templates too.
///
/// An HTML spec's template (`RuleEngine.rendersHTML`) is parsed as HTML from the masked
/// text, so an argument is text in the tree, never markup: its characters show as written
/// (no character reference decoded), its white space collapsing as text's does; an
/// element whose start tag holds an argument (`<a href="%@">`) is no match.
extension RuleEngine {
    /// Renders `template`: its text with the arguments in place (`RenderResult.text`), where
    /// an argument's characters are never markup (see `RichTemplate`); `arguments` of the
    /// result gives each argument's range. With string interpolation:
    /// `engine.render(template: "<h1>\(plain: name)</h1> mentioned you: \(message)")`
    /// (every interpolated value is an argument, rich unless written `plain:`;
    /// `render(_:)` of the same string would not know).
    public func render(template: RichTemplate) -> RenderResult {
        let text = template.text
        var result = records(of: resolve(template: text, arguments: template.placedArguments), text: text)
        result.arguments = template.argumentRanges
        return result
    }

    /// Renders a format (`%@`, `%1$@`, `%%`, as `String(format:)` writes them) filled with
    /// `arguments`, which are never markup (see `RichTemplate(format:arguments:)`); each
    /// is rich (rules with `in arguments` may match inside it).
    public func render(template: String, arguments: [String]) -> RenderResult {
        render(template: RichTemplate(format: template, arguments: arguments))
    }

    /// Renders a format filled with arguments of either role:
    /// `render(template: "<h1>%@</h1> mentioned you: %@", arguments: [.plain(name), .rich(message)])`
    /// (no rule matches inside a plain argument).
    @_disfavoredOverload  // `arguments: []` means the `[String]` form (the same render).
    public func render(template: String, arguments: [RichTemplate.Argument]) -> RenderResult {
        render(template: RichTemplate(format: template, arguments: arguments))
    }

    /// The resolution of `text`, whose `arguments` (`RichTemplate.placedArguments`: ranges
    /// in text order, with their roles) are user text.
    package func resolve(
        template text: String, arguments: [(index: Int, range: TextRange, role: RichTemplate.ArgumentRole)]
    ) -> ResolvedText {
        let holes = arguments.map(\.range).filter { $0.length > 0 }
        let units = utf16Units(text)
        let filled = TextUnits.make(text)
        var masked = units
        for hole in holes { for i in hole.location..<hole.upperBound { masked[i] = 0xFFFC } }
        var (candidates, interrupted) = solvedCandidates(String(decoding: masked, as: UTF16.self))
        candidates = candidates.compactMap { candidate in
            guard liesInTemplateText(candidate, holes: holes) else { return nil }
            return candidate.moved(by: 0, into: filled)
        }
        if table.rules.contains(where: \.inArguments) {
            for argument in arguments where argument.role == .rich && argument.range.length > 0 {
                let hole = argument.range
                let (found, stopped) = solvedCandidates(String(decoding: units[hole.location..<hole.upperBound], as: UTF16.self))
                for candidate in found where table.rules[candidate.ruleIndex].inArguments {
                    candidates.append(candidate.moved(by: hole.location, into: filled))
                }
                for var rule in stopped {
                    rule.completeUpTo += hole.location
                    interrupted.append(rule)
                }
            }
        }
        var html: HTMLSource?
        if rendersHTML {
            // The tree of the masked text (an argument is U+FFFC there: text, never markup),
            // its text shown from the filled one in the arguments.
            var tree = HTMLTree(units: masked)
            tree.arguments = (holes, units)
            var (found, source) = htmlCandidates(candidates, tree: tree, source: filled, only: nil)
            // An element whose markup holds an argument (`<a href="%@">`) is no match.
            candidates = []
            var nodes: [Int] = []
            for (index, candidate) in found.enumerated() {
                if let tag = candidate.tagBox?.info, let content = tag.contentRange {
                    let markup = [
                        TextRange(location: candidate.range.location, length: content.location - candidate.range.location),
                        TextRange(location: content.upperBound, length: candidate.range.upperBound - content.upperBound),
                    ]
                    if holes.contains(where: { hole in markup.contains { $0.length > 0 && $0.overlaps(hole) } }) { continue }
                }
                candidates.append(candidate)
                nodes.append(source.nodes[index])
            }
            source.nodes = nodes
            html = source
        }
        let contents = containment?.contents(of: &candidates) { $0.groups }
        let resolution = Resolver.resolve(candidates, priorities: priorities, contents: contents)
        return ResolvedText(
            candidates: candidates, contents: contents, resolution: resolution, interrupted: interrupted, units: filled, html: html)
    }

    /// Whether a candidate found on the masked text keeps arguments out of its markup: it
    /// overlaps none, or it is a tag, an element or a container holding each one it
    /// overlaps whole in its content range.
    func liesInTemplateText(_ candidate: Candidate, holes: [TextRange]) -> Bool {
        let range = candidate.range
        let touched = holes.filter { $0.overlaps(range) }
        if touched.isEmpty { return true }
        let content: TextRange
        if let tag = candidate.tagBox?.info, let tagContent = tag.contentRange {
            content = tagContent
        } else if let containment, containment.holds(candidate) {
            let show = table.rules[candidate.ruleIndex].presentation.show
            content = candidate.contentRange(show: show, groups: { candidate.groups })
        } else {
            return false
        }
        return touched.allSatisfy { content.location <= $0.location && $0.upperBound <= content.upperBound }
    }

    /// Every rule's candidates in `text`, groups solved, and the rules NSRegularExpression
    /// stopped early (named).
    private func solvedCandidates(_ text: String) -> ([Candidate], [InterruptedRule]) {
        var interrupted: [InterruptedRule] = []
        var candidates: [Candidate]
        if let ruleMatcher {
            candidates = ruleMatcher.candidates(
                in: text, source: TextUnits.make(text, marking: ruleMatcher.markTargets), solvingGroups: true, budget: fallbackBudget,
                interrupted: &interrupted)
        } else {
            candidates = matcher.candidates(in: text)
        }
        let ruleCount = priorities.count
        let length = text.utf16.count
        candidates.removeAll {
            $0.range.length <= 0 || $0.range.location < 0 || $0.range.upperBound > length || $0.ruleIndex < 0 || $0.ruleIndex >= ruleCount
        }
        for index in interrupted.indices { interrupted[index].rule = ruleNames[interrupted[index].ruleIndex] }
        return (candidates, interrupted)
    }
}

extension Candidate {
    /// The same candidate found at `offset` in `source` (its groups and tag moved along).
    func moved(by offset: Int, into source: TextUnits) -> Candidate {
        var moved = self
        if offset != 0 {
            func shift(_ r: TextRange) -> TextRange { TextRange(location: r.location + offset, length: r.length) }
            moved.range = shift(range)
            moved.storedGroups = storedGroups.map { $0.map { $0.map(shift) } }
        }
        if let tag = tagBox?.info { moved.tag = tag.moved(by: offset, into: source) }
        return moved
    }
}

import Foundation
@_spi(Generated) import RuleRuntime

/// What a label shows, as an `AttributedString`.
///
/// `attributed_overhead` (the target): `attributedString()` of labels freshly rendered
/// (outside the clock, for each timed call) over the cheapest construction of the same `AttributedString`s on this platform (same
/// characters, runs and attributes, their texts and attribute containers prepared
/// beforehand): appending one piece per run, one string whose runs all get their
/// attributes set, or one string in plain text's attributes whose other runs get theirs,
/// whichever is fastest. 1 would mean the model costs nothing beyond Foundation's
/// construction. On Linux swift-foundation's `AttributedString` construction is about 90 %
/// of a label shown end to end, so a speedup against a ZLRichLabel-style label (each
/// rule's NSRegularExpression matches, ranking, then the same string: `baseline`, kept as
/// a check that both produce equal strings) measures Foundation more than RichRules.
enum AttributedLabels {
    struct Result {
        var compiled: Timing?
        var baseline: Timing
        /// Labels whose two attributed strings differ (0 when both paths agree).
        var disagreements: Int
        /// The parts: RichRules' `render` alone and `attributedString()` alone (on results
        /// rendered for each call, outside the clock); the baseline's matching and ranking alone.
        var renderOnly: Timing?
        var buildOnly: Timing?
        var baselineMatchingOnly: Timing?
        /// The cheapest construction of the same strings, and labels whose rebuilt string
        /// differs from `attributedString()` (0: the comparison is fair).
        var cheapest: Timing?
        var rebuildMismatches = 0
        /// `nil` when a rebuilt string differs (the comparison would not be of the same strings).
        var overhead: Double? { rebuildMismatches == 0 ? Report.ratio(buildOnly?.median, cheapest?.median) : nil }
    }

    static func measure(table: StyleTable, compiled: RuleEngine?, labels: [String], policy: TimingPolicy) throws -> Result {
        let label = try ZLStyleLabel(table: table)
        let baseline = policy.measure {
            var runs = 0
            for text in labels { runs += label.attributedString(text).runs.count }
            return runs
        }
        let matching = policy.measure {
            var kept = 0
            for text in labels { kept += label.keptMatches(text).count }
            return kept
        }
        guard let compiled else { return Result(compiled: nil, baseline: baseline, disagreements: 0, baselineMatchingOnly: matching) }
        let timing = policy.measure {
            var runs = 0
            for text in labels { runs += compiled.render(text).attributedString().runs.count }
            return runs
        }
        let renderOnly = policy.measure {
            var kept = 0
            for text in labels { kept += compiled.render(text).matches.count }
            return kept
        }
        // On results rendered for each call: a result builds its display and runs once, when
        // first read, so results read before would time only the strings' construction.
        let buildOnly = policy.measure(fresh: { labels.map { compiled.render($0) } }) { results in
            var runs = 0
            for result in results { runs += result.attributedString().runs.count }
            return runs
        }
        let rendered = labels.map { compiled.render($0) }
        let disagreements = labels.filter { compiled.render($0).attributedString() != label.attributedString($0) }.count
        // The same strings from their pieces, prepared beforehand.
        let strings = rendered.map { $0.attributedString() }
        let pieces = strings.map { string in
            string.runs.map { run in
                (text: String(string[run.range].characters), scalars: string[run.range].unicodeScalars.count, attributes: run.attributes)
            }
        }
        let displays = rendered.map(\.display)
        func appended(_ runs: [(text: String, scalars: Int, attributes: AttributeContainer)]) -> AttributedString {
            var result = AttributedString()
            for piece in runs { result.append(AttributedString(piece.text, attributes: piece.attributes)) }
            return result
        }
        func attributed(_ display: String, _ runs: [(text: String, scalars: Int, attributes: AttributeContainer)]) -> AttributedString {
            var result = AttributedString(display)
            var index = result.startIndex
            for piece in runs {
                let end = result.unicodeScalars.index(index, offsetBy: piece.scalars)
                result[index..<end].setAttributes(piece.attributes)
                index = end
            }
            return result
        }
        /// The display in plain text's attributes, then the other runs' set on their ranges
        /// (what `attributedString()` does), the containers given.
        func overPlain(_ display: String, _ runs: [(text: String, scalars: Int, attributes: AttributeContainer)]) -> AttributedString {
            let plain =
                runs.first { $0.attributes[RichRulesAttributes.MatchIndexAttribute.self] == nil }?.attributes ?? AttributeContainer()
            var result = AttributedString(display, attributes: plain)
            var index = result.startIndex
            for piece in runs {
                let end = result.unicodeScalars.index(index, offsetBy: piece.scalars)
                if piece.attributes[RichRulesAttributes.MatchIndexAttribute.self] != nil {
                    result[index..<end].setAttributes(piece.attributes)
                }
                index = end
            }
            return result
        }
        let byAppending = policy.measure {
            var runs = 0
            for runsOfLabel in pieces { runs += appended(runsOfLabel).runs.count }
            return runs
        }
        let bySetting = policy.measure {
            var runs = 0
            for (display, runsOfLabel) in zip(displays, pieces) { runs += attributed(display, runsOfLabel).runs.count }
            return runs
        }
        let byOverlaying = policy.measure {
            var runs = 0
            for (display, runsOfLabel) in zip(displays, pieces) { runs += overPlain(display, runsOfLabel).runs.count }
            return runs
        }
        let mismatches = zip(strings, zip(displays, pieces)).filter { string, input in
            appended(input.1) != string || attributed(input.0, input.1) != string || overPlain(input.0, input.1) != string
        }.count
        return Result(
            compiled: timing, baseline: baseline, disagreements: disagreements, renderOnly: renderOnly, buildOnly: buildOnly,
            baselineMatchingOnly: matching, cheapest: [byAppending, bySetting, byOverlaying].min { $0.median < $1.median },
            rebuildMismatches: mismatches)
    }
}

/// A label as ZLRichLabel writes one: an `NSRegularExpression` per rule, every rule's
/// matches, the ranking (priority, position, length, order) with a pairwise overlap
/// check, then the attributed string from the kept matches. (Regex rules only: the
/// social spec has no tags.)
struct ZLStyleLabel {
    struct Rule {
        var index: Int
        var entry: RuleEntry
        var regex: NSRegularExpression
    }
    let rules: [Rule]
    let base: TextStyle

    init(table: StyleTable) throws {
        base = table.base
        rules = try table.rules.enumerated().compactMap { index, entry in
            guard case .regex(let pattern, let flags, _) = entry.matcher else { return nil }
            return Rule(
                index: index, entry: entry, regex: try NSRegularExpression(pattern: pattern, options: flags.regularExpressionOptions))
        }
    }

    /// Every rule's matches, ranked, with the pairwise overlap check; kept ones in text order.
    func keptMatches(_ text: String) -> [(result: NSTextCheckingResult, rule: Rule)] {
        let ns = text as NSString
        var hits: [(result: NSTextCheckingResult, rule: Rule)] = []
        for rule in rules {
            for result in rule.regex.matches(in: text, range: NSRange(location: 0, length: ns.length)) where result.range.length > 0 {
                hits.append((result, rule))
            }
        }
        hits.sort { a, b in
            if a.rule.entry.priority != b.rule.entry.priority { return a.rule.entry.priority > b.rule.entry.priority }
            if a.result.range.location != b.result.range.location { return a.result.range.location < b.result.range.location }
            if a.result.range.length != b.result.range.length { return a.result.range.length > b.result.range.length }
            return a.rule.index < b.rule.index
        }
        var kept: [(result: NSTextCheckingResult, rule: Rule)] = []
        for hit in hits where !kept.contains(where: { NSIntersectionRange($0.result.range, hit.result.range).length > 0 }) {
            kept.append(hit)
        }
        kept.sort { $0.result.range.location < $1.result.range.location }
        return kept
    }

    func attributedString(_ text: String) -> AttributedString {
        let ns = text as NSString
        let kept = keptMatches(text)
        // The display, then the attributed string, piece by piece.
        var pieces: [(text: String, attributes: AttributeContainer)] = []
        var plain = AttributeContainer()
        plain.richRules.style = base
        var cursor = 0
        for (matchIndex, hit) in kept.enumerated() {
            let range = hit.result.range
            if cursor < range.location {
                pieces.append((ns.substring(with: NSRange(location: cursor, length: range.location - cursor)), plain))
            }
            cursor = range.location + range.length
            let p = hit.rule.entry.presentation
            func group(_ n: Int) -> String? {
                guard n < hit.result.numberOfRanges else { return nil }
                let r = hit.result.range(at: n)
                return r.location == NSNotFound ? nil : ns.substring(with: r)
            }
            // A named group, else the field the rule's detector computes (`${url}`, `${user}`).
            func name(_ key: String) -> String? {
                let r = hit.result.range(withName: key)
                if r.location != NSNotFound { return ns.substring(with: r) }
                guard case .regex(_, _, let detector?) = hit.rule.entry.matcher else { return nil }
                return DetectorFields.value(key, detector: detector, text: ns.substring(with: range))
            }
            var attributes = AttributeContainer()
            attributes.richRules.style = p.style
            attributes.richRules.rule = hit.rule.entry.name
            attributes.richRules.matchIndex = matchIndex
            if let tap = p.tap {
                attributes.richRules.tap = TapTarget(
                    handler: tap.handler,
                    arguments: tap.arguments.map { .init(label: $0.label, value: $0.value.render(group: group, name: name)) })
                attributes.link = URL(string: "richrules://match/\(matchIndex)")
            }
            if let image = p.image {
                var attached = attributes
                let source = image.source.render(group: group, name: name)
                func points(_ d: AttachmentDimension?) -> Double? {
                    if case .points(let v)? = d { return v }
                    return nil
                }
                let attachment = Attachment(
                    kind: .image(source: source), width: points(image.width), height: points(image.height),
                    alignment: image.align ?? .middle, alternateText: p.alt?.render(group: group, name: name))
                attached.richRules.attachment = attachment
                attached.alternateDescription = attachment.accessibilityLabel
                pieces.append(("\u{FFFC}", attached))
            } else if let widget = p.widget {
                var attached = attributes
                func points(_ d: AttachmentDimension?) -> Double? {
                    if case .points(let v)? = d { return v }
                    return nil
                }
                let attachment = Attachment(
                    kind: .widget(name: widget.name), width: points(widget.width), height: points(widget.height),
                    alignment: widget.align ?? .middle, isTappable: widget.tappable ?? true,
                    alternateText: p.alt?.render(group: group, name: name))
                attached.richRules.attachment = attachment
                attached.alternateDescription = attachment.accessibilityLabel
                pieces.append(("\u{FFFC}", attached))
            } else if let replace = p.replace {
                pieces.append((replace.render(group: group, name: name), attributes))
            } else {
                pieces.append((ns.substring(with: range), attributes))
            }
        }
        if cursor < ns.length { pieces.append((ns.substring(from: cursor), plain)) }
        // Right-to-left labels: the direction of the first strong character (one paragraph
        // per label, as labels are).
        let direction = BidiDirection.baseDirection(of: pieces.map(\.text).joined())
        var result = AttributedString()
        for var piece in pieces {
            piece.attributes.richRules.writingDirection = direction
            result.append(AttributedString(piece.text, attributes: piece.attributes))
        }
        return result
    }
}

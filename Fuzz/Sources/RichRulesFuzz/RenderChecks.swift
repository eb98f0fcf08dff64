@_spi(Generated) @_spi(Testing) import RuleRuntime

/// What every render must satisfy, whatever the rules: the kept matches are non-empty,
/// inside the text, in order, and disjoint unless nested in their parent's content; the display text is the plain runs and the
/// matches' displays in order, at their display ranges; every discarded match overlaps the
/// kept match its reason names; every lazily built value (captures, named values, taps,
/// content, style) can be read.
enum RenderChecks {
    static func run(_ engine: RuleEngine, texts: [String]) {
        for text in texts {
            let result = engine.render(text)
            check(result, text: text, ruleCount: engine.table.rules.count)
            ResolutionCheck.check(result, table: engine.table)
            Differential.compare(result, table: engine.table)
            PresentationChecks.check(result)
        }
    }

    static func check(_ result: RenderResult, text: String, ruleCount: Int) {
        require(result.text == text, "the result's text is not the rendered text")
        let length = text.utf16.count
        checkKept(result.matches, length: length, ruleCount: ruleCount)
        checkDisplay(result)
        checkDiscarded(result, length: length, ruleCount: ruleCount)
        for rule in result.interrupted {
            require(rule.ruleIndex >= 0 && rule.ruleIndex < ruleCount, "interrupted rule index \(rule.ruleIndex)")
            require(rule.completeUpTo >= 0 && rule.completeUpTo <= length, "interrupted rule complete up to \(rule.completeUpTo)")
        }
    }

    static func checkKept(_ matches: [RuleMatch], length: Int, ruleCount: Int) {
        var end = 0
        for (index, match) in matches.enumerated() {
            checkRange(match, length: length, ruleCount: ruleCount)
            if let parent = match.parent {
                require(parent < index && matches[parent].isContainer, "kept match \(match.rule) has parent \(parent)")
                let content = matches[parent].contentRange
                require(
                    content.location <= match.range.location && match.range.upperBound <= content.upperBound,
                    "kept match \(match.rule) at \(match.range) is not inside its parent's content \(content)")
            } else {
                require(match.range.location >= end, "kept match \(match.rule) at \(match.range) overlaps or precedes the one before")
                end = match.range.upperBound
            }
            touch(match)
        }
    }

    static func checkRange(_ match: RuleMatch, length: Int, ruleCount: Int) {
        require(match.ruleIndex >= 0 && match.ruleIndex < ruleCount, "match of rule index \(match.ruleIndex)")
        require(
            match.range.location >= 0 && match.range.length > 0 && match.range.upperBound <= length,
            "match of \(match.rule) at \(match.range) in a text of \(length) UTF-16 units")
        let groups = match.groupRanges
        require(groups.first == match.range, "group 0 of \(match.rule) is \(String(describing: groups.first)), not \(match.range)")
        for case let group? in groups {
            require(
                group.location >= 0 && group.length >= 0 && group.upperBound <= length,
                "group of \(match.rule) at \(group) in a text of \(length) UTF-16 units")
        }
    }

    /// Reads every value a match computes when asked.
    static func touch(_ match: RuleMatch) {
        _ = match.text
        _ = match.captures
        _ = match.named
        _ = match.tap
        _ = match.content
        _ = match.style
        _ = match.highlight
        _ = match.tag
    }

    /// The display is the segments' texts in order, each at its display range.
    static func checkDisplay(_ result: RenderResult) {
        let display = Array(result.display.utf16)
        var cursor = 0
        for segment in result.segments {
            let range: TextRange
            switch segment {
            case .plain(_, let displayRange): range = displayRange
            case .match(let index): range = result.matches[index].displayRange
            }
            let shown = Array(result.text(of: segment).utf16)
            require(range.location == cursor, "segment \(segment) starts at \(range.location) in the display, not \(cursor)")
            require(range.length == shown.count, "segment \(segment) has display length \(range.length), shows \(shown.count) units")
            require(range.upperBound <= display.count, "segment \(segment) ends past the display (\(display.count) units)")
            require(Array(display[range.location..<range.upperBound]) == shown, "segment \(segment) is not at its display range")
            cursor = range.upperBound
        }
        require(cursor == display.count, "the segments cover \(cursor) of \(display.count) display units")
    }

    /// Discarded matches are valid matches, and each overlaps the kept match that beat it.
    static func checkDiscarded(_ result: RenderResult, length: Int, ruleCount: Int) {
        let kept = Set(result.matches.map(\.range))
        let displayLength = result.display.utf16.count
        for discarded in result.discarded {
            let match = discarded.match
            checkRange(match, length: length, ruleCount: ruleCount)
            touch(match)
            let winner = discarded.reason.keptRange
            require(kept.contains(winner), "discarded \(match.rule) names \(winner), which is not kept")
            require(winner.overlaps(match.range), "discarded \(match.rule) at \(match.range) does not overlap \(winner)")
            require(
                match.displayRange.length == 0 && match.displayRange.upperBound <= displayLength,
                "discarded \(match.rule) has display range \(match.displayRange) in a display of \(displayLength)")
        }
    }
}

import Foundation
import RuleCompiler
@_spi(Generated) @_spi(Testing) import RuleRuntime

/// HTML as servers send it (`RICHRULES_FUZZ_HTML=1`: every input is a text): rendered by
/// HTML specs (`import html`) — `Specs/cms`'s and `Specs/mastodon`'s rules, and one that
/// hides, adds text before and after, and re-lays out elements — with every check of
/// `RenderChecks`, and what the label and the shells read of an HTML render: display ranges
/// inside their parent's, a hit test at every display offset, truncation at several
/// offsets, selections mapping into the source, the attributed string and `html()`.
enum HTMLPipeline {
    static let specs = [
        """
        richrules 1
        import html
        base { font: 16 }
        rule code { match tag <code> nest style { font: "Menlo" 14 } }
        tags h { nest style { font: title3 } tag h1 { style { font: title1 } } }
        """,
        """
        richrules 1
        import html
        rule span { match tag <span class> nest where class has "invisible" { hide } where class has "ellipsis" { after "…" } }
        rule link {
          match tag <a href class>
          nest
          where href != "" { tap openURL(url: ${href}) }
          where class has "mention" { tap openProfile(url: ${href}) }
          where class has "hashtag" { tap openTag(url: ${href}) }
        }
        rule mention { match /@\\w+/ tap mention(name: $0) }
        """,
        """
        richrules 1
        import html
        rule para { match tag <p> nest block style { paragraphSpacing: 8 } }
        rule quote { match tag <blockquote> nest before "> " after " <" }
        rule item { match tag <li class> nest where class has "x" { hide } where class has "p" { pre } }
        rule div { match tag <div> nest inline }
        rule emoji { match /:[a-z]+:/ replace "☺" }
        rule br { match tag <br/> replace " / " }
        rule entity { match entity }
        """,
    ]

    /// The engines of `specs`, compiled once per process.
    static let engines: [RuleEngine] = specs.enumerated().map { index, spec in
        let output = Compiler.compile(source: spec, path: "html\(index).richrules", analyze: false)
        guard let table = output.table, let automata = output.automata, let engine = try? RuleEngine(table: table, automata: automata)
        else {
            fail("HTML fuzz spec \(index) does not compile: \(output.diagnostics.map(\.message))")
        }
        require(engine.rendersHTML, "HTML fuzz spec \(index) does not render HTML")
        return engine
    }

    /// Every engine renders the input with the render checks; the reads a label makes
    /// (presentation, truncation, selection) run on one of them, chosen by the input, so a
    /// run covers more inputs.
    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        let text = String(decoding: bytes, as: UTF8.self)
        let chosen = bytes.reduce(0) { $0 &+ Int($1) } % engines.count
        for (index, engine) in engines.enumerated() {
            let result = engine.render(text)
            RenderChecks.check(result, text: text, ruleCount: engine.table.rules.count)
            checkRanges(result)
            guard index == chosen else { continue }
            PresentationChecks.check(result)
            check(result, text: text)
        }
    }

    /// Display ranges lie in the display, each inside its parent's.
    static func checkRanges(_ result: RenderResult) {
        let count = result.display.utf16.count
        for match in result.matches {
            require(match.displayRange.upperBound <= count, "\(match.rule)'s display range \(match.displayRange) is past the display")
            if let parent = result.matches[safe: match.parent] {
                require(
                    parent.displayRange.location <= match.displayRange.location
                        && match.displayRange.upperBound <= parent.displayRange.upperBound,
                    "\(match.rule)'s display range \(match.displayRange) is outside its parent's \(parent.displayRange)")
            }
        }
    }

    static func check(_ result: RenderResult, text: String) {
        let display = result.display
        let count = display.utf16.count
        for offset in stride(from: 0, through: count, by: max(1, count / 16)) { _ = result.matchIndex(atDisplayOffset: offset) }
        require(String(result.attributedString().characters) == display, "the attributed string is not the display")
        _ = result.html()
        let length = text.utf16.count
        for limit in [1, count / 3, count - 1] where limit >= 0 {
            let cut = result.truncated(toCharacters: limit)
            RenderChecks.checkDisplay(cut)
            let atOffset = result.truncated(atDisplayOffset: limit)
            RenderChecks.checkDisplay(atOffset)
            require(String(atOffset.attributedString().characters) == atOffset.display, "a cut's attributed string is not its display")
        }
        for (start, end) in [(0, count), (count / 4, count / 2), (count / 2, count)] where start <= end {
            let selection = result.selection(ofDisplayRange: TextRange(location: start, length: end - start))
            require(
                selection.sourceRange.location >= 0 && selection.sourceRange.upperBound <= length,
                "selection of \(start)..<\(end) maps to \(selection.sourceRange) in a text of \(length)")
        }
        let all = result.selection(ofDisplayRange: TextRange(location: 0, length: count))
        require(all.sourceText == text, "selecting the whole display does not select the whole text")
    }
}

extension Array {
    fileprivate subscript(safe index: Int?) -> Element? {
        guard let index, indices.contains(index) else { return nil }
        return self[index]
    }
}

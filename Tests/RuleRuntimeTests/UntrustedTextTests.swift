import Foundation
import TestSupport
import XCTest

@testable import RuleAutomata
@_spi(Generated) @_spi(Testing) @testable import RuleRuntime

/// Templates with arguments (docs/Language.md, "Untrusted text"): an argument's characters
/// are never markup, on both engines.
final class UntrustedTextTests: XCTestCase {
    /// `Specs/untrusted.richrules` on NSRegularExpression and on its automata.
    static let engines = makeEngines("untrusted")
    /// Every rule `in arguments`, markup too (what lint warns about): tags, elements,
    /// entities and containers inside arguments, still never across a boundary
    /// (`Specs/untrusted-in-arguments.richrules`).
    static let everyRuleInArguments = makeEngines("untrusted-in-arguments")

    static func makeEngines(_ spec: String) -> (icu: RuleEngine, compiled: RuleEngine) {
        let table = try! CheckedInTables.table(spec)
        return (try! RuleEngine(reference: table), try! RuleEngine(compiling: table))
    }

    func testTheChatExample() throws {
        let name = #"</h1><a href="https://evil.example">Terms</a>"#
        let message = "see <h1>Privacy Policy</h1> &amp; **this** @bob https://ok.example 42"
        for engine in [Self.engines.icu, Self.engines.compiled] {
            let result = engine.render(template: "<h1>%@</h1> mentioned you: %@", arguments: [name, message])
            XCTAssertEqual(result.text, "<h1>\(name)</h1> mentioned you: \(message)")
            let nameRange = TextRange(location: 4, length: name.utf16.count)
            XCTAssertEqual(
                result.arguments,
                [nameRange, TextRange(location: result.text.utf16.count - message.utf16.count, length: message.utf16.count)])
            // The name's link may be found (the rule says `in arguments`), inside the tag.
            XCTAssertEqual(result.matches.map(\.rule), ["h", "link", "mention", "link"])
            XCTAssertEqual(result.matches[1].parent, 0)
            XCTAssertEqual(result.matches[0].contentRange, nameRange)
            XCTAssertEqual(result.matches[0].tap?.handler, "openAgreement")
            XCTAssertEqual(result.matches[0].tag?.text, name)
            XCTAssertEqual(result.matches.map(\.text).dropFirst(), ["https://evil.example", "@bob", "https://ok.example"])
            XCTAssertEqual(result.display, "\(name) mentioned you: \(message)")
            // The same through string interpolation.
            let interpolated = engine.render(template: "<h1>\(name)</h1> mentioned you: \(message)")
            XCTAssertEqual(interpolated, result)
            // HTML shows the name's markup as text, inside the tag's styling.
            let html = result.html()
            XCTAssertFalse(html.contains("<a href=\"https://evil.example\">"), html)
            XCTAssertTrue(html.contains("&lt;/h1&gt;&lt;a href="), html)
        }
    }

    /// A plain argument holds no match: a hostile display name keeps its markup as text and
    /// gets no tap, while the message beside it (rich) keeps its mentions and links.
    func testAPlainArgumentHoldsNoMatch() {
        let name = #"<a href="x">Eve</a> @admin https://evil.example"#
        let message = "hi @bob https://ok.example"
        for engine in [Self.engines.icu, Self.engines.compiled] {
            let result = engine.render(template: "**%@** mentioned you: %@", arguments: [.plain(name), .rich(message)])
            XCTAssertEqual(result.text, "**\(name)** mentioned you: \(message)")
            // Bold holds the whole name; nothing lies inside it.
            XCTAssertEqual(result.matches.map(\.rule), ["bold", "mention", "link"])
            XCTAssertEqual(result.matches.map(\.text).dropFirst(), ["@bob", "https://ok.example"])
            XCTAssertEqual(result.matches[0].contentRange, result.arguments[0])
            XCTAssertEqual(result.discarded.count, 0)
            XCTAssertEqual(result.display, "\(name) mentioned you: \(message)")
            // The same with string interpolation.
            XCTAssertEqual(engine.render(template: "**\(plain: name)** mentioned you: \(message)"), result)
            // Rich (the default), the name's mention and link match inside it.
            let rich = engine.render(template: "**%@** mentioned you: %@", arguments: [name, message])
            XCTAssertEqual(rich.matches.map(\.rule), ["bold", "mention", "link", "mention", "link"])
            XCTAssertEqual(rich.matches[1].parent, 0)
        }
    }

    /// Placeholders of either role: positional ones take their argument's role, and a
    /// missing argument is an empty rich one.
    func testArgumentRoles() {
        let t = RichTemplate(format: "%2$@ %1$@ %@ %@%3$@", arguments: [.plain("a"), .rich("b")])
        XCTAssertEqual(t.text, "b a a b")
        XCTAssertEqual(t.placedArguments.map(\.role), [.rich, .plain, .plain, .rich, .rich])
        XCTAssertEqual(t.numberedArguments.map(\.role), [.plain, .plain, .rich, .rich, .rich])
        XCTAssertEqual(RichTemplate(format: "%@", arguments: ["x"]), RichTemplate(format: "%@", arguments: [.rich("x")]))
        let interpolated: RichTemplate = "\(plain: 1) and \(2)"
        XCTAssertEqual(interpolated.pieces, [.argument("1", index: 0, role: .plain), .text(" and "), .argument("2", index: 1)])
        // `arguments: []` still means the `[String]` form.
        XCTAssertEqual(Self.engines.compiled.render(template: "@x", arguments: []).matches.map(\.rule), ["mention"])
    }

    func testFormats() {
        let t = RichTemplate(format: "%2$@ & %1$@ %@ 100%% %d %", arguments: ["a", "b"])
        XCTAssertEqual(t.text, "b & a a 100% %d %")
        XCTAssertEqual(
            t.argumentRanges, [TextRange(location: 4, length: 1), TextRange(location: 6, length: 1), TextRange(location: 0, length: 1)])
        XCTAssertEqual(RichTemplate(format: "%3$@|%@", arguments: []).text, "|")
        XCTAssertEqual(RichTemplate(format: "%0$@ %1$", arguments: ["x"]).text, "%0$@ %1$")
    }

    /// Template markup around a placeholder styles it; the template's own rules do not reach
    /// into it, nor does an argument make a match with the template's text.
    func testBoundaries() {
        for engine in [Self.engines.icu, Self.engines.compiled] {
            let bold = engine.render(template: "**%@** 12%@", arguments: ["@x 7", "34"])
            XCTAssertEqual(bold.matches.map(\.rule), ["bold", "mention", "number"])
            XCTAssertEqual(bold.matches.map(\.text), ["**@x 7**", "@x", "12"])
            let joined = engine.render(template: "@%@ #%@ &%@", arguments: ["bob", "x", "amp;"])
            XCTAssertEqual(joined.matches.map(\.rule), [])
        }
    }

    static let templatePieces = [
        "<h1>", "</h1>", "<h2>", "</h2>", "<h>", "</h>", "%@", "%@", "%@", "%1$@", "**", "<a href=\"/t\">", "</a>", "&amp;", " ", "hi",
        "@al", "#x", "https://ok.example ", "%%", "12", "x", "<h1>%@</h1>", "**%@**", "<a href=\"/t\">%@</a>", "<h2>%@ %@</h2>",
    ]
    static let argumentPieces = [
        "</h1>", "<h1>", "<h2>x</h2>", #"<a href="https://evil.example">Terms</a>"#, "</a>", "&amp;", "&lt;", "**", "@bob", "#tag",
        "https://evil.example", "%@", "%1$@", " ", "x", "é", "😀", "_", "7", "<h1>Privacy Policy</h1>",
    ]

    /// Random templates and hostile arguments: both engines keep the same matches, those of
    /// a brute-force reference of the contract, and every kept match keeps arguments out
    /// of its markup.
    func testRandomTemplatesAgainstTheReference() {
        XCTAssertEqual(Self.everyRuleInArguments.icu.table.rules.filter(\.inArguments).count, 8)
        randomTemplates(Self.engines, seed: testSeed(20_261_227))
        randomTemplates(Self.everyRuleInArguments, seed: testSeed(20_261_227) &+ 1)
    }

    func randomTemplates(_ engines: (icu: RuleEngine, compiled: RuleEngine), seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let (icu, compiled) = engines
        var inside = 0
        var holding = 0
        var madePlain = 0
        defer {
            // The rounds met both cases the contract allows, and plain arguments that would
            // hold matches if they were rich.
            XCTAssertGreaterThan(inside, 50, "seed \(seed)")
            XCTAssertGreaterThan(holding, 20, "seed \(seed)")
            XCTAssertGreaterThan(madePlain, 20, "seed \(seed)")
        }
        for round in 0..<400 {
            let template = (0..<random.below(9)).map { _ in random.pick(Self.templatePieces) }.joined()
            // Plain arguments in one round of three.
            let arguments = (0..<3).map { _ in
                let text = (0..<random.below(4)).map { _ in random.pick(Self.argumentPieces) }.joined()
                return RichTemplate.Argument(text, role: random.below(3) == 0 ? .plain : .rich)
            }
            let context = "seed \(seed) round \(round): template \(template.debugDescription) arguments \(arguments)"
            let a = icu.render(template: template, arguments: arguments)
            let b = compiled.render(template: template, arguments: arguments)
            XCTAssertEqual(a, b, context)
            let filled = RichTemplate(format: template, arguments: arguments)
            XCTAssertEqual(a.matches.map { [$0.ruleIndex, $0.range.location, $0.range.length] }, reference(icu, filled), context)
            checkContract(a, filled, table: icu.table, context)
            for match in a.matches {
                for hole in a.arguments where hole.overlaps(match.range) {
                    if hole.location <= match.range.location && match.range.upperBound <= hole.upperBound {
                        inside += 1
                    } else {
                        holding += 1
                    }
                }
            }
            let plain = filled.placedArguments.filter { $0.role == .plain }.map(\.range)
            if !plain.isEmpty {
                let rich = icu.render(template: template, arguments: arguments.map { .rich($0.text) })
                let insidePlain = rich.matches.filter { m in
                    plain.contains { $0.location <= m.range.location && m.range.upperBound <= $0.upperBound }
                }
                madePlain += insidePlain.count
            }
            if a != b { return }
        }
    }

    /// Kept matches as `[rule, location, length]`, in the engine's order, by the contract
    /// written out unit by unit.
    func reference(_ engine: RuleEngine, _ template: RichTemplate) -> [[Int]] {
        let text = template.text
        var owner = [Int](repeating: -1, count: text.utf16.count)
        var holes: [TextRange] = []
        for placed in template.placedArguments where placed.range.length > 0 {
            for u in placed.range.location..<placed.range.upperBound { owner[u] = holes.count }
            holes.append(placed.range)
        }
        let masked = String(decoding: text.utf16.enumerated().map { owner[$0.offset] >= 0 ? 0xFFFC : $0.element }, as: UTF16.self)
        var candidates: [Candidate] = []
        var contents: [TextRange?] = []
        let whole = engine.resolve(masked)
        for (i, candidate) in whole.candidates.enumerated() {
            let content = candidate.tag?.contentRange ?? whole.contents?[i] ?? nil
            let units = candidate.range.location..<candidate.range.upperBound
            let inArgument = units.filter { owner[$0] >= 0 }
            let ok = inArgument.allSatisfy { u in
                guard let content, content.location <= u, u < content.upperBound else { return false }
                let hole = holes[owner[u]]
                return candidate.range.location <= hole.location && hole.upperBound <= candidate.range.upperBound
                    && content.location <= hole.location && hole.upperBound <= content.upperBound
            }
            if ok {
                candidates.append(candidate)
                contents.append(whole.contents?[i] ?? nil)
            }
        }
        for placed in template.placedArguments where placed.range.length > 0 && placed.role == .rich {
            let hole = placed.range
            let piece = String(decoding: Array(text.utf16)[hole.location..<hole.upperBound], as: UTF16.self)
            let inside = engine.resolve(piece)
            for (i, candidate) in inside.candidates.enumerated() where engine.table.rules[candidate.ruleIndex].inArguments {
                var moved = candidate
                moved.range.location += hole.location
                candidates.append(moved)
                contents.append(inside.contents?[i].map { TextRange(location: $0.location + hole.location, length: $0.length) } ?? nil)
            }
        }
        let resolution = Resolver.resolve(candidates, priorities: engine.table.rules.map(\.priority), contents: contents)
        return resolution.kept.map { [candidates[$0].ruleIndex, candidates[$0].range.location, candidates[$0].range.length] }
            .sorted { ($0[1], -$0[2]) < ($1[1], -$1[2]) }
    }

    /// No kept match crosses an argument's boundary; one that overlaps an argument lies
    /// inside it (its rule has `in arguments`, the argument is rich) or holds it whole in
    /// its content (a tag, an element or a container).
    func checkContract(_ result: RenderResult, _ template: RichTemplate, table: StyleTable, _ context: String) {
        let plain = template.placedArguments.filter { $0.role == .plain }.map(\.range)
        for match in result.matches {
            for hole in result.arguments where hole.overlaps(match.range) {
                let inside = hole.location <= match.range.location && match.range.upperBound <= hole.upperBound
                let holds = match.contentRange.location <= hole.location && hole.upperBound <= match.contentRange.upperBound
                if inside {
                    XCTAssertTrue(table.rules[match.ruleIndex].inArguments, "\(match.rule) \(match.range) \(context)")
                    XCTAssertFalse(plain.contains(hole), "\(match.rule) \(match.range) inside a plain argument, \(context)")
                } else {
                    XCTAssertTrue(holds && (match.tag != nil || match.isContainer), "\(match.rule) \(match.range) \(context)")
                }
            }
        }
    }
}

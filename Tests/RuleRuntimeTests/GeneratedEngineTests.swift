import Foundation
import XCTest

@testable import RuleAutomata
@_spi(Generated) @_spi(Testing) @testable import RuleRuntime

/// What generated code builds its engine from: per-rule automaton chunks
/// (`CompiledRuleSet(rules:)`) and `RuleEngine(generated:automata:)`, which cannot fail.
final class GeneratedEngineTests: XCTestCase {
    static let table = StyleTable(
        name: "G", source: "g.richrules", base: TextStyle(), styles: [:], highlight: nil, handlers: [:],
        rules: [
            RuleEntry(
                name: "mention", matcher: .regex(pattern: #"@\w+"#, flags: [], detector: nil),
                presentation: RulePresentation(style: TextStyle())),
            RuleEntry(name: "hash", matcher: .prefix("#"), presentation: RulePresentation(style: TextStyle())),
            RuleEntry(
                name: "year", matcher: .regex(pattern: #"\b(19|20)\d\d\b"#, flags: [], detector: nil),
                presentation: RulePresentation(style: TextStyle())),
        ])
    static let text = "@ann wrote in 1999 about #tags and @bob in 2024"

    func kept(_ engine: RuleEngine) -> [String] {
        engine.render(Self.text).matches.map { "\($0.rule) \($0.text)" }
    }

    func testPerRuleChunksRoundTrip() throws {
        let automata = AutomataBuilder.build(Self.table).automata
        let chunks = Self.table.rules.indices.map { automata.encodedRule($0).map { Data($0).base64EncodedString() } }
        XCTAssertNil(chunks[1], "a prefix rule has no automaton")
        let decoded = CompiledRuleSet(rules: chunks)
        XCTAssertEqual(decoded, automata)
        XCTAssertEqual(kept(RuleEngine(generated: Self.table, automata: decoded)), kept(try RuleEngine(reference: Self.table)))
    }

    /// Blocks two rules hold (here `\w`'s set and class boundaries, in `mention` and
    /// `word`) are stored once and referred to; decoding resolves them; a missing block
    /// leaves the rules that need it on NSRegularExpression.
    func testSharedBlocksRoundTrip() throws {
        var table = Self.table
        table.rules.append(
            RuleEntry(
                name: "word", matcher: .regex(pattern: #"\b\w+ly\b"#, flags: [], detector: nil),
                presentation: RulePresentation(style: TextStyle())))
        let automata = AutomataBuilder.build(table).automata
        let encoded = automata.encodedRules()
        XCTAssertFalse(encoded.shared.isEmpty, "\\w is in two rules")
        for block in encoded.shared { XCTAssertGreaterThanOrEqual(block.rules.count, 2) }
        let sharedBytes: Int = encoded.shared.map(\.block.count).reduce(0, +)
        let chunkBytes: Int = encoded.rules.compactMap { $0?.count }.reduce(0, +)
        let unsharedBytes: Int = table.rules.indices.compactMap { automata.encodedRule($0)?.count }.reduce(0, +)
        XCTAssertLessThan(chunkBytes + sharedBytes, unsharedBytes, "sharing makes the data smaller")
        let chunks = encoded.rules.map { $0.map { Data($0).base64EncodedString() } }
        let shared = encoded.shared.map { Data($0.block).base64EncodedString() }
        XCTAssertEqual(CompiledRuleSet(rules: chunks, shared: shared), automata)
        let withoutBlocks = CompiledRuleSet(rules: chunks)
        let rulesWithBlocks = Set(encoded.shared.flatMap(\.rules))
        XCTAssertEqual(rulesWithBlocks, [0, 2, 3], "\\w (mention), \\b (year, word)")
        for index in table.rules.indices {
            XCTAssertEqual(withoutBlocks.automata[index] == nil, rulesWithBlocks.contains(index) || index == 1, "rule \(index)")
        }
        XCTAssertEqual(
            RuleEngine(generated: table, automata: withoutBlocks).render(Self.text + " truly").matches.map(\.text),
            try RuleEngine(reference: table).render(Self.text + " truly").matches.map(\.text))
    }

    /// A chunk that does not decode (damaged, or of another format version) leaves its rule
    /// on NSRegularExpression: same matches, no crash.
    func testUndecodableChunkFallsBackToICU() throws {
        let automata = AutomataBuilder.build(Self.table).automata
        var chunks = Self.table.rules.indices.map { automata.encodedRule($0).map { Data($0).base64EncodedString() } }
        var bytes = try XCTUnwrap(automata.encodedRule(0))
        bytes[2] &+= 1  // format version
        chunks[0] = Data(bytes).base64EncodedString()
        chunks[2] = "not base64 at all!"
        let decoded = CompiledRuleSet(rules: chunks)
        XCTAssertNil(decoded.automata[0])
        XCTAssertNil(decoded.automata[2])
        XCTAssertEqual(decoded.decodingFailures[2], BinaryDecodingError("not base64"))
        XCTAssertEqual(
            decoded.decodingFailures[0]?.description,
            "invalid compiled matcher data: format version \(CompiledRuleSet.formatVersion + 1); this runtime reads "
                + "\(CompiledRuleSet.formatVersion) (regenerate with the matching rulegen)")
        XCTAssertEqual(kept(RuleEngine(generated: Self.table, automata: decoded)), kept(try RuleEngine(reference: Self.table)))
        XCTAssertEqual(
            kept(RuleEngine(generated: Self.table, automata: decoded)),
            ["mention @ann", "year 1999", "hash #tags", "mention @bob", "year 2024"])
    }

    /// A pattern NSRegularExpression rejects (no automaton to run instead) makes its rule
    /// match nothing; the other rules still match. The throwing initializer reports it.
    func testRejectedPatternMatchesNothing() throws {
        var table = Self.table
        table.rules.append(
            RuleEntry(
                name: "broken", matcher: .regex(pattern: "(", flags: [], detector: nil), presentation: RulePresentation(style: TextStyle()))
        )
        XCTAssertThrowsError(try RuleEngine(reference: table))
        let engine = RuleEngine(generated: table)
        XCTAssertEqual(kept(engine), ["mention @ann", "year 1999", "hash #tags", "mention @bob", "year 2024"])
    }
}

import Foundation
import RuleAutomata
@_spi(Generated) @_spi(Testing) import RuleRuntime
import XCTest

/// Compiling a rule is bounded by work, not only by its DFA's size: pathological patterns
/// (nested counted repetitions, long `.{n}` tails, large classes under `i`) stop at the
/// construction-work budget and run on their NFA, which still agrees with
/// NSRegularExpression. (How long they take is measured by `rulebench`'s
/// `worst_rule_compile_seconds`, not here.)
final class CompileBudgetTests: XCTestCase {
    /// Patterns that took from seconds to minutes to determinize before the work budget.
    static let nested = [
        "(a{1,30}){1,30}b", "(a{1,60}){1,60}b", "(a{1,200}){1,200}b", "((a{0,30}){0,30}){0,30}b", "x{5000}", "a{1,100000}",
    ]

    func testNestedRepetitionsStopAtTheWorkBudgetAndRunOnTheirNFA() throws {
        let table = StyleTable(
            name: "Budget", source: "budget.richrules", base: TextStyle(), styles: [:], highlight: nil, handlers: [:],
            rules: Self.nested.enumerated().map { index, pattern in
                RuleEntry(
                    name: "r\(index)", matcher: .regex(pattern: pattern, flags: [], detector: nil),
                    presentation: RulePresentation(style: TextStyle()))
            })
        let built = AutomataBuilder.build(table)
        let (automata, issues) = (built.automata, built.issues)
        for (index, pattern) in Self.nested.enumerated() {
            XCTAssertNotNil(automata.automata[index], pattern)
            XCTAssertNil(automata.automata[index]?.dfa, pattern)
            let limit = issues.first { $0.rule == index }?.issue
            XCTAssertTrue(limit == .stateBudget(.work) || limit == .stateBudget(.states), "\(pattern): \(String(describing: limit))")
        }
        XCTAssertEqual(issues.first { $0.rule == 0 }?.issue, .stateBudget(.work))

        let compiled = try RuleEngine(table: table, automata: automata)
        let reference = try RuleEngine(reference: table)
        // Texts on which NSRegularExpression does not backtrack for long (every `a` run
        // ends in `b`).
        for text in ["aab", String(repeating: "a", count: 70) + "b", "ab aab " + String(repeating: "x", count: 5001), ""] {
            XCTAssertEqual(compiled.render(text).matches.map(\.range), reference.render(text).matches.map(\.range), text)
        }
    }

    func testTheWorkBudgetIsDeterministicAndNamed() throws {
        guard case .program(let program) = RegexCompiler.compile("(a{1,30}){1,30}b", flags: []) else { return XCTFail("no program") }
        XCTAssertEqual(DFABuilder.determinize(program).map { _ in 0 }, .failure(.work))
        guard case .program(let small) = RegexCompiler.compile("@\\w+", flags: []) else { return XCTFail("no program") }
        XCTAssertEqual(DFABuilder.determinize(small, maxWork: 10).map { _ in 0 }, .failure(.work))
        XCTAssertEqual(DFABuilder.determinize(small, maxStates: 2).map { _ in 0 }, .failure(.states))
        XCTAssertNotNil(DFABuilder.build(small))
        XCTAssertEqual("\(DFALimit.work)", "more than 2000000 steps to build its DFA")
    }

    /// Every distinct property costs an ICU probe over all code points (~30 ms): past 16
    /// in one pattern, the rule falls back instead of taking seconds to compile, whatever
    /// was compiled before it in the process.
    func testManyDistinctPropertiesFallBack() {
        let scripts = [
            "Greek", "Latin", "Cyrillic", "Arabic", "Hebrew", "Han", "Hiragana", "Katakana", "Thai", "Hangul", "Armenian", "Georgian",
            "Devanagari", "Bengali", "Tamil", "Telugu", "Kannada",
        ]
        let sixteen = scripts.prefix(16).map { "\\p{\($0)}" }.joined()
        guard case .program = RegexCompiler.compile(sixteen, flags: []) else { return XCTFail("16 properties compile") }
        let seventeen = scripts.map { "[\\p{\($0)}x]" }.joined()
        guard case .fallback(let construct, let offset) = RegexCompiler.compile(seventeen, flags: []) else {
            return XCTFail("17 properties fall back")
        }
        XCTAssertEqual(construct, "more than 16 distinct Unicode properties")
        XCTAssertEqual(offset, 16 * 7 + scripts.prefix(16).map(\.count).reduce(0, +) + 1, "the 17th property, inside its class")
        // A property named twice counts once.
        let repeated = (scripts.prefix(16) + scripts.prefix(16)).map { "\\p{\($0)}" }.joined()
        guard case .program = RegexCompiler.compile(repeated, flags: []) else { return XCTFail("repeats count once") }
    }

    /// A case-insensitive literal of thousands of letters has thousands of sets and input
    /// classes: the table of which set accepts which class alone is over the work budget,
    /// so the rule goes to its NFA at once (it took 30 s and 400 MB for 20,000 letters).
    func testLongCaseInsensitiveLiteralsSkipTheDFAAtOnce() throws {
        let letters = (0x100..<0x3000).compactMap(Unicode.Scalar.init).filter {
            $0.properties.generalCategory == .lowercaseLetter || $0.properties.generalCategory == .uppercaseLetter
        }
        var pattern = "(?i)"
        pattern.unicodeScalars.append(contentsOf: letters.prefix(2000))
        guard case .program(let program) = RegexCompiler.compile(pattern, flags: []) else { return XCTFail("no program") }
        XCTAssertEqual(DFABuilder.determinize(program).map { _ in 0 }, .failure(.work))
        let literal = String(String.UnicodeScalarView(letters.prefix(2000)))
        let text = literal + " " + literal.uppercased()
        let ranges = try XCTUnwrap(NSRegularExpression(pattern: pattern)).matches(
            in: text, range: NSRange(location: 0, length: text.utf16.count)
        )
        .map { TextRange(location: $0.range.location, length: $0.range.length) }
        XCTAssertFalse(ranges.isEmpty)
        XCTAssertEqual(CompiledRegex(program: program).matches(in: Array(text.utf16)).map { $0[0] }, ranges)
    }
}

import Foundation
import RuleRuntime
import TestSupport
import XCTest

@testable import RuleAutomata
@testable import RuleCompiler

/// NSRegularExpression as the reference the compiled matcher must equal.
enum ICUReference {
    /// Matches as capture ranges (`nil` for groups that did not participate), or `nil` when
    /// ICU gave up: more than `budget` × 10,000 backtracking steps, or an internal error such
    /// as its backtracking stack overflowing (the matches it found until then are not all of
    /// them). (ICU's answer after extreme backtracking is not reliable: it can report no match
    /// where one exists.)
    static func matches(_ regex: NSRegularExpression, in text: String, budget: Int = 40) -> [[TextRange?]]? {
        var results: [[TextRange?]] = []
        var steps = 0
        var gaveUp = false
        let range = NSRange(location: 0, length: text.utf16.count)
        regex.enumerateMatches(in: text, options: [.reportProgress, .reportCompletion], range: range) { match, flags, stop in
            if flags.contains(.internalError) { gaveUp = true }
            if flags.contains(.progress) {
                steps += 1
                if steps > budget {
                    gaveUp = true
                    stop.pointee = true
                }
                return
            }
            guard let match else { return }
            results.append(
                (0..<match.numberOfRanges).map { group in
                    let range = match.range(at: group)
                    return range.location == NSNotFound ? nil : TextRange(location: range.location, length: range.length)
                })
        }
        return gaveUp ? nil : results
    }

    /// `matches(_:in:budget:)`, counted in `count`: compared, or skipped when ICU gave up.
    static func matches(
        _ regex: NSRegularExpression, in text: String, budget: Int = 40, counting count: inout ComparisonCount
    ) -> [[TextRange?]]? {
        count.count(matches(regex, in: text, budget: budget))
    }

    static func regex(_ pattern: String, _ flags: RegexFlags) -> NSRegularExpression? {
        try? NSRegularExpression(pattern: pattern, options: flags.regularExpressionOptions)
    }

    /// `[[0, 3] [1, 2] nil]`-style text for failure messages.
    static func describe(_ matches: [[TextRange?]]?) -> String {
        guard let matches else { return "ICU gave up" }
        return matches.map { "[" + $0.map { $0?.description ?? "nil" }.joined(separator: " ") + "]" }.joined(separator: " ")
    }
}

/// Compiles `pattern` (which must compile to a program) and checks it against
/// NSRegularExpression on every text; ICU may give up (past `budget` × 10,000 steps) on at
/// most 1 % of them.
func assertAgreesWithICU(
    _ pattern: String, _ flags: RegexFlags = [], on texts: [String], budget: Int = 40, file: StaticString = #filePath,
    line: UInt = #line
) {
    guard case .program(let program) = RegexCompiler.compile(pattern, flags: flags) else {
        XCTFail(
            "\(pattern.debugDescription) did not compile to a program: \(RegexCompiler.compile(pattern, flags: flags))", file: file,
            line: line)
        return
    }
    guard let regex = ICUReference.regex(pattern, flags) else {
        XCTFail("NSRegularExpression rejects \(pattern.debugDescription)", file: file, line: line)
        return
    }
    let compiled = CompiledRegex(program: program)
    var count = ComparisonCount()
    for text in texts {
        guard let expected = ICUReference.matches(regex, in: text, budget: budget, counting: &count) else { continue }
        let actual = compiled.matches(in: Array(text.utf16))
        if expected != actual {
            XCTFail(
                "pattern \(pattern.debugDescription) flags '\(flags.letters)' text \(text.debugDescription): "
                    + "ICU \(ICUReference.describe(expected)), compiled \(ICUReference.describe(actual))", file: file, line: line)
        }
    }
    count.check(compared: 1, "pattern \(pattern.debugDescription) flags '\(flags.letters)'", file: file, line: line)
}

extension ComparisonCount {
    /// Fails the test when the counts miss their bounds (`shortfall`), after `context`: the
    /// seed of a random run, the pattern.
    func check(
        compared minimum: Int, skippedAtMost maximum: Int? = nil, _ context: @autoclosure () -> String, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        if let shortfall = shortfall(compared: minimum, skippedAtMost: maximum) {
            XCTFail("\(context()): \(shortfall)", file: file, line: line)
        }
    }
}

/// The matches of `pattern` by the compiled matcher, as `[location, length]` of group 0.
func compiledMatches(_ pattern: String, _ flags: RegexFlags = [], in text: String) -> [String] {
    guard case .program(let program) = RegexCompiler.compile(pattern, flags: flags) else { return ["no program"] }
    return CompiledRegex(program: program).matches(in: Array(text.utf16)).map { $0[0]?.description ?? "nil" }
}

final class CompiledRegexTests: XCTestCase {
    // MARK: - The reference

    /// Out of backtracking stack, ICU stops with no match and an internal-error flag: the
    /// reference gives up there (a skip the differentials count) instead of answering "no
    /// match", which the engines would be held to.
    func testTheReferenceGivesUpWhenICURunsOutOfStack() throws {
        let regex = try XCTUnwrap(ICUReference.regex("(?:a|b)*c|a", []))
        XCTAssertNil(ICUReference.matches(regex, in: String(repeating: "a", count: 2_000_000) + "c", budget: 10_000))
        let text = String(repeating: "a", count: 20_000) + "c"
        XCTAssertEqual(ICUReference.matches(regex, in: text, budget: 10_000), [[TextRange(location: 0, length: 20_001)]])
    }

    // MARK: - ScalarSet

    func testScalarSetNormalizesAndOperates() {
        let set = ScalarSet(ranges: [5...9, 0...2, 3...4, 20...30, 25...40])
        XCTAssertEqual(set.ranges, [0...9, 20...40])
        XCTAssertEqual(set.count, 31)
        XCTAssertTrue(set.contains(0) && set.contains(9) && set.contains(40))
        XCTAssertFalse(set.contains(10) || set.contains(41) || set.contains(0x10FFFF))
        let other = ScalarSet(ranges: [8...22, 100...100])
        XCTAssertEqual(set.union(other).ranges, [0...40, 100...100])
        XCTAssertEqual(set.intersection(other).ranges, [8...9, 20...22])
        XCTAssertEqual(set.subtracting(other).ranges, [0...7, 23...40])
        XCTAssertEqual(set.inverted().ranges, [10...19, 41...0x10FFFF])
        XCTAssertEqual(set.inverted().inverted(), set)
        XCTAssertEqual(ScalarSet().inverted(), .all)
        XCTAssertEqual(ScalarSet.all.inverted(), ScalarSet())
        XCTAssertEqual(ScalarSet(0x1F600).singleScalar, 0x1F600)
        XCTAssertNil(set.singleScalar)
    }

    func testScalarSetMembershipMatchesNaiveCheck() {
        var rng = SeededGenerator(seed: testSeed(0x5E7))
        for _ in 0..<50 {
            let ranges = (0..<8).map { _ -> ClosedRange<UInt32> in
                let low = UInt32.random(in: 0...300, using: &rng)
                return low...(low + UInt32.random(in: 0...20, using: &rng))
            }
            let set = ScalarSet(ranges: ranges)
            let other = ScalarSet(ranges: ranges.map { ($0.lowerBound / 2)...($0.upperBound / 2 + 3) })
            let (union, intersection, difference, inverse) = (
                set.union(other), set.intersection(other), set.subtracting(other), set.inverted()
            )
            for value in UInt32(0)...340 {
                let inSet = ranges.contains { $0.contains(value) }
                let inOther = other.contains(value)
                XCTAssertEqual(set.contains(value), inSet)
                XCTAssertEqual(union.contains(value), inSet || inOther)
                XCTAssertEqual(intersection.contains(value), inSet && inOther)
                XCTAssertEqual(difference.contains(value), inSet && !inOther)
                XCTAssertEqual(inverse.contains(value), !inSet)
            }
        }
    }

    // MARK: - Program encoding

    func testEncodingRoundTripsAndIsCompact() throws {
        for (pattern, flags) in [("@\\w+", RegexFlags()), ("1[3-9]\\d{9}", []), ("(?i)ß|\\b(?<n>ab)+$", [.multiline]), ("(?s).*", [])] {
            guard case .program(let program) = RegexCompiler.compile(pattern, flags: flags) else { return XCTFail(pattern) }
            let bytes = program.encoded()
            XCTAssertEqual(try RegexProgram(decoding: bytes), program, pattern)
            XCTAssertEqual(Array(bytes.prefix(3)), [0x52, 0x58, 1], "no lookaround: the first binary form")
        }
        guard case .program(let looking) = RegexCompiler.compile("a(?=bc)", flags: []) else { return XCTFail() }
        XCTAssertEqual(Array(looking.encoded().prefix(3)), [0x52, 0x58, RegexProgram.encodingVersion])
        XCTAssertEqual(try RegexProgram(decoding: looking.encoded()), looking)
        guard case .program(let mention) = RegexCompiler.compile("@\\w+", flags: []) else { return XCTFail() }
        XCTAssertLessThan(mention.encoded().count, 2000, "\\w has ~800 ranges; varint deltas keep it small")
    }

    func testDecodingRejectsMalformedData() throws {
        guard case .program(let program) = RegexCompiler.compile("a(b)c", flags: []) else { return XCTFail() }
        let bytes = program.encoded()
        XCTAssertThrowsError(try RegexProgram(decoding: []))
        XCTAssertThrowsError(try RegexProgram(decoding: [0x52, 0x59] + bytes.dropFirst(2)))
        XCTAssertThrowsError(try RegexProgram(decoding: [0x52, 0x58, 99] + bytes.dropFirst(3)))
        XCTAssertThrowsError(try RegexProgram(decoding: Array(bytes.dropLast())))
        XCTAssertThrowsError(try RegexProgram(decoding: bytes + [0]))
        var badTarget = program
        badTarget.instructions[0] = .split(preferred: 0, alternative: 999)
        XCTAssertThrowsError(try RegexProgram(decoding: badTarget.encoded()))
        var badSlot = program
        badSlot.instructions[0] = .save(slot: 99, next: 1)
        XCTAssertThrowsError(try RegexProgram(decoding: badSlot.encoded()))
    }

    // MARK: - Matching API

    func testGroupsThatDidNotParticipateAreNil() {
        guard case .program(let program) = RegexCompiler.compile("(a)|(b)", flags: []) else { return XCTFail() }
        let matches = CompiledRegex(program: program).matches(in: Array("ba".utf16))
        XCTAssertEqual(
            matches,
            [
                [TextRange(location: 0, length: 1), nil, TextRange(location: 0, length: 1)],
                [TextRange(location: 1, length: 1), TextRange(location: 1, length: 1), nil],
            ])
    }

    func testFirstMatchStartsAtTheGivenOffsetWithContextBefore() {
        guard case .program(let program) = RegexCompiler.compile("\\bb|(?m)^c", flags: []) else { return XCTFail() }
        let regex = CompiledRegex(program: program)
        let text = Array("ab\nc b".utf16)
        XCTAssertEqual(regex.firstMatch(in: text, from: 1)?[0], TextRange(location: 3, length: 1))
        XCTAssertEqual(regex.firstMatch(in: text, from: 4)?[0], TextRange(location: 5, length: 1))
        XCTAssertNil(regex.firstMatch(in: text, from: 6))
        XCTAssertNil(regex.firstMatch(in: text, from: 7))
    }

    func testEmptyMatchesAdvanceByOneCodePoint() {
        XCTAssertEqual(compiledMatches("(?:)", in: "😀a"), ["[0, 0]", "[2, 0]", "[3, 0]"])
        assertAgreesWithICU("x*", on: ["😀a😀", "xx😀", ""])
        assertAgreesWithICU("\\b", on: ["😀ab 😀"])
    }

    func testUnpairedSurrogatesReadAsReplacementCharacters() {
        guard case .program(let program) = RegexCompiler.compile("[\\x{FFFD}]|\\x{1F600}", flags: []) else { return XCTFail() }
        let matches = CompiledRegex(program: program).matches(in: [0xD83D, 0x61, 0xD83D, 0xDE00, 0xDE00])
        XCTAssertEqual(
            matches.map { $0[0] },
            [TextRange(location: 0, length: 1), TextRange(location: 2, length: 2), TextRange(location: 4, length: 1)])
    }

    // MARK: - Fallback and invalid patterns

    func testConstructsWithoutAnAutomatonFallBackWithOffsets() {
        let cases: [(String, String, Int)] = [
            ("(a)\\1", "backreference", 3), ("x(?=(y+))", "lookahead with a group and no length bound", 1),
            ("\\Ga", "\\G", 0), ("ab(?>a|ab)c", "atomic group", 2),
            ("(?:a|ab)++a", "possessive quantifier", 0), ("(a?)*?b", "lazy loop whose body can match empty", 0),
            ("x\\ud800y", "unpaired surrogate in a literal string", 0),
        ]
        for (pattern, construct, offset) in cases {
            guard case .fallback(let name, let at) = RegexCompiler.compile(pattern, flags: []) else {
                XCTFail("\(pattern) should fall back")
                continue
            }
            XCTAssertEqual(name, construct, pattern)
            XCTAssertEqual(at, offset, pattern)
        }
        // `(?w)` without a word boundary under it changes nothing.
        assertAgreesWithICU("(?w)a.", on: ["ab a"])
    }

    func testInvalidPatternsAreReportedNotCompiled() {
        for pattern in ["", "(", "a{2,1}", "[z-a]", "\\p{Nonsense}"] {
            guard case .invalid = RegexCompiler.compile(pattern, flags: []) else {
                XCTFail("\(pattern.debugDescription) should be invalid")
                continue
            }
        }
    }

    /// Regression (differential seed 8 of the case-folding stress run): the probe cache was
    /// keyed by `String`, whose equality is canonical equivalence, so `(?i)[j\u{30C}]`
    /// reused the set of `(?i)[ǰ]` (U+01F0) and missed "J".
    func testCanonicallyEquivalentClassesAreDistinct() {
        assertAgreesWithICU("(?i)[\u{1F0}]", on: ["J", "j\u{30C}", "\u{1F0}"])
        assertAgreesWithICU("(?i)[j\u{30C}](?:\u{574})*", on: ["Jss\u{131}", "\u{30C}"])
        assertAgreesWithICU("[e\u{301}]", on: ["e", "\u{E9}"])
        assertAgreesWithICU("[\u{E9}]", on: ["e", "\u{E9}"])
    }

    func testAtomicAndPossessiveFormsThatChangeNothingCompile() {
        assertAgreesWithICU("a*+b", on: ["aaab", "b", "aa"])
        assertAgreesWithICU("\\d++", on: ["12 345", ""])
        assertAgreesWithICU("a++$", on: ["aaa", "aaa\n", "ab"])
        assertAgreesWithICU("(?>\\w+)\\s", on: ["ab cd", "ab"])
        assertAgreesWithICU("x(?>abc)[^;]{1,2}+;", on: ["xabcde;", "xabc;", "xabcd;;"])
        assertAgreesWithICU("(a*+)b", on: ["aab"])
    }
}

import Foundation
import TestSupport
import XCTest

@testable import RuleAutomata
@_spi(Generated) @_spi(Testing) @testable import RuleRuntime

/// The lazy DFA (`LazyDFA`) on real rule shapes: the rules of `Specs/feed.richrules`
/// (twitter-text's extraction: URLs over the IANA TLD list with and without a scheme,
/// lookaround boundaries, possessive counts), scheme-less URL shapes, large alternations,
/// on seeded random posts, against NSRegularExpression. The random grammar of
/// `RegexDifferentialTests` runs every program on it too.
///
/// 1,500 texts per pattern by default, 50,000 with `RICHRULES_LONG=1`; `RICHRULES_SEED`
/// replaces the seed, which every failure prints.
final class LazyDFATests: XCTestCase {
    /// The feed spec's regex rules: (name, pattern, flags, program).
    static func feedRules() throws -> [(String, String, RegexFlags, RegexProgram)] {
        let table = try CheckedInTables.table("feed")
        let automata = AutomataBuilder.build(table).automata
        return table.rules.enumerated().compactMap { index, rule in
            guard case .regex(let pattern, let flags, _) = rule.matcher, let program = automata.automata[index]?.program else { return nil }
            return (rule.name, pattern, flags, program)
        }
    }

    /// Pieces posts are made of: words in several scripts, links with and without a
    /// scheme, domains, mentions, hashtags, cashtags, emails, numbers, and the punctuation
    /// the rules' boundaries look at.
    static let pieces: [String] = [
        "hello", "World", "mañana", "привет", "日本語", "中文", "한국어", "العربية", "ภาษาไทย", "rt", "RT", "via",
        "https://", "http://", "HTTPS://", "www.", "example", ".com", ".co", ".tv", ".jp", ".io", ".xn--p1ai", ".museum", ".c",
        "t.co/", "bit.ly/", "/path", "?q=1&x=y", "#frag", "(", ")", "[", "]", ":", "://", "/", ".", "..", ",", "!", "?", "'",
        "\"", "-", "_", "~", "@", "＠", "#", "＃", "$", "＄", "%", "&", "*", "+", "=", "|", "\\", "alice", "bob_99", "a1",
        "AAPL", "$TSLA", "user@mail.com", "x.y+z@sub.domain.org", "+1", "415", "555-0132", "(020)", "010", "1234", "3.14",
        "2026-05-01", "v1.2.3", "。", "，", "、", "！", "」", "）", "…", "—", "\u{200D}", "\u{FE0F}", "\u{20E3}", "😀", "👍🏽", "é",
        "\u{0301}", " ", " ", " ", "\n", "\t", "\r\n", "\u{3000}", "\u{00A0}",
    ]

    static func post(_ rng: inout SeededGenerator) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 1...14, using: &rng) { text += pieces.randomElement(using: &rng)! }
        return text
    }

    /// The lazy DFA of `program` against NSRegularExpression on every text, on UTF-16 and
    /// UTF-8; at most 1 % of the texts skipped where ICU gave up.
    @discardableResult
    func assertLazyAgrees(
        _ name: String, _ pattern: String, _ flags: RegexFlags, _ program: RegexProgram, texts: [String], memoryLimit: Int,
        seed: UInt64, file: StaticString = #filePath, line: UInt = #line
    ) -> ComparisonCount {
        var count = ComparisonCount()
        defer { count.check(compared: 1, "seed \(seed) rule \(name) (memory limit \(memoryLimit))", file: file, line: line) }
        guard let regex = ICUReference.regex(pattern, flags) else {
            XCTFail("\(name): NSRegularExpression rejects the pattern", file: file, line: line)
            return count
        }
        guard let lazy = LazyDFA(program: program, memoryLimit: memoryLimit) else {
            XCTFail("\(name): no lazy DFA", file: file, line: line)
            return count
        }
        var failures = 0
        for text in texts {
            guard let expected = ICUReference.matches(regex, in: text, budget: 10_000, counting: &count) else { continue }
            let units = Array(text.utf16)
            let actual = units.withUnsafeBufferPointer { lazy.matches(in: $0) }
            if actual != expected {
                failures += 1
                if failures <= 5 {
                    XCTFail(
                        "seed \(seed) rule \(name) (memory limit \(lazy.memoryLimit)) text \(text.debugDescription): "
                            + "ICU \(ICUReference.describe(expected)), lazy DFA \(ICUReference.describe(actual))", file: file, line: line)
                }
            }
            // The same search on the string's own UTF-8 (match ranges; groups are solved later).
            var wholes: [TextRange] = []
            Array(text.utf8).withUnsafeBufferPointer { bytes in
                units.withUnsafeBufferPointer { u in lazy.matches(utf8: bytes, units: { u }) { range, _ in wholes.append(range) } }
            }
            let expectedWholes = expected.compactMap { $0[0] }.filter { $0.length > 0 }
            if wholes != expectedWholes {
                failures += 1
                if failures <= 5 {
                    XCTFail(
                        "seed \(seed) rule \(name) on UTF-8 (memory limit \(lazy.memoryLimit)) text \(text.debugDescription): "
                            + "ICU \(expectedWholes), lazy DFA \(wholes)", file: file, line: line)
                }
            }
        }
        return count
    }

    /// Every regex rule of the feed spec has a lazy DFA and agrees with NSRegularExpression
    /// on random posts, with the default cache and with a cache of a few states.
    func testFeedRulesOnRandomPosts() throws {
        let long = ProcessInfo.processInfo.environment["RICHRULES_LONG"] == "1"
        let seed = testSeed(0x5EED_FEED)
        var rng = SeededGenerator(seed: seed)
        let texts = (0..<(long ? 50_000 : 1_500)).map { _ in Self.post(&rng) }
        let rules = try Self.feedRules()
        XCTAssertEqual(rules.map(\.0), ["url", "email", "phone", "mention", "hashtag", "cashtag"])
        var count = ComparisonCount()
        for (name, pattern, flags, program) in rules {
            count.add(assertLazyAgrees(name, pattern, flags, program, texts: texts, memoryLimit: LazyDFA.defaultMemoryLimit, seed: seed))
            count.add(assertLazyAgrees(name, pattern, flags, program, texts: Array(texts.prefix(300)), memoryLimit: 0, seed: seed))
        }
        print(
            "lazy DFA, feed rules (seed \(seed)): \(count.compared) rule × text pairs against NSRegularExpression, "
                + "\(count.skipped) skipped where ICU gave up")
        count.check(compared: rules.count * (texts.count + 300) * 99 / 100, "seed \(seed)")
    }

    /// The rules that can start at any letter jump between the occurrences of a literal
    /// every match holds: `.` for URLs, `@` for emails.
    func testRulesThatStartAnywhereSearchFromALiteral() throws {
        let rules = Dictionary(uniqueKeysWithValues: try Self.feedRules().map { ($0.0, $0.3) })
        XCTAssertEqual(LazyDFA(program: try XCTUnwrap(rules["url"]))?.required?.literal, UInt8(ascii: "."))
        XCTAssertEqual(LazyDFA(program: try XCTUnwrap(rules["email"]))?.required?.literal, UInt8(ascii: "@"))
        XCTAssertNil(LazyDFA(program: try XCTUnwrap(rules["mention"]))?.required, "few start code points: no literal needed")
    }

    /// The curated detectors on the same random posts, on their lazy DFAs; `detector(link)`
    /// matches hold a `:` (a scheme) or a `.` (a host without one), so its search jumps
    /// between those two.
    func testDetectorsAgreeAndLinkSearchesFromTwoLiterals() throws {
        let kinds = ["link", "email", "phone", "mention", "hashtag", "cashtag"]
        // Specs/detectors.richrules: `rule KIND { match detector(KIND) }` for each kind.
        let table = try CheckedInTables.table("detectors")
        XCTAssertEqual(table.rules.map(\.name), kinds)
        let automata = AutomataBuilder.build(table).automata
        let seed = testSeed(0x5EED_D37E)
        var rng = SeededGenerator(seed: seed)
        let texts = (0..<800).map { _ in Self.post(&rng) }
        for (index, rule) in table.rules.enumerated() {
            guard case .regex(let pattern, let flags, _) = rule.matcher else { return XCTFail() }
            let program = try XCTUnwrap(automata.automata[index]?.program)
            assertLazyAgrees(rule.name, pattern, flags, program, texts: texts, memoryLimit: LazyDFA.defaultMemoryLimit, seed: seed)
        }
        let link = try XCTUnwrap(LazyDFA(program: try XCTUnwrap(automata.automata[0]?.program))?.required)
        XCTAssertEqual(Set([link.literal, link.second]), [UInt8(ascii: ":"), UInt8(ascii: ".")])
        XCTAssertEqual(LazyDFA(program: try XCTUnwrap(automata.automata[1]?.program))?.required?.literal, UInt8(ascii: "@"))
    }

    /// Scheme-less URL shapes, a large literal alternation, lookaround boundaries: the
    /// shapes a DFA built ahead of time cannot hold.
    func testURLShapesAndLargeAlternations() {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let tlds: [String] = (0..<300).map { (i: Int) -> String in
            let first = String(letters[i % 26])
            let second = String(letters[(i / 26) % 26])
            return first + second + (i % 3 == 0 ? "x" : "")
        }
        let patterns: [(String, RegexFlags)] = [
            (#"(?<![\w@.])(?:[a-z0-9-]+\.)+(?:"# + tlds.joined(separator: "|") + #")(?![\w@])(?:/[^\s]*)?"#, [.caseInsensitive]),
            (#"(?<![\w.+-])[\w.+-]+@(?:[\w-]+\.)+[a-z]{2,}(?![\w@]|\.\w)"#, []),
            (#"\b(?:https?://)?(?:www\.)?[a-z]+\.(?:com|co|tv|jp)\b(?!://)"#, [.caseInsensitive]),
            (#"(?<=^|\s)#\w+(?=\s|$)"#, []),
            (#"(?<![\p{L}\p{N}_])[@＠][A-Za-z0-9_]{1,20}+(?![@＠]|://)"#, []),
            (#"\d+(?=px\b|em\b)"#, []),
            (#"\b(?!https\b)[a-z]{5}\b"#, []),
        ]
        let seed = testSeed(0x5EED_0A11)
        var rng = SeededGenerator(seed: seed)
        let texts = (0..<800).map { _ in Self.post(&rng) } + ["ab.ab", "x.ax/y z.bb", "AB.cdx", "a.b.c.aa", "px 12px 3em 4emx"]
        var count = ComparisonCount()
        for (pattern, flags) in patterns {
            guard case .program(let program) = RegexCompiler.compile(pattern, flags: flags) else {
                XCTFail("\(pattern) does not compile")
                continue
            }
            count.add(assertLazyAgrees(pattern, pattern, flags, program, texts: texts, memoryLimit: LazyDFA.defaultMemoryLimit, seed: seed))
        }
        count.check(compared: patterns.count * texts.count * 99 / 100, "seed \(seed)")
    }

    /// A cache of a few states clears again and again and may give up to the Pike VM: the
    /// answers stay NSRegularExpression's, and the memory stays near the limit.
    func testASmallCacheClearsAndStaysCorrect() throws {
        let (name, pattern, flags, program) = try XCTUnwrap(Self.feedRules().first { $0.0 == "url" })
        let limit = 64 << 10
        let seed = testSeed(0x5EED_CAC8)
        var rng = SeededGenerator(seed: seed)
        let texts = (0..<200).map { _ in (0..<20).map { _ in Self.post(&rng) }.joined(separator: " ") }
        assertLazyAgrees(name, pattern, flags, program, texts: texts, memoryLimit: limit, seed: seed)
        let lazy = try XCTUnwrap(LazyDFA(program: program, memoryLimit: limit))
        for text in texts { _ = Array(text.utf16).withUnsafeBufferPointer { lazy.matches(in: $0) } }
        XCTAssertLessThanOrEqual(lazy.peakCacheBytes, limit + 64 << 10, "a cache stays within its limit (plus one state)")
    }
}

extension LazyDFATests {
    /// Eight threads searching at once on one DFA (a cache each) under a budget of 256 KB:
    /// NSRegularExpression's answers on every thread, the caches together within the budget
    /// (plus one state a search that found it spent), and two idle caches kept afterwards,
    /// the others freed with their bytes. (Each thread's cache grew to the cache limit and
    /// stayed in the pool: memory grew with the threads.)
    func testTheCachesOfEveryThreadShareOneBudget() throws {
        let (name, pattern, flags, program) = try XCTUnwrap(Self.feedRules().first { $0.0 == "url" })
        let regex = try XCTUnwrap(ICUReference.regex(pattern, flags))
        let memory = LazyMemory(limit: 256 << 10)
        let lazy = try XCTUnwrap(LazyDFA(program: program, memory: memory))
        let seed = testSeed(0x5EED_B0D6)
        var rng = SeededGenerator(seed: seed)
        let texts = (0..<8).map { _ in (0..<60).map { _ in Self.post(&rng) }.joined(separator: " ") }
        var count = ComparisonCount()
        let expected = texts.map { ICUReference.matches(regex, in: $0, budget: 100_000, counting: &count) }
        count.check(compared: texts.count, "seed \(seed)")
        final class Outcomes: @unchecked Sendable {
            // Unchecked: each thread writes its own index, read after all have finished.
            var matches: [[[TextRange?]]]
            init(_ count: Int) { matches = Array(repeating: [], count: count) }
        }
        let outcomes = Outcomes(texts.count)
        let done = DispatchGroup()
        for (index, text) in texts.enumerated() {
            done.enter()
            Thread {
                var found: [[TextRange?]] = []
                for _ in 0..<5 { found = Array(text.utf16).withUnsafeBufferPointer { lazy.matches(in: $0) } }
                outcomes.matches[index] = found
                done.leave()
            }.start()
        }
        done.wait()
        for (index, text) in texts.enumerated() where expected[index] != nil {
            XCTAssertEqual(outcomes.matches[index], expected[index], "seed \(seed) rule \(name) text \(text.debugDescription)")
        }
        XCTAssertGreaterThan(memory.peakBytes, memory.limit / 2, "the budget binds")
        XCTAssertLessThanOrEqual(memory.peakBytes, memory.limit + texts.count * (64 << 10), "seed \(seed)")
        XCTAssertLessThanOrEqual(lazy.idleCaches, LazyDFA.pooledCaches)
        XCTAssertLessThanOrEqual(memory.usedBytes, LazyDFA.pooledCaches * lazy.memoryLimit + (64 << 10), "the freed caches' bytes are back")
    }

    /// The whole feed spec on the compiled engine — lazy DFAs in the shared scan (mention,
    /// hashtag, phone beside the cashtag's DFA), the others searching from their literal on
    /// the text's UTF-8 — renders exactly what the engine on NSRegularExpression renders.
    func testFeedSpecEngineAgreesWithNSRegularExpression() throws {
        let table = try CheckedInTables.table("feed")
        let compiled = try RuleEngine(compiling: table)
        XCTAssertEqual(compiled.nfaOnlyRules, [])
        XCTAssertEqual(compiled.lazyDFARules.map { table.rules[$0].name }, ["url", "email", "phone", "mention", "hashtag"])
        let scanned = Set(compiled.ruleMatcher?.storage.scanRules.map { table.rules[$0].name } ?? [])
        XCTAssertEqual(scanned, ["phone", "mention", "hashtag", "cashtag"], "rules that start at few code points share the scan")
        let reference = try RuleEngine(reference: table)
        let seed = testSeed(0x5EED_F00D)
        var rng = SeededGenerator(seed: seed)
        let long = ProcessInfo.processInfo.environment["RICHRULES_LONG"] == "1"
        var failures = 0
        for _ in 0..<(long ? 20_000 : 800) {
            let text = (0..<Int.random(in: 1...4, using: &rng)).map { _ in Self.post(&rng) }.joined(separator: " ")
            let actual = compiled.render(text)
            let expected = reference.render(text)
            guard
                actual.matches.map(\.range) != expected.matches.map(\.range) || actual.matches.map(\.rule) != expected.matches.map(\.rule)
                    || actual.discarded.map(\.match.range) != expected.discarded.map(\.match.range)
            else { continue }
            failures += 1
            if failures <= 5 {
                XCTFail(
                    "seed \(seed) text \(text.debugDescription): ICU \(expected.matches.map { "\($0.rule)\($0.range)" }), "
                        + "compiled \(actual.matches.map { "\($0.rule)\($0.range)" })")
            }
        }
    }

    /// The shared scan with lazy rules on UTF-16 units and on UTF-8 bytes: each rule's
    /// matches are NSRegularExpression's.
    func testSharedScanWithLazyRulesOnBothEncodings() throws {
        let rules = try Self.feedRules().filter { ["phone", "mention", "hashtag", "cashtag"].contains($0.0) }
        let regexes = rules.map { AcceleratedRegex(program: $0.3, dfa: DFABuilder.build($0.3), ownScan: false) }
        let scan = try XCTUnwrap(CompiledScan(regexes))
        XCTAssertEqual(scan.lazyRules.count, 3)
        let references = try rules.map { try XCTUnwrap(ICUReference.regex($0.1, $0.2)) }
        let seed = testSeed(0x5EED_5CA7)
        var rng = SeededGenerator(seed: seed)
        var count = ComparisonCount()
        for _ in 0..<600 {
            let text = Self.post(&rng) + " " + Self.post(&rng)
            let units = Array(text.utf16)
            let expected = references.compactMap { regex in
                ICUReference.matches(regex, in: text, budget: 10_000, counting: &count)?.compactMap { $0[0] }.filter { $0.length > 0 }
            }
            guard expected.count == rules.count else { continue }  // ICU gave up on a rule: counted
            var onUnits = [[TextRange]](repeating: [], count: rules.count)
            units.withUnsafeBufferPointer { u in scan.run(u) { index, whole, _, _ in onUnits[index].append(whole) } }
            var onBytes = [[TextRange]](repeating: [], count: rules.count)
            Array(text.utf8).withUnsafeBufferPointer { bytes in
                units.withUnsafeBufferPointer { u in scan.run(utf8: bytes, units: { u }) { index, range, _ in onBytes[index].append(range) }
                }
            }
            XCTAssertEqual(onUnits, expected, "seed \(seed) UTF-16 \(text.debugDescription)")
            XCTAssertEqual(onBytes, expected, "seed \(seed) UTF-8 \(text.debugDescription)")
        }
        count.check(compared: 600 * rules.count * 99 / 100, "seed \(seed)")
    }
}

extension LazyDFATests {
    /// A lazy DFA and its pooled caches are freed with it (a cache refers to its DFA
    /// unowned: the pool holds the caches).
    func testALazyDFAIsFreedWithItsCaches() throws {
        let (_, _, _, program) = try XCTUnwrap(Self.feedRules().first { $0.0 == "mention" })
        weak var weakDFA: LazyDFA?
        weak var weakCache: LazyDFACache?
        do {
            let lazy = try XCTUnwrap(LazyDFA(program: program))
            _ = Array("RT @alice, ＠bob: hi".utf16).withUnsafeBufferPointer { lazy.matches(in: $0) }
            weakDFA = lazy
            let cache = lazy.takeCache()
            weakCache = cache
            lazy.giveBack(cache)
        }
        XCTAssertNil(weakDFA, "the DFA is freed")
        XCTAssertNil(weakCache, "its pooled cache too")
    }
}

import Foundation
import RuleRuntime
import TestSupport
import XCTest

@testable import RuleAutomata
@testable import RuleCompiler

/// The ICU regex front end, checked against NSRegularExpression itself: every accept or
/// reject decision must be ICU's.
final class RegexParserTests: XCTestCase {
    // MARK: - Helpers

    private static func flags(_ letters: Substring) -> RegexFlags { RegexFlags(letters: String(letters)) ?? [] }

    private static func icuAccepts(
        _ pattern: String, _ flags: RegexFlags,
        extra: NSRegularExpression.Options = []
    ) -> Bool {
        (try? NSRegularExpression(pattern: pattern, options: flags.regularExpressionOptions.union(extra))) != nil
    }

    private static func parses(_ pattern: String, _ flags: RegexFlags) -> Bool {
        (try? RegexParser.parse(pattern, flags: flags)) != nil
    }

    private func parse(
        _ pattern: String, _ flags: RegexFlags = [], file: StaticString = #filePath,
        line: UInt = #line
    ) -> RegexAST? {
        do {
            return try RegexParser.parse(pattern, flags: flags)
        } catch {
            XCTFail("\(pattern.debugDescription): \(error)", file: file, line: line)
            return nil
        }
    }

    // MARK: - Hand-written corpus

    /// `<+|-><flags> <pattern>`: whether ICU accepts the pattern (so a change in either
    /// engine shows up), compile flags, and the pattern to the end of the line.
    private static let corpus = #"""
        + a
        + é中😀
        + ]
        - }
        - {
        - a{
        - a{1
        - a{1,2
        + a\{\}
        + \x41\x4
        - \xg
        + \x{1F600}\x{0000041}
        - \x{00000041}
        - \x{}
        - \x{110000}
        + \x{10FFFF}
        + \u00e9\U0001F600
        - \u12
        - \U00110000
        + \ud83d\ude00
        + \ud83d
        + \0101\0377\0400
        - \0
        - \08
        + \cA\c\
        + \c
        + \e\a\t\n\f\r
        + \y\E\-\ \#
        + \Qa.b*\E+
        + \Qabc
        + a\Q\E*
        - \Q\E*
        - \
        + \\
        + \N{LATIN SMALL LETTER A}
        + \N{latin small letter a}
        + \N{CJK UNIFIED IDEOGRAPH-4E00}
        - \N{LINE FEED}
        - \N{NOPE}
        - \N
        - \Na
        - \N{LATIN SMALL LETTER A
        -x \N{LATIN SMALL LETTER A}
        + .
        + ^abc$
        + ^*$+
        + \Aa\z
        + a\Z
        + \ba\B
        + \Ga
        - \b*
        - \A+
        - \z?
        - \G{2}
        + [abc][^abc][a-z]
        - [z-a]
        - [\x{7a}-a]
        + []a]
        + [^]a]
        - []
        - [^]
        + [a-][-a]
        - [--a]
        - [&&a]
        + [&a][a&]
        - [a&&]
        - [a--]
        + [a--b]
        + [a-z--[aeiou]]
        + [a-z&&[^aeiou]]
        + [[a]-[b]][[a]&[b]][[a]-b]
        + [[:alpha:]]
        + [:alpha:]
        + [[:^alpha:]]
        + [^:alpha:]
        + [:][::]
        - [:foo:]
        - [[:foo:]]
        + [[:word:]]
        + [:abc]
        + [\d\s\w\h\v][\D\S\W\H\V]
        - [a-\d]
        - [a-\s]
        - [a-\W]
        + [a-\h]
        + [a-\p{L}]
        + [\p{L}-[a]]
        + [\w-[a]]
        + [\N{LATIN SMALL LETTER A}-\N{LATIN SMALL LETTER Z}]
        + [a-\N{LATIN SMALL LETTER Z}]
        + [\b\R\X]
        + [\Q]\E]
        + [\x{41}-\x{5A}]
        - [a
        - [[a]
        - [a\
        + [a][&-z]
        - [&-z]
        - [x&-a]
        - [\w&-z]
        + [{def}]
        +x [a b]
        -x [a#]
        + [\p{L}\P{N}]
        + \p{L}\P{Lu}
        + \p{Lowercase_Letter}\p{lu}
        + \p{gc=Lu}
        + \p{Script=Greek}\p{sc=Grek}\p{scx=Grek}\p{Greek}
        + \p{InGreek}\p{Block=Basic Latin}
        + \p{Any}\p{Assigned}\p{ASCII}
        + \p{word}\p{all}\p{javaLetter}
        + \p{Age=3.0}\p{Name=LATIN SMALL LETTER A}
        + \p{Alphabetic}\p{White_Space}
        - \p{Foo}
        - \p{^L}
        - \p{L&}
        - \pL
        - \p{}
        - \p{L
        - \p{javaFoo}
        +x \p{ L }
        + (a)()(|)
        + |
        + a|
        + (?:a)(?>a)*
        + (?=a)(?!a)(?<=a)(?<!a)
        - (?=a)*
        - (?<!a)+
        + (?<name>x)
        + (?<n1>x)\k<n1>
        - (?<1a>x)
        - (?<a_b>x)
        - (?<>x)
        - (?<a>x)(?<a>y)
        - \k<nope>
        - \k<n>(?<n>a)
        - \k<1>
        - \kx
        + (?<n>(a)\k<n>)
        + (a)\1
        + \1(a)
        - \8
        - (a)\8
        + (a)\10
        + \9{0}
        - \9{0}?
        + (a){0}\1
        - (a
        - a)
        - )
        - ((a)
        - (?P<n>a)
        - (?(1)a|b)
        - (?{x})
        - (?)
        - (?z)
        - (?i
        + (?i)a
        + (?i-m)a(?-)(?--i)(?i-m-s)
        + (?i-:x)
        + (?ismxdwu-ismxdwu)
        + (?i:a)*
        - (?i)*
        + (?#comment)a
        + a(?#c)*
        - (?#c)*
        - a*(?#c)*
        - (?#unclosed
        + (?#)
        +x ( ?:a)
        +x (? #c)
        +x (?<n a m e>a)\k< n a m e >
        + a*a+a?a*?a+?a??a*+a++a?+
        + a{2}a{2,}a{2,3}a{2,3}?a{2,3}+a{0}
        - a**
        - a*?+
        - a{2}{3}
        - a{2,1}
        - x{,3}
        - a{,}
        - *a
        - +
        - ?
        - a|*b
        - (*)
        +x a{1, 2}
        + a{16777215}
        - a{16777216}
        - a{2147483648}
        - a{1,16777216}
        + (?<=a{2,5})(?<=a?)
        - (?<=a*)
        - (?<=a+)
        - (?<=a{2,})
        - (?<=a??)
        + (?<=a{0,1}?)(?<=a?+)
        + (?<=(?:a*){0})(?<=(?:a*){0}?)
        - (?<=(?=a*))
        - (?<=(a)\1)
        - (?<=\X)
        + (?<=\R)(?<=a|bc)
        + (?<=.{8388607})
        - (?<=.{8388608})
        + (?<=(?<!a)b)
        +x a b # comment
        +x a\ b
        +x [ a - z ]
        +x a{ 2 , 3 }
        +x \x{41}
        -x \x{ 41}
        + (?x) a # c
        + (?x: a ) b
        """#

    func testCorpusAgreesWithNSRegularExpression() {
        var count = 0
        for line in Self.corpus.split(separator: "\n") {
            guard let space = line.firstIndex(of: " ") else { continue }
            let expected = line.first == "+"
            let flags = Self.flags(line[line.index(after: line.startIndex)..<space])
            let pattern = String(line[line.index(after: space)...])
            XCTAssertEqual(Self.icuAccepts(pattern, flags), expected, "ICU on \(pattern.debugDescription)")
            XCTAssertEqual(Self.parses(pattern, flags), expected, "parser on \(pattern.debugDescription)")
            count += 1
        }
        XCTAssertGreaterThanOrEqual(count, 200)
    }

    func testPatternsWithControlCharactersAgree() {
        let cases: [(String, RegexFlags)] = [
            ("a # c\nb", .extended), ("a#c\u{2029}b", .extended), ("a#c\u{85}b", .extended),
            ("a\u{0B}b\u{200E}c", .extended), ("a\u{A0}b", .extended), ("[a#]\n]", .extended),
            ("(?x)(?#a#b)c", []), ("(?x)(?#a\n)c", []), ("", []), ("(?#)", []), (" ", .extended),
        ]
        for (pattern, flags) in cases {
            XCTAssertEqual(Self.parses(pattern, flags), Self.icuAccepts(pattern, flags), pattern.debugDescription)
        }
    }

    /// ICU's state stack holds 99 entries: open groups, classes and comments.
    func testNestingLimit() {
        for (pattern, accepted) in [
            (String(repeating: "(", count: 99) + "a" + String(repeating: ")", count: 99), true),
            (String(repeating: "(", count: 100) + "a" + String(repeating: ")", count: 100), false),
            (String(repeating: "[", count: 99) + "a" + String(repeating: "]", count: 99), true),
            (String(repeating: "[", count: 100) + "a" + String(repeating: "]", count: 100), false),
            (String(repeating: "(", count: 98) + "[a]" + String(repeating: ")", count: 98), true),
            (String(repeating: "(", count: 99) + "(?#c)" + String(repeating: ")", count: 99), false),
        ] {
            XCTAssertEqual(Self.icuAccepts(pattern, []), accepted)
            XCTAssertEqual(Self.parses(pattern, []), accepted, pattern)
        }
    }

    // MARK: - Errors

    func testErrorMessagesAndOffsets() {
        let cases: [(String, String, Int, Int)] = [
            ("", "empty pattern", 0, 0),
            ("(ab", "missing closing ')'", 0, 1),
            ("a(b(c)", "missing closing ')'", 1, 1),
            ("😀(", "missing closing ')'", 1, 1),  // offsets count scalars, not UTF-16
            ("ab)", "unmatched ')'", 2, 1),
            ("*a", "quantifier has nothing to repeat", 0, 1),
            ("a|+b", "quantifier has nothing to repeat", 2, 1),
            ("a**", "quantifier cannot follow another quantifier", 2, 1),
            ("a{2,1}", "quantifier minimum is greater than its maximum", 1, 5),
            ("x{,3}", "invalid quantifier '{,', expected {n}, {n,} or {n,m}", 1, 2),
            ("a{99999999999}", "repeat count is larger than 16777215", 1, 13),
            ("[z-a]", "invalid range 'z-a'", 1, 3),
            ("ab[cd", "missing closing ']'", 2, 1),
            ("[a-\\d]", "invalid range end '\\d'", 2, 3),
            ("\\p{Foo}", "unknown property 'Foo'", 0, 7),
            ("x[[:foo:]]", "unknown property 'foo'", 2, 7),
            ("\\p{L", "missing '}' after '\\p{'", 0, 4),
            ("\\N{NOPE}", "unknown character name 'NOPE'", 0, 8),
            ("\\x{zz}", "invalid escape sequence '\\x{z'", 0, 4),
            ("a\\", "pattern ends with a backslash", 1, 1),
            ("(?<a>x)(?<a>y)", "duplicate group name 'a'", 10, 1),
            ("(?<1a>x)", "group name must start with an ASCII letter", 3, 1),
            ("\\k<nope>", "unknown group name 'nope'", 0, 8),
            ("(a)\\8", "backreference to undefined group 8", 3, 2),
            ("(?z)", "unknown group type '(?z'", 0, 3),
            ("(?i-z)", "unknown flag 'z'", 4, 1),
            ("(?#abc", "missing ')' to close comment", 0, 3),
            ("a(?<=b*)c", "look-behind pattern must have a bounded maximum length", 1, 7),
            ("(?(1)a)", "conditional groups are not supported", 0, 3),
        ]
        for (pattern, message, offset, length) in cases {
            XCTAssertThrowsError(try RegexParser.parse(pattern), pattern.debugDescription) { error in
                XCTAssertEqual(
                    error as? RegexSyntaxError,
                    RegexSyntaxError(message: message, offset: offset, length: length), pattern.debugDescription)
            }
            XCTAssertFalse(Self.icuAccepts(pattern, []), pattern.debugDescription)
        }
        let deep = String(repeating: "(", count: 100)
        XCTAssertThrowsError(try RegexParser.parse(deep)) { error in
            XCTAssertEqual(
                error as? RegexSyntaxError,
                RegexSyntaxError(message: "groups and classes are nested too deeply", offset: 99, length: 1))
        }
    }

    // MARK: - Captures

    func testCaptureCountsAndNames() {
        let cases: [(String, RegexFlags, Int, [String: Int])] = [
            ("(a)(b)(c)", [], 3, [:]),
            ("(?<first>a)(?:b)(?<second>c)", [], 2, ["first": 1, "second": 2]),
            ("((a)(?<n>b))", [], 3, ["n": 3]),
            ("(?=(a))(?<x>b)(?<!(c))", [], 3, ["x": 2]),
            ("\\((a)\\)[(](b)\\Q(\\E", [], 2, [:]),
            ("(?#(a)(b)", [], 1, [:]),
            ("# (a)\n(b)", .extended, 1, [:]),
            ("(a)|(b)|(?>(c))", [], 3, [:]),
            ("(a){0}", [], 1, [:]),
            ("(?i:(?<a1>x))", [], 1, ["a1": 1]),
        ]
        for (pattern, flags, count, names) in cases {
            guard let ast = parse(pattern, flags) else { continue }
            XCTAssertEqual(ast.captureCount, count, pattern)
            XCTAssertEqual(ast.captureNames, names, pattern)
            let icu = try? NSRegularExpression(pattern: pattern, options: flags.regularExpressionOptions)
            XCTAssertEqual(icu?.numberOfCaptureGroups, count, pattern)
        }
    }

    // MARK: - Nullability

    func testCanMatchEmpty() {
        let nullable = [
            "a*", "^", "$", "\\b", "\\B", "(?=a)", "(?!a)", "(?<=a)", "a|", "|a", "(a|b)*", "a{0,3}", "x?y?",
            "(?:)", "()", "a{0}", "(?i)", "\\Q\\E", "(?#c)", "(a*)\\1", "(a?)b?\\1", "[^\\x{0}-\\x{10FFFF}]*",
            "\\A\\z", "(a|)+", "(?:a*)+", "a*?", "\\G", "(?>a?)", "(?=a)\\b$",
        ]
        let notNullable = [
            "a", "a+", "(a|b)+", "[a]", ".", "\\d", "\\R", "\\X", "ab?", "(a)\\1", "a|b", "\\p{L}*b",
            "(?=a)b", "x{1,3}", "\\x{0}", "(?<n>a)\\k<n>?b",
        ]
        for pattern in nullable { XCTAssertEqual(parse(pattern)?.canMatchEmpty, true, pattern) }
        for pattern in notNullable { XCTAssertEqual(parse(pattern)?.canMatchEmpty, false, pattern) }
        XCTAssertEqual(parse(" # only a comment", .extended)?.canMatchEmpty, true)
    }

    // MARK: - Tree

    func testUnsupportedConstructsInPatternOrder() {
        let ast = parse("(?<=a)(?>b)c++(x)\\1(?=d)\\X\\G(?w)(?!e)(?<!f)")
        let found = ast?.unsupportedConstructs.map { "\($0.name)@\($0.offset)" }
        XCTAssertEqual(
            found,
            [
                "atomic group@6", "possessive quantifier@11", "backreference@17", "\\G@26",
            ])
        XCTAssertEqual(parse("a+(b)?[c]\\w")?.unsupportedConstructs.count, 0)
    }

    func testTreeShapeAndSpans() {
        let quantified = parse("a{2,3}?")?.root
        XCTAssertEqual(quantified?.span, RegexSpan(offset: 0, length: 7))
        guard case .quantified(let q)? = quantified?.kind else { return XCTFail("not a quantifier") }
        XCTAssertEqual([q.min, q.max], [2, 3])
        XCTAssertEqual(q.kind, .lazy)
        XCTAssertEqual(q.child, RegexNode(.scalar(0x61), span: RegexSpan(offset: 0, length: 1), options: []))

        XCTAssertEqual(parse("\\ud83d\\ude00")?.root, RegexNode(.scalar(0x1F600), span: RegexSpan(offset: 0, length: 12), options: []))
        XCTAssertEqual(parse("\\N{LATIN SMALL LETTER A}")?.root.kind, .scalar(0x61))
        XCTAssertEqual(parse("\\N{CJK UNIFIED IDEOGRAPH-4E00}")?.root.kind, .scalar(0x4E00))

        guard case .alternation(let branches)? = parse("a(?i)b|c")?.root.kind else { return XCTFail("not |") }
        XCTAssertEqual(branches.last?.options, [.caseInsensitive])  // (?i) lasts to the end of the group
        XCTAssertEqual(branches.last?.span, RegexSpan(offset: 7, length: 1))

        let range = RegexClassItem(.range(0x61, 0x7A), span: RegexSpan(offset: 1, length: 3))
        guard case .characterClass(let set)? = parse("[a-z--[aeiou]]")?.root.kind,
            case .difference(.item(range), .item(let nested)) = set.expression,
            case .nested(let vowels) = nested.kind
        else { return XCTFail("class shape") }
        XCTAssertEqual(vowels.expression.items.count, 5)
        XCTAssertEqual(nested.span, RegexSpan(offset: 6, length: 7))

        guard case .property(let lu)? = parse("\\p{Lu}")?.root.kind else { return XCTFail("not a property") }
        XCTAssertEqual(lu.value, .generalCategories(["Lu"]))
        guard case .concatenation(let items)? = parse("a b", .extended)?.root.kind else { return XCTFail("not a b") }
        XCTAssertEqual(items.map(\.span.offset), [0, 2])
    }

    /// In `x` mode ICU skips white space inside brackets too (unlike Perl).
    func testExtendedModeSkipsWhiteSpaceInClasses() throws {
        let icu = try NSRegularExpression(pattern: "[a b]", options: .allowCommentsAndWhitespace)
        XCTAssertEqual(icu.numberOfMatches(in: " ", range: NSRange(location: 0, length: 1)), 0)
        guard case .characterClass(let set)? = parse("[a b]", .extended)?.root.kind else { return XCTFail("class") }
        XCTAssertEqual(set.expression.items.map(\.kind), [.scalar(0x61), .scalar(0x62)])
    }

    /// ICU's class operator stack: `[[a]-[b]-c]` puts the second `-` into `[b]`.
    func testClassOperatorQuirksMatchICU() throws {
        let icu = try NSRegularExpression(pattern: "[[a]-[b]-c]")
        XCTAssertEqual(icu.numberOfMatches(in: "abc-", range: NSRange(location: 0, length: 4)), 2)
        guard case .characterClass(let set)? = parse("[[a]-[b]-c]")?.root.kind,
            case .union(let parts) = set.expression,
            case .difference(_, .union(let subtracted)) = parts.first
        else { return XCTFail("class shape") }
        XCTAssertEqual(subtracted.last, .item(RegexClassItem(.scalar(0x2D), span: RegexSpan(offset: 8, length: 1))))
    }
}

// MARK: - Seeded random differential test

extension RegexParserTests {
    static let atoms = [
        "a", "b", "é", "中", "😀", "\u{301}", " ", "\n", ".", "^", "$", "\\d", "\\w", "\\s", "\\h", "\\v", "\\D",
        "\\W", "\\R", "\\X", "\\b", "\\B", "\\A", "\\z", "\\Z", "\\G", "\\p{L}", "\\P{Lu}", "\\p{Greek}",
        "[:alpha:]", "\\x41", "\\x{1F600}", "\\u00e9", "\\ud83d\\ude00", "\\ude00", "\\N{LATIN SMALL LETTER A}",
        "\\Qa*b\\E", "\\Q\\E", "\\1", "\\2", "\\10", "\\k<n>", "\\0101", "\\cA", "\\c\\", "\\y", "\\-", "(?i)",
        "(?-i)", "(?x)", "(?s)", "(?m)", "(?w)", "(?d)", "(?#c)", "#x\n", "]", "-", "&", ",", ":", "\\\\", "\\ ",
    ]
    static let classItems = [
        "a", "z", "-", "&", "^", "]", "[", ":", " ", "#", "\\d", "\\s", "\\w", "\\h", "\\v", "\\p{L}", "\\P{N}",
        "[:alpha:]", "[:^digit:]", "\\x41", "\\u00e9", "\\N{LATIN SMALL LETTER Z}", "\\b", "\\R", "\\Q]\\E", "\\-",
        "\\]", "\\\\", "a-z", "z-a", "\\x{7a}-a", "a-\\h", "a-\\p", "a-\\d", "--", "&&", "-[b]", "&[b]", "\\Qa-z\\E",
    ]
    static let quantifiers = [
        "", "", "", "*", "+", "?", "*?", "+?", "??", "*+", "++", "?+", "{2}", "{1,3}", "{0}", "{2,}", "{0,1}?",
        "{3}+", "{2,1}", "{,1}", "{", "{ 2 }",
    ]
    static let openers = [
        "(", "(?:", "(?<n>", "(?<m>", "(?=", "(?!", "(?<=", "(?<!", "(?>", "(?i:", "(?x-i:", "(?s:", "(?w:",
    ]
    /// Broken or unusual fragments.
    static let fragments = [
        ")", "(", "\\", "|", "(?", "(?<", "(?P", "(?#", "}", "{", "[", "[^", "\\p{", "\\pL", "\\p{Foo}", "\\N{",
        "\\N{BOGUS}", "\\x{", "\\x{110000}", "\\xg", "\\u12", "\\0", "\\08", "\\k<", "\\9", "[:foo:]", ":]", "(?z)",
    ]

    static func randomPattern(_ rng: inout SeededGenerator) -> String {
        if Int.random(in: 0..<10, using: &rng) < 3 {  // token soup
            let pool = atoms + classItems + quantifiers + openers + fragments
            return (0..<Int.random(in: 1...8, using: &rng)).map { _ in pool.randomElement(using: &rng)! }.joined()
        }
        let pattern = randomExpression(depth: 0, &rng)
        return pattern.isEmpty ? "a" : pattern
    }

    static func randomExpression(depth: Int, _ rng: inout SeededGenerator) -> String {
        var out = ""
        for _ in 0..<Int.random(in: 0...4, using: &rng) {
            let roll = Int.random(in: 0..<100, using: &rng)
            if roll < 15 && depth < 4 {
                let branches = (0..<Int.random(in: 1...3, using: &rng)).map { _ in randomExpression(depth: depth + 1, &rng) }
                out += openers.randomElement(using: &rng)! + branches.joined(separator: "|")
                if Int.random(in: 0..<20, using: &rng) > 0 { out += ")" }
            } else if roll < 30 {
                out += randomClass(depth: 0, &rng)
            } else if roll < 33 {
                out += fragments.randomElement(using: &rng)!
            } else {
                out += atoms.randomElement(using: &rng)!
            }
            out += quantifiers.randomElement(using: &rng)!
        }
        return out
    }

    static func randomClass(depth: Int, _ rng: inout SeededGenerator) -> String {
        var out = Bool.random(using: &rng) && Bool.random(using: &rng) ? "[^" : "["
        for _ in 0..<Int.random(in: 0...4, using: &rng) {
            out +=
                depth < 3 && Int.random(in: 0..<5, using: &rng) == 0
                ? randomClass(depth: depth + 1, &rng) : classItems.randomElement(using: &rng)!
        }
        return Int.random(in: 0..<20, using: &rng) > 0 ? out + "]" : out
    }

    private static let probeTexts = ["", "a", "ab\n", " x ", "aaa"]

    /// Random patterns: the parser accepts exactly what NSRegularExpression accepts, and
    /// never calls a pattern non-nullable when ICU finds an empty match with it.
    func testRandomPatternsAgreeWithNSRegularExpression() {
        var accepted = 0, total = 0
        for seed: UInt64 in [0x5EED_0001, 0x5EED_0002, 0x5EED_0003] {
            var rng = SeededGenerator(seed: seed)
            for _ in 0..<1500 {
                let pattern = Self.randomPattern(&rng)
                let flags = RegexFlags(rawValue: UInt8.random(in: 0...15, using: &rng) & UInt8.random(in: 0...15, using: &rng))
                total += 1
                let icu = try? NSRegularExpression(pattern: pattern, options: flags.regularExpressionOptions)
                let ast: RegexAST?
                do { ast = try RegexParser.parse(pattern, flags: flags) } catch { ast = nil }
                guard (icu != nil) == (ast != nil) else {
                    let verdict = icu != nil ? "ICU accepts, parser rejects" : "ICU rejects, parser accepts"
                    XCTFail("seed \(seed): \(verdict) \(pattern.debugDescription) flags \(flags.letters)")
                    continue
                }
                guard let icu, let ast else { continue }
                accepted += 1
                if ast.captureCount != icu.numberOfCaptureGroups {
                    XCTFail(
                        "seed \(seed): capture count \(ast.captureCount) != \(icu.numberOfCaptureGroups) for \(pattern.debugDescription)")
                }
                if !ast.canMatchEmpty, let text = Self.probeTexts.first(where: { Self.hasEmptyMatch(icu, $0) }) {
                    XCTFail("seed \(seed): \(pattern.debugDescription) flags \(flags.letters) matches empty in \(text.debugDescription)")
                }
            }
        }
        print("random differential: \(total) patterns, \(accepted) accepted by both")
        XCTAssertGreaterThan(accepted, total / 5)
    }

    private static func hasEmptyMatch(_ regex: NSRegularExpression, _ text: String) -> Bool {
        regex.matches(in: text, range: NSRange(location: 0, length: (text as NSString).length)).contains { $0.range.length == 0 }
    }
}

// MARK: - ICU's own test file

extension RegexParserTests {
    /// Every pattern of ICU's regextst.txt: the parser accepts it exactly when
    /// NSRegularExpression does. Lines are `"pattern" FLAGS "input" # comment`; the flags
    /// `Q` (literal pattern) and `e` (error on unknown escapes) have no equivalent here and
    /// are skipped; `D` maps to `.useUnixLineSeparators`; the rest only affect matching.
    func testConformanceFilePatternsAgree() throws {
        let text = try ICUConformanceTests.conformanceText()
        var agreed = 0, skipped = 0, total = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = Substring(rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine).drop { $0 == "\u{FEFF}" }
            let body = line.drop { $0 == " " || $0 == "\t" }
            guard let quote = body.first, "\"'/".contains(quote),
                let close = body.dropFirst().firstIndex(of: quote)
            else { continue }
            let pattern = String(body[body.index(after: body.startIndex)..<close])
            let flagText = body[body.index(after: close)...].drop { $0 == " " || $0 == "\t" }.prefix { $0.isLetter || $0.isNumber }
            total += 1
            if flagText.contains("Q") || flagText.contains("e") {
                skipped += 1
                continue
            }
            let flags = RegexFlags(letters: String(flagText.filter { "imsx".contains($0) })) ?? []
            let extra: NSRegularExpression.Options = flagText.contains("D") ? .useUnixLineSeparators : []
            let icu = Self.icuAccepts(pattern, flags, extra: extra)
            if icu == Self.parses(pattern, flags) {
                agreed += 1
            } else {
                XCTFail("line pattern \(pattern.debugDescription) flags \(flagText): ICU \(icu ? "accepts" : "rejects")")
            }
        }
        print("icu-regextst.txt: \(agreed) of \(total - skipped) patterns agree (\(skipped) skipped)")
        XCTAssertGreaterThan(total, 2000)
    }
}

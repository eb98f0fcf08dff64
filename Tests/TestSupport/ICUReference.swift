import Foundation
import RuleAutomata
import RuleRegex
import XCTest

/// NSRegularExpression as the reference the compiled matcher must equal.
public enum ICUReference {
    /// Matches as capture ranges (`nil` for groups that did not participate), or `nil` when
    /// ICU gave up: more than `budget` × 10,000 backtracking steps, or an internal error such
    /// as its backtracking stack overflowing (the matches it found until then are not all of
    /// them). (ICU's answer after extreme backtracking is not reliable: it can report no match
    /// where one exists.)
    public static func matches(_ regex: NSRegularExpression, in text: String, budget: Int = 40) -> [[TextRange?]]? {
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
    public static func matches(
        _ regex: NSRegularExpression, in text: String, budget: Int = 40, counting count: inout ComparisonCount
    ) -> [[TextRange?]]? {
        count.count(matches(regex, in: text, budget: budget))
    }

    public static func regex(_ pattern: String, _ flags: RegexFlags) -> NSRegularExpression? {
        try? NSRegularExpression(pattern: pattern, options: flags.regularExpressionOptions)
    }

    /// `[[0, 3] [1, 2] nil]`-style text for failure messages.
    public static func describe(_ matches: [[TextRange?]]?) -> String {
        guard let matches else { return "ICU gave up" }
        return matches.map { "[" + $0.map { $0?.description ?? "nil" }.joined(separator: " ") + "]" }.joined(separator: " ")
    }
}

/// Compiles `pattern` (which must compile to a program) and checks it against
/// NSRegularExpression on every text; ICU may give up (past `budget` × 10,000 steps) on at
/// most 1 % of them.
public func assertAgreesWithICU(
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
    public func check(
        compared minimum: Int, skippedAtMost maximum: Int? = nil, _ context: @autoclosure () -> String, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        if let shortfall = shortfall(compared: minimum, skippedAtMost: maximum) {
            XCTFail("\(context()): \(shortfall)", file: file, line: line)
        }
    }
}

/// The matches of `pattern` by the compiled matcher, as `[location, length]` of group 0.
public func compiledMatches(_ pattern: String, _ flags: RegexFlags = [], in text: String) -> [String] {
    guard case .program(let program) = RegexCompiler.compile(pattern, flags: flags) else { return ["no program"] }
    return CompiledRegex(program: program).matches(in: Array(text.utf16)).map { $0[0]?.description ?? "nil" }
}

import Foundation
import RuleRegex
import TestSupport
import XCTest

@testable import RuleAutomata

/// Every case of `Tests/Cases/regex.jsonl` on every regex engine, each against
/// NSRegularExpression: the Pike VM (`CompiledRegex`), the DFA path (`AcceleratedRegex`,
/// groups solved after the DFA found the match), the shared scan on the text's UTF-8
/// (`CompiledScan`), and the lazy DFA on UTF-16 and on UTF-8. A case's `dfa` states whether
/// the pattern gets an ahead-of-time DFA.
final class RegexCaseCorpusTests: XCTestCase {
    func testEveryCaseOnEveryEngine() throws {
        let cases = try RegexCase.load("regex")
        XCTAssertGreaterThan(cases.count, 30)
        var count = ComparisonCount()
        var lazyCases = 0, dfaCases = 0
        for c in cases {
            let context = "case '\(c.name)' \(c.pattern.debugDescription) flags '\(c.flags)'"
            let flags = try XCTUnwrap(RegexFlags(letters: c.flags), "\(context): unknown flag letter")
            let regex = try XCTUnwrap(ICUReference.regex(c.pattern, flags), "\(context): NSRegularExpression rejects it")
            guard case .program(let program) = RegexCompiler.compile(c.pattern, flags: flags) else {
                XCTFail("\(context): no program: \(RegexCompiler.compile(c.pattern, flags: flags))")
                continue
            }
            let dfa = DFABuilder.build(program)
            if let expected = c.dfa { XCTAssertEqual(dfa != nil, expected, "\(context): ahead-of-time DFA") }
            if dfa != nil { dfaCases += 1 }
            let pike = CompiledRegex(program: program)
            let accelerated = dfa.map { AcceleratedRegex(program: program, dfa: $0) }
            let scan = accelerated.flatMap {
                $0.scannable ? CompiledScan([AcceleratedRegex(program: program, dfa: dfa, ownScan: false)]) : nil
            }
            let lazy = LazyDFA(program: program, memoryLimit: LazyDFA.defaultMemoryLimit)
            if lazy != nil { lazyCases += 1 }
            for text in c.texts {
                guard let expected = ICUReference.matches(regex, in: text, budget: 10_000, counting: &count) else { continue }
                let want = ICUReference.describe(expected)
                let at = "\(context) text \(text.debugDescription)"
                let units = Array(text.utf16)
                let bytes = Array(text.utf8)
                XCTAssertEqual(ICUReference.describe(pike.matches(in: units)), want, "\(at): Pike VM")
                if let accelerated {
                    XCTAssertEqual(ICUReference.describe(accelerated.matches(in: units)), want, "\(at): DFA path")
                }
                if let scan {
                    var wholes: [TextRange] = []
                    bytes.withUnsafeBufferPointer { b in
                        units.withUnsafeBufferPointer { u in scan.run(utf8: b, units: { u }) { _, range, _ in wholes.append(range) } }
                    }
                    XCTAssertEqual(wholes, expected.compactMap { $0.first ?? nil }, "\(at): UTF-8 scan")
                }
                if let lazy {
                    let found = units.withUnsafeBufferPointer { lazy.matches(in: $0) }
                    XCTAssertEqual(ICUReference.describe(found), want, "\(at): lazy DFA")
                    var wholes: [TextRange] = []
                    bytes.withUnsafeBufferPointer { b in
                        units.withUnsafeBufferPointer { u in lazy.matches(utf8: b, units: { u }) { range, _ in wholes.append(range) } }
                    }
                    XCTAssertEqual(wholes, expected.compactMap { $0[0] }.filter { $0.length > 0 }, "\(at): lazy DFA on UTF-8")
                }
            }
        }
        let texts = cases.reduce(0) { $0 + $1.texts.count }
        count.check(compared: texts, skippedAtMost: 0, "regex corpus")
        print("regex corpus: \(cases.count) cases, \(count.compared) texts, \(dfaCases) with a DFA, \(lazyCases) with a lazy DFA")
    }
}

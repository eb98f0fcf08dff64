import Foundation
import RuleSpec
import XCTest

@testable import RuleAutomata
@testable import RuleCompiler
@testable import RuleRuntime

/// Rules with lookarounds and `\X` take part in the analysis: one-code-point lookarounds
/// exactly (their DFA), other bodies and `\X` through the DFA of their paths with those
/// tests taken as satisfiable (sound: never a missed overlap).
extension ConflictAnalysisTests {
    func testOneCodePointLookaroundsAreAnalysedExactly() throws {
        // Apart only because of the lookbehinds: digits right after `$` vs digits that follow
        // neither `$` nor a digit.
        let (apart, _) = try lint("rule price { match /(?<=\\$)\\d+/ }\nrule plain { match /(?<![$\\d])\\d+/ }\n")
        XCTAssertEqual(apart.map(\.message), [])
        let (overlap, _) = try lint("rule price { match /(?<=\\$)\\d+/ }\nrule pair { match /\\d\\d/ }\n")
        XCTAssertEqual(overlap.map(\.message), [#"'pair' overlaps 'price' on "$00"; 'price' wins (declared first)"#])
        let (emoji, _) = try lint(
            "rule emoji { match /(?<![\\w:]):(?<name>[a-z_]+):(?![\\w:])/ }\nrule label { match /\\b\\w+(?=:)/ }\n"
                + "rule time { match /\\d+:\\d+/ }\n")
        XCTAssertEqual(
            emoji.map(\.message),
            [
                #"'label' overlaps 'emoji' on ":a:"; 'emoji' wins (earlier start)"#,
                #"'time' overlaps 'label' on "0:0"; 'time' wins (longer match)"#,
            ])
        XCTAssertFalse(emoji.contains { $0.name == "not-analyzable" })
    }

    func testLookaroundsWithBodiesAndGraphemeClustersAreAnalysedSoundly() throws {
        let (apart, _) = try lint("rule size { match /\\d+(?=px)/ }\nrule word { match /[a-z]+/ }\nrule g { match /\\X\\X/ }\n")
        XCTAssertEqual(apart.filter { $0.rules.contains("size") && $0.rules.contains("word") }.map(\.message), [])
        XCTAssertTrue(apart.contains { $0.rules.contains("g") && $0.rules.contains("word") }, "\(apart.map(\.message))")
        XCTAssertFalse(apart.contains { $0.name == "not-analyzable" }, "\(apart.map(\.message))")
        let (overlap, _) = try lint("rule size { match /\\d+(?=px)/ }\nrule pair { match /\\d\\d/ }\n")
        XCTAssertEqual(overlap.map(\.name), ["overlap"], "\(overlap.map(\.message))")
    }
}

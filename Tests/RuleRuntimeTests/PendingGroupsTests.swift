import Foundation
import XCTest

@testable import RuleAutomata
@_spi(Testing) @testable import RuleRuntime

/// Groups left pending by the automata (the DFA finds ends and starts, the Pike VM solves
/// groups only when they are read).
final class PendingGroupsTests: XCTestCase {
    /// Render leaves compiled rules' groups to be solved when read; what a caller reads
    /// (captures, named values, tap arguments) and what the public matcher API returns
    /// equal NSRegularExpression's.
    func testPendingGroupsAreSolvedOnRead() throws {
        // Specs/groups.richrules.
        let table = try CheckedInTables.table("groups")
        let automata = AutomataBuilder.build(table).automata
        let compiled = try RuleEngine(table: table, automata: automata)
        let reference = try RuleEngine(reference: table)
        let text = "hi @anna_1 and @b, pages 12-14 or 7- 😀@z 3-4x"
        let a = compiled.render(text), b = reference.render(text)
        XCTAssertEqual(a.matches.map(\.captures), b.matches.map(\.captures))
        XCTAssertEqual(a.matches.map(\.named), b.matches.map(\.named))
        XCTAssertEqual(a.matches.map(\.tap), b.matches.map(\.tap))
        XCTAssertEqual(a.display, b.display)
        XCTAssertEqual(a.matches.count, 6)
        let units = Array(text.utf16)
        let candidates = try RuleMatcher(table: table, automata: automata).candidates(in: text, units: units)
        let expected = try RuleMatcher(table: table).candidates(in: text, units: units)
        XCTAssertEqual(Set(candidates), Set(expected))
    }
}

import Foundation
import TestSupport
import XCTest

/// `Golden.check`, which every golden test uses: it compares; `RICHRULES_UPDATE_GOLDENS=1`
/// writes what differs and fails naming it; any other value is an error, not an update.
final class GoldenTests: XCTestCase {
    func testCompareUpdateAndBadValues() throws {
        let scratch = try ScratchDirectory()
        let url = try scratch.write("a.txt", "old\n")
        func check(_ actual: String, _ value: String?) throws -> String? {
            try Golden.check(actual, against: url, name: "Goldens/a.txt", environment: value.map { [Golden.variable: $0] } ?? [:])
        }
        func golden() throws -> String { try String(contentsOf: url, encoding: .utf8) }

        XCTAssertNil(try check("old\n", nil))
        XCTAssertEqual(
            try check("new\n", nil),
            """
            Goldens/a.txt differs; if the change is intended, run with RICHRULES_UPDATE_GOLDENS=1 and review the diff
            line 1, column 1 (expected 2 lines, got 2):
            - old
            + new
              ^
            """)
        for value in ["0", "", "true", "yes"] {
            XCTAssertEqual(
                try check("new\n", value),
                "RICHRULES_UPDATE_GOLDENS=\(value) is not understood: set it to 1 to update the golden files, or unset it to compare")
            XCTAssertEqual(try golden(), "old\n", "nothing written for '\(value)'")
        }
        XCTAssertEqual(try check("new\n", "1"), "updated Goldens/a.txt; review the diff and run again without RICHRULES_UPDATE_GOLDENS")
        XCTAssertEqual(try golden(), "new\n")
        XCTAssertNil(try check("new\n", "1"), "nothing to write: the run passes")
        XCTAssertNil(try check("new\n", nil))

        let missing = scratch.url.appendingPathComponent("b.txt")
        XCTAssertEqual(
            try Golden.check("b\n", against: missing, name: "Goldens/b.txt", environment: [:]),
            "Goldens/b.txt is missing; write it with RICHRULES_UPDATE_GOLDENS=1 and review it")
        XCTAssertEqual(
            try Golden.check("b\n", against: missing, name: "Goldens/b.txt", environment: [Golden.variable: "1"]),
            "updated Goldens/b.txt; review the diff and run again without RICHRULES_UPDATE_GOLDENS")
        XCTAssertEqual(try String(contentsOf: missing, encoding: .utf8), "b\n")
    }
}

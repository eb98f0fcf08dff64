import Foundation
import RuleRuntime
import XCTest

/// `TextRange` is `NSRange`-compatible: UTF-16 units both ways, and `String` ranges.
final class TextRangeTests: XCTestCase {
    func testNSRangeRoundTrip() {
        let range = TextRange(location: 3, length: 4)
        XCTAssertEqual(NSRange(range), NSRange(location: 3, length: 4))
        XCTAssertEqual(TextRange(NSRange(location: 3, length: 4)), range)
        XCTAssertNil(TextRange(NSRange(location: NSNotFound, length: 0)))
    }

    func testStringRangeCountsUTF16Units() throws {
        let text = "a😀b中"
        // 😀 is two UTF-16 units: [1, 2] is the emoji, [3, 1] the b.
        XCTAssertEqual(try text[XCTUnwrap(TextRange(location: 1, length: 2).range(in: text))], "😀")
        XCTAssertEqual(try text[XCTUnwrap(TextRange(location: 3, length: 2).range(in: text))], "b中")
        XCTAssertNil(TextRange(location: 2, length: 1).range(in: text), "half a surrogate pair")
        XCTAssertNil(TextRange(location: 4, length: 3).range(in: text), "past the end")
    }
}

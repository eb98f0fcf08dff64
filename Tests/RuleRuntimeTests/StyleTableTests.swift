import Foundation
import XCTest

@testable import RuleRuntime

/// Loading and writing the JSON style table.
final class StyleTableTests: XCTestCase {
    private var sample: StyleTable {
        Fixture.table([
            Fixture.tags(
                "h", priority: 5,
                tags: ["h1": Fixture.presentation(style: TextStyle(underline: .single), tap: TapSpec(handler: "openAgreement"))]),
            Fixture.regex(
                "mention", #"@(?<user>\w+)"#, flags: [.caseInsensitive, .multiline], priority: 10, captureNames: ["user": 1],
                presentation: Fixture.presentation(
                    tap: TapSpec(
                        handler: "openProfile",
                        arguments: [.init(label: "user", value: Fixture.template(.text("u/"), .name("user"), .group(0)))]))),
            RuleEntry(
                name: "url", matcher: .regex(pattern: "https?://\\S+", flags: [], detector: "link"),
                presentation: Fixture.presentation(replace: Template(text: "🔗 \"link\" $ \\"))),
            Fixture.prefix("topic", "#"),
            Fixture.element(
                "img", attributes: ["src"], isVoid: true,
                presentation: Fixture.presentation(image: ImageSpec(source: Fixture.template(.name("src")), width: 17))),
            Fixture.regex(
                "vip", #"\[vip\]"#,
                presentation: Fixture.presentation(
                    widget: WidgetSpec(
                        name: "badge", width: 30, height: .fromMatch(Template([.text("1"), .group(0)])), align: .middle, position: .after,
                        tappable: false), alt: Template(text: "VIP badge"))),
        ])
    }

    func testRoundTripIsByteIdentical() throws {
        let first = try sample.jsonData()
        let decoded = try StyleTable(jsonData: first)
        XCTAssertEqual(decoded, sample)
        let second = try decoded.jsonData()
        XCTAssertEqual(first, second)
        XCTAssertEqual(try sample.jsonData(), first)
        // The decoded table drives the engine like the original.
        XCTAssertEqual(try RuleEngine(table: decoded).render("<h1>a</h1> @Bob").display, "a @Bob")
    }

    func testUnknownFormatVersionIsRejected() throws {
        var table = sample
        table.formatVersion = 99
        XCTAssertThrowsError(try StyleTable(jsonData: table.jsonData())) { error in
            XCTAssertEqual(error as? StyleTableError, .unsupportedFormatVersion(found: 99, supported: StyleTable.currentFormatVersion))
        }
        // A table of the first format (before typed attachments and truncation) names its version.
        XCTAssertThrowsError(try StyleTable(jsonData: Data(#"{"formatVersion": 1}"#.utf8))) { error in
            XCTAssertEqual(error as? StyleTableError, .unsupportedFormatVersion(found: 1, supported: 3))
        }
    }

    func testMalformedTables() {
        for json in ["[]", "{}", #"{"formatVersion": 3}"#] {
            XCTAssertThrowsError(try StyleTable(jsonData: Data(json.utf8)), json) { error in
                guard case .malformed? = error as? StyleTableError else { return XCTFail("\(json): \(error)") }
            }
        }
    }

    /// A number that does not fit its integer field is reported at that field, never as
    /// "not valid JSON" and never as a trap.
    func testNumbersOutOfRangeAreLocated() throws {
        XCTAssertThrowsError(try StyleTable(jsonData: Data(#"{"formatVersion": 1e300}"#.utf8))) { error in
            XCTAssertEqual(
                "\(error)", "malformed style table: 'formatVersion' must be an integer that fits in Int, found 1e+300 at .formatVersion")
        }
        let json = String(decoding: try sample.jsonData(), as: UTF8.self)
        for (field, value, message) in [
            ("priority", "1e300", "'priority' must be an integer that fits in Int, found 1e+300 at .rules[0].priority"),
            ("priority", "99999999999999999999", "'priority' must be an integer that fits in Int, found 1e+20 at .rules[0].priority"),
            ("priority", "1.5", "'priority' must be an integer that fits in Int, found 1.5 at .rules[0].priority"),
        ] {
            let hostile = json.replacingOccurrences(of: "\"\(field)\" : 5", with: "\"\(field)\" : \(value)")
            XCTAssertNotEqual(hostile, json, "the sample has a rule of priority 5")
            XCTAssertThrowsError(try StyleTable(jsonData: Data(hostile.utf8)), value) { error in
                XCTAssertEqual("\(error)", "malformed style table: \(message)")
            }
        }
    }
}

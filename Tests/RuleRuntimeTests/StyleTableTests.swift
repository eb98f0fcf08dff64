import Foundation
import XCTest

@testable import RuleAutomata
@_spi(Generated) @_spi(Testing) @testable import RuleRuntime

/// Loading and writing the JSON style table.
final class StyleTableTests: XCTestCase {
    static var sample: StyleTable {
        var table = Fixture.table([
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
                presentation: Fixture.presentation(replace: MatchTemplate(text: "🔗 \"link\" $ \\"))),
            Fixture.prefix("topic", "#"),
            Fixture.element(
                "img", attributes: ["src"], isVoid: true,
                presentation: Fixture.presentation(image: ImageSpec(source: Fixture.template(.name("src")), width: 17))),
            Fixture.regex(
                "vip", #"\[vip\]"#,
                presentation: Fixture.presentation(
                    widget: WidgetSpec(
                        name: "badge", width: 30, height: .fromMatch(MatchTemplate([.text("1"), .group(0)])), align: .middle,
                        position: .after,
                        tappable: false), alt: MatchTemplate(text: "VIP badge"))),
        ])
        table.handlers = ["openAgreement": [], "openProfile": ["user"]]
        return table
    }

    func testRoundTripIsByteIdentical() throws {
        let first = try Self.sample.jsonData()
        let decoded = try StyleTable(jsonData: first)
        XCTAssertEqual(decoded, Self.sample)
        let second = try decoded.jsonData()
        XCTAssertEqual(first, second)
        XCTAssertEqual(try Self.sample.jsonData(), first)
        // The decoded table drives the engine like the original.
        XCTAssertEqual(try RuleEngine(reference: decoded).render("<h1>a</h1> @Bob").display, "a @Bob")
    }

    func testUnknownFormatVersionIsRejected() throws {
        var table = Self.sample
        table.formatVersion = 99
        XCTAssertThrowsError(try StyleTable(jsonData: table.jsonData())) { error in
            XCTAssertEqual(
                (error as? StyleTableError)?.kind, .unsupportedFormatVersion(found: 99, supported: StyleTable.currentFormatVersion))
        }
        // A table of the first format (before typed attachments and truncation) names its version.
        XCTAssertThrowsError(try StyleTable(jsonData: Data(#"{"formatVersion": 1}"#.utf8))) { error in
            XCTAssertEqual(
                "\(error)",
                "style table:1:19: formatVersion is 1; this runtime reads formatVersion 3 (and 4 for HTML tables; regenerate the table with the matching rulegen) (at formatVersion)"
            )
            XCTAssertEqual((error as? StyleTableError)?.kind, .unsupportedFormatVersion(found: 1, supported: 3))
        }
    }

    func testMalformedTables() {
        for (json, message) in [
            ("[]", "style table:1:1: expected an object (a style table), found an array"),
            ("{}", "style table:1:1: missing key 'formatVersion'"),
            (#"{"formatVersion": 3}"#, "style table:1:1: missing key 'name'"),
            ("", "style table:1:1: empty document: expected a JSON value"),
        ] {
            XCTAssertThrowsError(try StyleTable(jsonData: Data(json.utf8)), json) { error in
                XCTAssertEqual("\(error)", message)
            }
        }
    }

    /// A number that does not fit its integer field is reported at that field, never as
    /// "not valid JSON" and never as a trap.
    func testNumbersOutOfRangeAreLocated() throws {
        XCTAssertThrowsError(try StyleTable(jsonData: Data(#"{"formatVersion": 1e300}"#.utf8))) { error in
            XCTAssertEqual("\(error)", "style table:1:19: 'formatVersion' is an integer, found 1e300 (at formatVersion)")
        }
        let json = String(decoding: try Self.sample.jsonData(), as: UTF8.self)
        for value in ["1e300", "99999999999999999999", "1.5"] {
            let hostile = json.replacingOccurrences(of: "\"priority\" : 5", with: "\"priority\" : \(value)")
            XCTAssertNotEqual(hostile, json, "the sample has a rule of priority 5")
            XCTAssertThrowsError(try StyleTable(jsonData: Data(hostile.utf8)), value) { error in
                XCTAssertEqual(
                    "\(error)",
                    "style table:39:20: expected an integer from \(Int.min) to \(Int.max), found \(value) (at rules[0].priority)")
            }
        }
    }
}

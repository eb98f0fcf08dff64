import XCTest

@testable import RuleAutomata
@_spi(Generated) @testable import RuleRuntime

/// Every row of the seed's `<h>` tag table, its priority example and `HTagInfo` fields.
final class HTagTests: XCTestCase {
    private func render(_ text: String, _ rules: [RuleEntry] = [Fixture.tags()]) throws -> RenderResult {
        try Fixture.engine(rules).render(text)
    }

    /// Asserts that `text` holds exactly one tag, with these fields.
    private func assertSingleTag(
        _ text: String, range expectedRange: TextRange, name: String, level: Int?, content: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let result = try render(text)
        XCTAssertEqual(result.matches.count, 1, file: file, line: line)
        XCTAssertEqual(result.discarded.count, 0, file: file, line: line)
        guard let match = result.matches.first, let tag = match.tag else { return XCTFail("no tag in \(text)", file: file, line: line) }
        XCTAssertEqual(match.range, expectedRange, file: file, line: line)
        XCTAssertEqual(match.rule, "h", file: file, line: line)
        XCTAssertEqual(tag.name, name, file: file, line: line)
        XCTAssertEqual(tag.level, level, file: file, line: line)
        XCTAssertEqual(tag.text, content, file: file, line: line)
        XCTAssertEqual(tag.raw, text, file: file, line: line)
        XCTAssertEqual(tag.index, 0, file: file, line: line)
        XCTAssertEqual(match.text, text, file: file, line: line)
        XCTAssertEqual(match.captures, [text], file: file, line: line)
        XCTAssertEqual(match.named["name"], name, file: file, line: line)
        XCTAssertEqual(match.named["level"], level.map(String.init) ?? "", file: file, line: line)
        XCTAssertEqual(match.named["text"], content, file: file, line: line)
        XCTAssertEqual(match.named["index"], "0", file: file, line: line)
        XCTAssertEqual(result.display, content, file: file, line: line)
        XCTAssertEqual(match.displayRange, range(0, content.utf16.count), file: file, line: line)
    }

    /// Asserts that `text` holds no tag and is displayed as is.
    private func assertNoTag(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = try render(text)
        XCTAssertEqual(result.matches, [], file: file, line: line)
        XCTAssertEqual(result.discarded, [], file: file, line: line)
        XCTAssertEqual(result.display, text, file: file, line: line)
        XCTAssertEqual(
            result.segments, [.plain(source: range(0, text.utf16.count), display: range(0, text.utf16.count))], file: file,
            line: line)
    }

    func testPlainH() throws {
        try assertSingleTag("<h>文字</h>", range: range(0, 9), name: "h", level: nil, content: "文字")
    }

    func testH1() throws {
        try assertSingleTag("<h1>文字</h1>", range: range(0, 11), name: "h1", level: 1, content: "文字")
    }

    func testH12() throws {
        try assertSingleTag("<h12>文字</h12>", range: range(0, 13), name: "h12", level: 12, content: "文字")
    }

    func testSlashClosingForm() throws {
        try assertSingleTag("<h1>文字<h1/>", range: range(0, 11), name: "h1", level: 1, content: "文字")
    }

    func testCaseInsensitiveNameIsLowerCased() throws {
        try assertSingleTag("<H4>文字</H4>", range: range(0, 11), name: "h4", level: 4, content: "文字")
        try assertSingleTag("<H4>文字</h4>", range: range(0, 11), name: "h4", level: 4, content: "文字")
    }

    func testEmptyContentAndOtherMarkupInside() throws {
        try assertSingleTag("<h2></h2>", range: range(0, 9), name: "h2", level: 2, content: "")
        try assertSingleTag("<h>a < b\n<b>c</b></h>", range: range(0, 21), name: "h", level: nil, content: "a < b\n<b>c</b>")
    }

    func testMismatchedTagIsRawAndDoesNotStopLaterTags() throws {
        try assertNoTag("<h1>文字</h2>")
        let text = "<h1>文字</h2> then <h3>x</h3>"
        let result = try render(text)
        XCTAssertEqual(result.matches.map(\.range), [utf16Range(of: "<h3>x</h3>", in: text)!])
        XCTAssertEqual(result.matches.first?.tag?.name, "h3")
        XCTAssertEqual(result.display, "<h1>文字</h2> then x")
    }

    func testUnclosedTagIsRawAndDoesNotStopLaterTags() throws {
        try assertNoTag("<h2>未闭合")
        let text = "<h2>未闭合 <h3>x</h3>"
        let result = try render(text)
        XCTAssertEqual(result.matches.map(\.range), [range(8, 10)])
        XCTAssertEqual(result.matches.first?.tag?.text, "x")
        XCTAssertEqual(result.matches.first?.tag?.level, 3)
        XCTAssertEqual(result.display, "<h2>未闭合 x")
    }

    func testOnlyInnermostOfNestedTags() throws {
        let text = "<h1>a<h2>b</h2>c</h1>"
        let result = try render(text)
        XCTAssertEqual(result.matches.count, 1)
        XCTAssertEqual(result.matches.first?.range, range(5, 10))
        XCTAssertEqual(result.matches.first?.tag?.name, "h2")
        XCTAssertEqual(result.matches.first?.tag?.raw, "<h2>b</h2>")
        XCTAssertEqual(result.display, "<h1>abc</h1>")
        XCTAssertEqual(result.matches.first?.displayRange, range(5, 1))
    }

    func testHxIsNotATag() throws {
        try assertNoTag("<hx>文字</hx>")
        try assertNoTag("<h 1>a</h 1>")
        try assertNoTag("</h1>a<h1>")
    }

    func testIndexCountsAllTagNamesInTextOrder() throws {
        let text = "I agree to the <h1>User Agreement</h1> and <h2>Privacy Policy</h2>. <h>x</h>"
        let result = try render(text)
        XCTAssertEqual(result.matches.map { $0.tag?.index }, [0, 1, 2])
        XCTAssertEqual(result.matches.map { $0.tag?.name }, ["h1", "h2", "h"])
        XCTAssertEqual(result.matches.map { $0.tag?.level }, [1, 2, nil])
        XCTAssertEqual(result.display, "I agree to the User Agreement and Privacy Policy. x")
        XCTAssertEqual(result.matches[0].range, utf16Range(of: "<h1>User Agreement</h1>", in: text))
        XCTAssertEqual(result.matches[0].displayRange, range(15, 14))
        XCTAssertEqual(result.matches[1].displayRange, range(34, 14))
    }

    func testPerTagPresentationAndFallback() throws {
        let h1 = Fixture.presentation(style: TextStyle(underline: .single), tap: TapSpec(handler: "openAgreement"))
        let family = Fixture.tags(
            presentation: Fixture.presentation(
                tap: TapSpec(handler: "onTag", arguments: [.init(label: "name", value: Fixture.template(.name("name")))])),
            tags: ["h1": h1])
        let result = try render("<h1>A</h1><H2>B</H2>", [family])
        XCTAssertEqual(result.matches.map { $0.tap?.handler }, ["openAgreement", "onTag"])
        XCTAssertEqual(result.matches[1].tap?.arguments, [TapTarget.Argument(label: "name", value: "h2")])
        XCTAssertEqual(result.matches[0].style, TextStyle(underline: .single))
    }

    // MARK: The seed's priority example

    private func priorityExample(tagPriority: Int) throws -> RenderResult {
        let phone = Fixture.regex(
            "phone", #"1[3-9]\d{9}"#, priority: 20,
            presentation: Fixture.presentation(
                tap: TapSpec(handler: "call", arguments: [.init(label: "number", value: Fixture.template(.group(0)))])))
        return try render("Call <h1>13800138000</h1>", [Fixture.tags(priority: tagPriority), phone])
    }

    func testPhoneBeatsTagAtPriorityZero() throws {
        let result = try priorityExample(tagPriority: 0)
        XCTAssertEqual(result.display, "Call <h1>13800138000</h1>")
        XCTAssertEqual(result.matches.map(\.rule), ["phone"])
        XCTAssertEqual(result.matches.first?.range, range(9, 11))
        XCTAssertEqual(result.matches.first?.displayRange, range(9, 11))
        XCTAssertEqual(result.matches.first?.tap, TapTarget(handler: "call", arguments: [.init(label: "number", value: "13800138000")]))
        XCTAssertEqual(result.discarded.count, 1)
        let discarded = try XCTUnwrap(result.discarded.first)
        XCTAssertEqual(discarded.match.rule, "h")
        XCTAssertEqual(discarded.match.range, range(5, 20))
        XCTAssertEqual(discarded.match.displayRange, range(5, 0))
        XCTAssertEqual(discarded.reason, DiscardReason(keptRule: "phone", keptRange: range(9, 11), decider: .priority))
        XCTAssertEqual(result.segments.count, 3)
    }

    func testTagBeatsPhoneAtPriorityHundred() throws {
        let result = try priorityExample(tagPriority: 100)
        XCTAssertEqual(result.display, "Call 13800138000")
        XCTAssertEqual(result.matches.map(\.rule), ["h"])
        XCTAssertEqual(result.matches.first?.range, range(5, 20))
        XCTAssertEqual(result.matches.first?.displayRange, range(5, 11))
        XCTAssertEqual(result.discarded.count, 1)
        let discarded = try XCTUnwrap(result.discarded.first)
        XCTAssertEqual(discarded.match.rule, "phone")
        XCTAssertEqual(discarded.match.range, range(9, 11))
        XCTAssertEqual(discarded.match.displayRange, range(5, 0))
        XCTAssertEqual(discarded.reason, DiscardReason(keptRule: "h", keptRange: range(5, 20), decider: .priority))
        XCTAssertEqual(result.segments, [.plain(source: range(0, 5), display: range(0, 5)), .match(0)])
        XCTAssertEqual(result.text(of: result.segments[0]), "Call ")
    }
}

import Foundation
import XCTest

/// `rulegen explain --texts FILE`: line ends, blank and bad lines, located errors, and
/// files that are not UTF-8.
final class ExplainTextsTests: XCTestCase {
    static let spec = "richrules 1\nrule mention { match /@\\w+/ tap open(user: $0) }\n"

    /// Runs `explain --texts t.jsonl` on `bytes` with `spec`.
    func explain(_ bytes: [UInt8]) throws -> CLI.Result {
        let scratch = try ScratchDirectory()
        try scratch.write("a.richrules", Self.spec)
        try Data(bytes).write(to: scratch.url.appendingPathComponent("t.jsonl"))
        return try CLI.run(["explain", "a.richrules", "--texts", "t.jsonl"], cwd: scratch.url)
    }

    /// The `text` of each output line.
    func texts(_ stdout: String) throws -> [String] {
        try stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
            return try XCTUnwrap(object["text"] as? String)
        }
    }

    /// LF, CR LF and a lone CR all end a line; a byte order mark is skipped; blank lines
    /// (empty, or spaces and tabs) print nothing; the last line needs no terminator.
    func testLineEndsByteOrderMarkAndBlankLines() throws {
        let file = "\u{FEFF}\"a @x\"\r\n\"b\\r\\n\"\r\"c\u{2028}d\"\n\r\n \t\r\n\t\"@e\" \r\n\n\"f\""
        let result = try explain(Array(file.utf8))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(try texts(result.stdout), ["a @x", "b\r\n", "c\u{2028}d", "@e", "f"])
        XCTAssertTrue(
            result.stdout.hasPrefix(
                #"{"direction":"ltr","discarded":[],"display":"a @x","matches":[{"display":"@x","displayRange":[2,2],"handler":"open","#),
            result.stdout)
        // Line numbers count CR LF once, and columns on line 1 do not count the mark.
        let located = try explain(Array("\u{FEFF}1\r\n\r\n\"b\" x\r\"c\"\r\n".utf8))
        XCTAssertEqual(located.status, 1)
        XCTAssertEqual(
            located.stderr,
            """
            t.jsonl:1:1: error: expected a JSON string, found a number
            t.jsonl:3:5: error: unexpected 'x' after the string; a line holds one JSON string

            """)
        XCTAssertEqual(try texts(located.stdout), ["c"])
    }

    /// A bad line (`1️⃣` marks the expected column) and the message it gets.
    struct BadLine {
        var line: String
        var message: String
    }

    static let badLines: [BadLine] = [
        BadLine(line: "1️⃣42", message: "expected a JSON string, found a number"),
        BadLine(line: "1️⃣-1", message: "expected a JSON string, found a number"),
        BadLine(line: "1️⃣{\"text\": \"a\"}", message: "expected a JSON string, found an object"),
        BadLine(line: "1️⃣[\"a\"]", message: "expected a JSON string, found an array"),
        BadLine(line: " \t1️⃣null", message: "expected a JSON string, found null"),
        BadLine(line: "1️⃣false", message: "expected a JSON string, found false"),
        BadLine(line: "1️⃣'single'", message: "expected a JSON string, found a single quote (JSON strings use double quotes)"),
        BadLine(line: "1️⃣é bare", message: "expected a JSON string, found 'é'"),
        BadLine(line: "1️⃣\u{A0}\"a\"", message: "expected a JSON string, found U+00A0"),
        BadLine(line: "\"é 1️⃣\\ud800\"", message: "\\ud800 is an unpaired surrogate; a text must be valid Unicode"),
        BadLine(line: "\"😀1️⃣\\uDC00\\uD83D\"", message: "\\uDC00 is an unpaired surrogate; a text must be valid Unicode"),
        BadLine(line: "\"1️⃣\\ud83d x\"", message: "\\ud83d is an unpaired surrogate; a text must be valid Unicode"),
        BadLine(line: "\"1️⃣\\ud83d\\u0041\"", message: "\\ud83d is an unpaired surrogate; a text must be valid Unicode"),
        BadLine(line: "\"no end1️⃣", message: "unterminated string: the line ends before the closing quote"),
        BadLine(line: "\"ends in \\\"1️⃣", message: "unterminated string: the line ends before the closing quote"),
        BadLine(line: "\"x\\1️⃣", message: "unterminated string: the line ends before the closing quote"),
        BadLine(
            line: "\"a1️⃣\\q\"", message: "invalid escape '\\q'; a string allows \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t and \\uXXXX"),
        BadLine(
            line: "\"1️⃣\\x41\"", message: "invalid escape '\\x'; a string allows \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t and \\uXXXX"),
        BadLine(line: "\"1️⃣\\u12G4\"", message: "invalid escape '\\u12G'; \\u takes four hex digits"),
        BadLine(line: "\"1️⃣\\u12\"", message: "invalid escape '\\u12\"'; \\u takes four hex digits"),
        BadLine(line: "\"tab1️⃣\there\"", message: "raw control character U+0009 in a string; write it as \\t"),
        BadLine(line: "\"1️⃣\u{1B}[0m\"", message: "raw control character U+001B in a string; write it as \\u001b"),
        BadLine(line: "\"one\" 1️⃣\"two\"", message: "unexpected '\"' after the string; a line holds one JSON string"),
        BadLine(line: "\"a\"1️⃣,", message: "unexpected ',' after the string; a line holds one JSON string"),
        BadLine(line: "\"a\" 1️⃣\u{3000}", message: "unexpected U+3000 after the string; a line holds one JSON string"),
    ]

    /// Every bad line is reported at its line and column, and every good line around it
    /// still prints, in order; the exit status is 1.
    func testBadLinesAreLocatedAndTheRestStillPrints() throws {
        var lines: [String] = []
        var expectedErrors = ""
        var expectedTexts: [String] = []
        for (i, bad) in Self.badLines.enumerated() {
            let (text, _, column) = MalformedSpecTests.locate(bad.line)
            lines.append(text)
            expectedErrors += "t.jsonl:\(lines.count):\(column): error: \(bad.message)\n"
            lines.append("\"ok \(i) @u\(i)\"")
            expectedTexts.append("ok \(i) @u\(i)")
            if i % 3 == 0 { lines.append("") }
        }
        let result = try explain(Array(lines.joined(separator: "\n").utf8))
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, expectedErrors)
        XCTAssertEqual(try texts(result.stdout), expectedTexts)
    }

    /// A million bad lines would print a million errors: the first 50 are shown, then one
    /// line with the count; every valid line still prints.
    func testErrorsStopAfterFiftyBadLines() throws {
        var lines = (0..<120).map { "bad \($0)" }
        lines.append("\"still here\"")
        let result = try explain(Array(lines.joined(separator: "\n").utf8))
        XCTAssertEqual(result.status, 1)
        let errors = result.stderr.split(separator: "\n")
        XCTAssertEqual(errors.count, 51)
        XCTAssertEqual(errors.last, "t.jsonl: error: too many errors (120 bad lines); stopping after the first 50")
        XCTAssertEqual(try texts(result.stdout), ["still here"])
    }

    /// Valid escapes, a surrogate pair and `\u0000` are read as JSON defines them.
    func testEscapesAndSurrogatePairs() throws {
        let result = try explain(Array(#""\ud83d\uDE00 \"q\" \\ \/ \b\f\n\r\t \u0000 \u00e9 @x""#.utf8))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try texts(result.stdout), ["😀 \"q\" \\ / \u{8}\u{C}\n\r\t \u{0} é @x"])
    }

    /// A file that is not UTF-8 is an I/O error that says where, and nothing is printed.
    func testNotUTF8IsAnIOErrorAtItsLineAndByte() throws {
        let cases: [([UInt8], String)] = [
            (Array("\"ok\"\n\"café ".utf8) + [0xC3, 0x28, 0x22, 0x0A], "line 2, byte 8 (offset 12 in the file): 0xC3"),
            (Array("\u{FEFF}\"a\"\r\n\"".utf8) + [0xE2, 0x82], "line 2, byte 2 (offset 9 in the file): 0xE2 0x82"),
            ([0x22, 0xED, 0xA0, 0x80, 0x22], "line 1, byte 2 (offset 1 in the file): 0xED"),
            ([0x22, 0xFF, 0x22], "line 1, byte 2 (offset 1 in the file): 0xFF"),
        ]
        for (bytes, place) in cases {
            let result = try explain(bytes)
            XCTAssertEqual(result.status, 3, place)
            XCTAssertEqual(result.stdout, "", place)
            XCTAssertEqual(result.stderr, "error: t.jsonl: texts file is not valid UTF-8: \(place) is not a UTF-8 sequence\n")
        }
    }

    /// `--text --format json` prints what a `--texts` line prints.
    func testTextAndTextsPrintTheSameJSON() throws {
        let text = "ctrl \u{1} \u{1F} \"q\" a/b \u{2028} 😀 @bob"
        let scratch = try ScratchDirectory()
        try scratch.write("a.richrules", Self.spec)
        try scratch.write("t.jsonl", try JSONLinesTests.serialized(text) + "\n")
        let single = try CLI.run(["explain", "a.richrules", "--format", "json", "--text", text], cwd: scratch.url)
        let batch = try CLI.run(["explain", "a.richrules", "--texts", "t.jsonl"], cwd: scratch.url)
        XCTAssertEqual(single.status, 0, single.stderr)
        XCTAssertEqual(single.stdout, batch.stdout)
        XCTAssertEqual(try texts(single.stdout), [text])
        XCTAssertTrue(single.stdout.contains(#""text":"ctrl \u0001 \u001f \"q\" a/b "#), single.stdout)
    }
}

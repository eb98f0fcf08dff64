import Foundation
import RuleCompiler
@_spi(Generated) @_spi(Testing) import RuleRuntime
import RuleSpec
import XCTest

/// Semantic checks and the style table they produce.
final class SemaTests: XCTestCase {
    var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("sema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let url = scratch.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// In memory; a spec with imports is written beside the files it imports.
    func compile(_ text: String) throws -> Compiler.Output {
        guard text.contains("import \"") else { return Compiler.compile(source: text, path: "spec.richrules", analyze: false) }
        return Compiler.compile(path: try write("spec.richrules", text), analyze: false)
    }

    func table(_ text: String) throws -> StyleTable {
        let output = try compile(text)
        XCTAssertEqual(output.diagnostics.map(\.message), [])
        return try XCTUnwrap(output.table)
    }

    static var agreementPath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Specs/agreement.richrules").path
    }

    func testAgreementStylesMergeBaseThenFamilyThenTag() throws {
        let output = Compiler.compile(path: Self.agreementPath, analyze: false)
        XCTAssertEqual(output.diagnostics.map(\.message), [])
        let table = try XCTUnwrap(output.table)
        XCTAssertEqual(table.name, "Agreement")
        XCTAssertEqual(table.base, TextStyle(font: FontSpec(size: 14), color: "#8E8E93FF"))
        XCTAssertEqual(table.styles["danger"], TextStyle(color: "systemRed"))
        XCTAssertEqual(table.highlight, TextStyle(background: "#E5E5EAFF"))
        let family = try XCTUnwrap(table.rules.first { $0.name == "h" })
        XCTAssertEqual(family.matcher, .tagFamily("h"))
        XCTAssertEqual(family.presentation.style, TextStyle(font: FontSpec(size: 14), color: "systemBlue"))
        XCTAssertEqual(family.presentation.tap?.handler, "onTag")
        let h1 = try XCTUnwrap(family.tags["h1"])
        XCTAssertEqual(h1.style, TextStyle(font: FontSpec(size: 14), color: "systemBlue", underline: .single))
        XCTAssertEqual(h1.tap, TapSpec(handler: "openAgreement"))
        XCTAssertEqual(family.tags["h2"]?.style.color, "systemRed")
        XCTAssertEqual(family.tags["h2"]?.styleName, "danger")
        XCTAssertEqual(table.handlers["call"], ["number"])
        XCTAssertEqual(table.handlers["openAgreement"], [])
        XCTAssertEqual(table.rules.map(\.name), ["h", "mention", "phone"])
    }

    /// `tap none` opts a tag out of its family's tap; it never declares a handler `none`.
    func testTapNoneMakesATagNotTappable() throws {
        let table = try table(
            """
            richrules 1
            tags h {
              tap onTag(name: ${name})
              tag h1 { tap open }
              tag h3 { tap none }
            }
            rule quiet { match /q/ tap none }
            """)
        let family = try XCTUnwrap(table.rules.first)
        XCTAssertEqual(family.presentation.tap?.handler, "onTag")
        XCTAssertEqual(family.tags["h1"]?.tap?.handler, "open")
        XCTAssertNotNil(family.tags["h3"])
        XCTAssertNil(family.tags["h3"]?.tap)
        XCTAssertNil(table.rules[1].presentation.tap)
        XCTAssertEqual(table.handlers.keys.sorted(), ["onTag", "open"])
        let engine = try RuleEngine(reference: table)
        XCTAssertEqual(engine.render("<h1>a</h1><h2>b</h2><h3>c</h3>").matches.map { $0.tap?.handler }, ["open", "onTag", nil])
        let output = try compile("richrules 1\nrule a { match /a/ tap none(x: $0) }")
        XCTAssertEqual(output.diagnostics.map(\.message), ["'tap none' takes no arguments: it makes the match not tappable"])
    }

    /// A 20,000-level `style a : b` chain overflowed the stack (resolution recursed per
    /// level); it resolves, and a cycle inside a long chain is still one error.
    func testLongInheritanceChainsResolve() throws {
        var lines = ["richrules 1"]
        for i in 0..<19_999 { lines.append("style s\(i) : s\(i + 1) { kern: \(i % 7) }") }
        lines.append("style s19999 { color: red }")
        lines.append("rule a { match /x/ style s0 }")
        let output = Compiler.compile(source: lines.joined(separator: "\n"), path: "chain.richrules", analyze: false)
        XCTAssertEqual(output.diagnostics.map(\.message), [])
        let style = try XCTUnwrap(output.table?.rules.first?.presentation.style)
        XCTAssertEqual(style.color, "red")
        XCTAssertEqual(style.kern, 0)

        let cycle = Compiler.compile(
            source:
                "richrules 1\nstyle c : a { kern: 1 }\nstyle a : b { color: red }\nstyle b : a { color: blue }\nrule r { match /x/ style c }",
            path: "cycle.richrules", analyze: false)
        XCTAssertEqual(cycle.diagnostics.map(\.message), ["style inheritance cycle: 'a' → 'b' → 'a'"])
    }

    func testInheritanceChainsMergeParentFirst() throws {
        let t = try table(
            """
            richrules 1
            style a { color: red; font: 12 }
            style b : a { font: bold; kern: 1 }
            style c : b { color: #abc; underline: double #00FF00 }
            """)
        XCTAssertEqual(
            t.styles["c"],
            TextStyle(
                font: FontSpec(size: 12, weight: .bold), color: "#AABBCCFF", underline: .double, underlineColor: "#00FF00FF",
                kern: 1))
    }

    func testImportsComeFirstAndDiamondsAreReadOnce() throws {
        try write("shared/common.richrules", "richrules 1\nstyle link { color: blue }\nrule common { match /c/ }\n")
        try write("shared/left.richrules", "richrules 1\nimport \"common.richrules\"\nrule left { match /l/ style link }\n")
        try write("right.richrules", "richrules 1\nimport \"shared/common.richrules\"\nrule right { match /r/ }\n")
        let t = try table("richrules 1\nimport \"shared/left.richrules\"\nimport \"right.richrules\"\nrule main { match /m/ style link }\n")
        XCTAssertEqual(t.rules.map(\.name), ["common", "left", "right", "main"])
        XCTAssertEqual(t.rules.last?.presentation.styleName, "link")
    }

    func testHandlerLabelsMustAgreeAcrossImports() throws {
        try write("other.richrules", "richrules 1\nrule o { match /o/ tap open(url: $0) }\n")
        let output = try compile("richrules 1\nimport \"other.richrules\"\nrule m { match /m/ tap open($0) }\n")
        XCTAssertEqual(
            output.diagnostics.map(\.message),
            ["handler 'open' is called as 'open(_:)' here but as 'open(url:)' before; a handler has one argument list"])
        XCTAssertEqual(output.diagnostics.first?.notes.first?.ref?.file.path.hasSuffix("other.richrules"), true)
        XCTAssertNil(output.table)
    }

    func testInvalidPatternPointsInsideThePattern() throws {
        let output = try compile("richrules 1\nrule r { match /ab)c/ }\n")
        XCTAssertEqual(output.diagnostics.first?.location, SourceLocation(line: 2, column: 19))
        XCTAssertEqual(output.diagnostics.first?.name, "invalid-pattern")
    }

    func testEmptyMatchingPatternsAreErrors() throws {
        for pattern in ["a*", "^", "\\b", "(?=a)", "x?", "a|", "(?:)", "a{0,3}"] {
            let output = try compile("richrules 1\nrule r { match /\(pattern)/ }\n")
            XCTAssertEqual(output.diagnostics.map(\.name), ["empty-match"], pattern)
        }
        for pattern in ["a+", "\\bfoo\\b", "a*b", "(?:x|y)z?"] {
            XCTAssertEqual(try compile("richrules 1\nrule r { match /\(pattern)/ }\n").diagnostics.map(\.message), [], pattern)
        }
    }

    func testTemplatesAndCaptures() throws {
        let t = try table(
            """
            richrules 1
            rule r { match /(?<user>\\w+)@(\\w+)/ tap mail(to: "mailto:$0", user: ${user}, host: $2) replace "${user} at $2" }
            rule a { match tag <a href> tap open(url: ${href}, text: ${text}) }
            """)
        let r = t.rules[0]
        XCTAssertEqual(r.captureNames, ["user": 1])
        XCTAssertEqual(r.presentation.tap?.arguments.map(\.label), ["to", "user", "host"])
        XCTAssertEqual(r.presentation.tap?.arguments[0].value, MatchTemplate([.text("mailto:"), .group(0)]))
        XCTAssertEqual(r.presentation.replace, MatchTemplate([.name("user"), .text(" at "), .group(2)]))
        XCTAssertEqual(t.rules[1].matcher, .element(name: "a", attributes: ["href"], isVoid: false))
    }

    func testDetectorsAreCuratedRegexes() throws {
        let output = try compile(
            "richrules 1\nrule u { match detector(link) }\nrule e { match detector(email) }\nrule p { match detector(phone) }\n")
        XCTAssertEqual(output.diagnostics.filter { $0.severity != .note }.map(\.message), [], "no fallback, no state budget")
        let t = try XCTUnwrap(output.table)
        for rule in t.rules {
            guard case .regex(let pattern, _, let detector) = rule.matcher else { return XCTFail() }
            XCTAssertNotNil(try? NSRegularExpression(pattern: pattern))
            XCTAssertEqual(detector, rule.name == "u" ? "link" : rule.name == "e" ? "email" : "phone")
        }
        let engine = try RuleEngine(reference: t)
        let result = engine.render("mail a.b@c.io or visit https://apple.com/x?y=1. Call +1 415 555 0100!")
        XCTAssertEqual(result.matches.map(\.text), ["a.b@c.io", "https://apple.com/x?y=1", "+1 415 555 0100"])
    }

    func testTableJSONIsDeterministicAndRoundTrips() throws {
        let output = Compiler.compile(path: Self.agreementPath, analyze: false)
        let table = try XCTUnwrap(output.table)
        let a = try table.jsonData()
        let b = try Compiler.compile(path: Self.agreementPath, analyze: false).table!.jsonData()
        XCTAssertEqual(a, b)
        XCTAssertEqual(try StyleTable(jsonData: a), table)
        let text = String(decoding: a, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("{\n  \"base\""), text)
        XCTAssertTrue(text.contains("\"formatVersion\" : 3"))
    }

    func testEverySyntaxErrorIsReportedWithSemanticErrors() throws {
        let output = try compile("richrules 1\nrule a { match /x/ style nope }\nrule b { match /(/ }\nrule c { priority }\n")
        XCTAssertEqual(output.diagnostics.map { $0.location?.line }, [2, 3, 4, 4])
        XCTAssertTrue(output.diagnostics.map(\.message).contains("rule 'c' has no 'match' statement"))
    }

    func testConstructsWithoutAutomatonWarnAndStillCompile() throws {
        let output = try compile("richrules 1\nrule r { match /(a)\\1/ }\nrule s { match /x\\G/ }\n")
        XCTAssertEqual(output.diagnostics.map(\.severity), [.warning, .warning])
        XCTAssertEqual(output.diagnostics.map(\.name), ["fallback", "fallback"])
        XCTAssertEqual(output.diagnostics.map(\.location), [SourceLocation(line: 2, column: 20), SourceLocation(line: 3, column: 18)])
        XCTAssertEqual(
            output.diagnostics.first?.message,
            "backreference cannot become an automaton; rule 'r' falls back to NSRegularExpression at run time")
        XCTAssertNotNil(output.table)
    }
}

import Foundation
import RuleCompiler
@_spi(Testing) import RuleRuntime
import XCTest

/// The seed's `<h>` tag table and priority example, through the library (compiler +
/// engine) and through `rulegen explain --texts`.
final class SeedBehaviourTests: XCTestCase {
    /// (text, the kept tags as (name, raw markup), expected display).
    static let tagRows: [(String, [(String, String)], String)] = [
        ("<h>文字</h>", [("h", "<h>文字</h>")], "文字"),
        ("<h1>文字</h1>", [("h1", "<h1>文字</h1>")], "文字"),
        ("<h12>文字</h12>", [("h12", "<h12>文字</h12>")], "文字"),
        ("<h1>文字<h1/>", [("h1", "<h1>文字<h1/>")], "文字"),
        ("<H4>文字</H4>", [("h4", "<H4>文字</H4>")], "文字"),
        ("<h1>文字</h2>", [], "<h1>文字</h2>"),
        ("<h2>未闭合", [], "<h2>未闭合"),
        ("<h1>文字</h2> <h3>x</h3>", [("h3", "<h3>x</h3>")], "<h1>文字</h2> x"),
        ("<h2>未闭合 <h3>x</h3>", [("h3", "<h3>x</h3>")], "<h2>未闭合 x"),
        ("<h1>a<h2>b</h2>c</h1>", [("h2", "<h2>b</h2>")], "<h1>abc</h1>"),
        ("<hx>文字</hx>", [], "<hx>文字</hx>"),
        ("<h1></h1>x<h2>多\n行 < 3</h2>", [("h1", "<h1></h1>"), ("h2", "<h2>多\n行 < 3</h2>")], "x多\n行 < 3"),
    ]

    static let tagSpec = "richrules 1\ntags h { tap onTag(name: ${name}) }\n"

    func makeSpec(_ text: String) throws -> (ScratchDirectory, String) {
        let scratch = try ScratchDirectory()
        let url = try scratch.write("tags.richrules", text)
        return (scratch, url.path)
    }

    func engine(_ path: String) throws -> RuleEngine {
        let output = Compiler.compile(path: path)
        XCTAssertEqual(output.diagnostics.filter { $0.severity != .note }.map(\.message), [])
        return try RuleEngine(reference: XCTUnwrap(output.table))
    }

    func testTagTableThroughTheLibrary() throws {
        let (scratch, path) = try makeSpec(Self.tagSpec)
        let engine = try engine(path)
        for (text, tags, display) in Self.tagRows {
            let result = engine.render(text)
            XCTAssertEqual(result.display, display, text)
            XCTAssertEqual(result.matches.map { $0.tag?.name }, tags.map(\.0), text)
            XCTAssertEqual(result.matches.map(\.range), tags.map { range(of: $0.1, in: text) }, text)
            XCTAssertEqual(result.matches.map { $0.tag?.raw }, tags.map(\.1), text)
            XCTAssertEqual(result.matches.map { $0.tap?.arguments.first?.value }, tags.map(\.0), text)
        }
        _ = scratch
    }

    func testTagTableThroughTheCLI() throws {
        let (scratch, path) = try makeSpec(Self.tagSpec)
        let texts = try scratch.write("texts.jsonl", Self.tagRows.map { jsonString($0.0) }.joined(separator: "\n") + "\n")
        let result = try CLI.run(["explain", path, "--engine", "icu", "--texts", texts.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let lines = result.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, Self.tagRows.count)
        for ((text, tags, display), line) in zip(Self.tagRows, lines) {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            XCTAssertEqual(object["text"] as? String, text)
            XCTAssertEqual(object["display"] as? String, display, text)
            let matches = try XCTUnwrap(object["matches"] as? [[String: Any]])
            XCTAssertEqual(matches.map { $0["tag"] as? String }, tags.map(\.0), text)
            XCTAssertEqual(matches.map { $0["rule"] as? String }, tags.map { _ in "h" }, text)
            XCTAssertEqual(matches.map { $0["text"] as? String }, tags.map(\.1), text)
            XCTAssertEqual(matches.map { $0["handler"] as? String }, tags.map { _ in "onTag" }, text)
            XCTAssertEqual(
                matches.map { ($0["range"] as? [Int]) ?? [] },
                tags.map {
                    let r = range(of: $0.1, in: text); return [r.location, r.length]
                }, text)
        }
    }

    /// `Call <h1>13800138000</h1>` with `phone` at 20 and the tag family at 0, then 100.
    func testPriorityExampleBothWays() throws {
        let text = "Call <h1>13800138000</h1>"
        for familyPriority in [0, 100] {
            let spec = """
                richrules 1
                tags h { priority \(familyPriority)  tap onTag }
                rule phone { match /1[3-9]\\d{9}/  priority 20  tap call(number: $0) }
                """
            let (scratch, path) = try makeSpec(spec)
            // The conflict analysis tells before the app runs (a note: priority settles it).
            let lint = Compiler.compile(path: path).diagnostics
            let winner =
                familyPriority == 0
                ? "'phone' wins (higher priority); the tag is dropped and its markup shown as text" : "'h' wins (higher priority)"
            XCTAssertEqual(lint.map(\.message), ["'phone' overlaps 'h' on \"<h>13000000000</h>\"; \(winner)"])
            XCTAssertEqual(lint.map(\.severity), [.note])
            let library = try engine(path).render(text)
            let cli = try CLI.run(["explain", path, "--engine", "icu", "--format", "json", "--text", text])
            XCTAssertEqual(cli.status, 0, cli.stderr)
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(cli.stdout.utf8)) as? [String: Any])
            let kept = try XCTUnwrap(object["matches"] as? [[String: Any]])
            let discarded = try XCTUnwrap(object["discarded"] as? [[String: Any]])
            if familyPriority == 0 {
                XCTAssertEqual(library.display, text)
                XCTAssertEqual(library.matches.map(\.rule), ["phone"])
                XCTAssertEqual(library.matches.first?.range, TextRange(location: 9, length: 11))
                XCTAssertEqual(library.discarded.map(\.match.rule), ["h"])
                XCTAssertEqual(library.discarded.first?.reason.decider, .priority)
                XCTAssertEqual(object["display"] as? String, text)
                XCTAssertEqual(kept.map { $0["rule"] as? String }, ["phone"])
                XCTAssertEqual(discarded.map { $0["rule"] as? String }, ["h"])
                XCTAssertEqual(discarded.first?["reason"] as? String, "overlaps 'phone' at [9, 11], which wins (higher priority)")
            } else {
                XCTAssertEqual(library.display, "Call 13800138000")
                XCTAssertEqual(library.matches.map(\.rule), ["h"])
                XCTAssertEqual(library.discarded.map(\.match.rule), ["phone"])
                XCTAssertEqual(object["display"] as? String, "Call 13800138000")
                XCTAssertEqual(kept.map { $0["tag"] as? String }, ["h1"])
                XCTAssertEqual(kept.first?["display"] as? String, "13800138000")
                XCTAssertEqual(discarded.map { $0["rule"] as? String }, ["phone"])
            }
            _ = scratch
        }
    }

    func range(of needle: String, in text: String) -> TextRange {
        let r = (text as NSString).range(of: needle)
        return TextRange(location: r.location, length: r.length)
    }

    func jsonString(_ s: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: s, options: [.fragmentsAllowed]), as: UTF8.self)
    }
}

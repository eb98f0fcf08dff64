@_spi(Generated) import RuleRuntime
import XCTest

@testable import RuleAutomata
@testable import RuleCompiler

/// `HandlerSignatures`: the Swift types of the generated handler arguments, read from
/// every call of each handler in a spec compiled in memory.
final class HandlerSignaturesTests: XCTestCase {
    typealias Types = [String: [HandlerSignatures.ArgumentType]]

    private func compile(_ body: String, file: StaticString = #filePath, line: UInt = #line) throws -> (StyleTable, CompiledRuleSet) {
        let output = Compiler.compile(source: "richrules 1\n" + body, path: "h.richrules", analyze: false)
        let table = try XCTUnwrap(output.table, "\(output.diagnostics.map(\.message))", file: file, line: line)
        return (table, try XCTUnwrap(output.automata, file: file, line: line))
    }

    /// The argument types of every handler of `table`, by name.
    private func types(_ table: StyleTable) -> Types {
        let signatures = HandlerSignatures(table: table)
        return table.handlers.reduce(into: [:]) { types, handler in
            types[handler.key] = signatures.types(of: handler.key, count: handler.value.count)
        }
    }

    private func types(_ body: String, file: StaticString = #filePath, line: UInt = #line) throws -> Types {
        types(try compile(body, file: file, line: line).0)
    }

    func testTheOrdinalOfATagOrAnElementIsAnInt() throws {
        let types = try types(
            """
            tags h { tap f(i: ${index}, name: ${name}) }
            rule a { match tag <a href>  tap f(i: ${index}, name: ${href}) }
            rule img { match tag <img src/>  tap g(${index}) }
            """)
        XCTAssertEqual(types, ["f": [.int, .string], "g": [.int]])
    }

    func testALevelIsAnOptionalIntAlsoMixedWithAnOrdinal() throws {
        let types = try types(
            """
            tags h { tap level(${level})  tag h2 { tap mixed(x: ${index}, y: ${level}) } }
            tags p { tap mixed(x: ${level}, y: ${level}) }
            rule a { match tag <a>  tap mixed(x: ${index}, y: ${name}) }
            """)
        XCTAssertEqual(types, ["level": [.optionalInt], "mixed": [.optionalInt, .string]])
    }

    /// A per-tag block is a call of its family: its tap counts, `tap none` adds no call.
    func testTagBlocksAreCallsOfTheirFamily() throws {
        let types = try types(
            """
            tags h {
              tap f(${index}, ${index})
              tag h1 { tap f(${index}, $0) }
              tag h2 { tap none }
              tag h3 { tap g(${level}) }
            }
            """)
        XCTAssertEqual(types, ["f": [.int, .string], "g": [.optionalInt]])
    }

    /// Anything but a bare `${index}` / `${level}` of a tag is a String: text around it,
    /// `$0`, a regex rule's named group `index`, an element's declared attribute `level`,
    /// a prefix rule's word, the truncation token's plain strings.
    func testOtherValuesAreStrings() throws {
        let types = try types(
            """
            truncation "…more" tap expand(index: "1")
            tags h { tap text(at: "#${index}")  tag h1 { tap mixed($0) } }
            rule a { match tag <a>  tap mixed(${index}) }
            rule group { match /T-(?<index>\\d+)/  tap group(${index}) }
            rule li { match tag <li level>  tap attribute(${level}, ${index}) }
            rule word { match prefix "#"  tap word($0) }
            """)
        XCTAssertEqual(
            types,
            [
                "expand": [.string], "text": [.string], "mixed": [.string], "group": [.string], "attribute": [.string, .int],
                "word": [.string],
            ])
    }

    /// A declared attribute `index` (a table not from a spec: the language refuses the
    /// name) wins over the tag field, as in `RuleMatch.named`; `${level}` of an element
    /// is never a tag's level.
    func testADeclaredAttributeIndexIsAString() {
        func element(_ attributes: [String], tap: TapSpec) -> RuleEntry {
            RuleEntry(
                name: "x\(attributes.count)", matcher: .element(name: "x", attributes: attributes, isVoid: false),
                presentation: RulePresentation(style: TextStyle(), tap: tap))
        }
        let argument = [TapSpec.Argument(label: nil, value: MatchTemplate([.name("index")]))]
        let level = [TapSpec.Argument(label: nil, value: MatchTemplate([.name("level")]))]
        let table = StyleTable(
            name: "T", source: "t.richrules", base: TextStyle(), styles: [:], highlight: nil,
            handlers: ["f": [nil], "g": [nil], "h": [nil]],
            rules: [
                element(["index"], tap: TapSpec(handler: "f", arguments: argument)),
                element([], tap: TapSpec(handler: "g", arguments: argument)),
                element(["a", "b"], tap: TapSpec(handler: "h", arguments: level)),
            ])
        XCTAssertEqual(types(table), ["f": [.string], "g": [.int], "h": [.string]])
    }

    /// A handler that no tap of the table calls with its label count has String arguments.
    func testAHandlerWithoutMatchingCallsHasStrings() {
        let table = StyleTable(
            name: "T", source: "t.richrules", base: TextStyle(), styles: [:], highlight: nil, handlers: ["f": [nil, "b"]],
            rules: [
                RuleEntry(
                    name: "h", matcher: .tagFamily("h"),
                    presentation: RulePresentation(
                        style: TextStyle(),
                        tap: TapSpec(handler: "f", arguments: [.init(label: nil, value: MatchTemplate([.name("index")]))])))
            ])
        XCTAssertEqual(HandlerSignatures(table: table).types(of: "f", count: 2), [.string, .string])
        XCTAssertEqual(HandlerSignatures(table: table).types(of: "g", count: 1), [.string])
    }

    /// The generated protocol and `dispatch` use the types; an all-String handler is
    /// written as before.
    func testTheGeneratedSwiftUsesTheTypes() throws {
        let (table, automata) = try compile("tags h { tap heading(level: ${level}, ${index})  tag h1 { tap say(text: ${text}) } }")
        let swift = SwiftEmitter(table: table, automata: automata, specPath: "h.richrules").emit()
        let lines = swift.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        for expected in [
            "func heading(level: Int?, _ argument1: Int)",
            "func say(text: String)",
            "guard let argument1 = Int(arguments[1].value) else { return false }",
            "handlers.heading(level: Int(arguments[0].value), argument1)",
            "handlers.say(text: arguments[0].value)",
        ] {
            XCTAssertTrue(lines.contains(expected), expected)
        }
        XCTAssertEqual(lines.filter { $0.hasPrefix("guard let argument") }.count, 1)
    }
}

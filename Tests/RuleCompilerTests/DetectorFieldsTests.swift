import Foundation
import XCTest

@testable import RuleCompiler
@testable import RuleRuntime

/// `${url}`, `${host}`, `${scheme}`, `${address}`, `${number}`, `${user}`, `${tag}` and
/// `${symbol}`: computed from the matched text, the same on both engines, in taps, `replace`
/// and `alt`.
final class DetectorFieldsTests: XCTestCase {
    static let spec = """
        richrules 1
        rule link { match detector(link) priority 5 replace "🔗 ${host}" alt "Link to ${host}" tap open(url: ${url}, host: ${host}, scheme: ${scheme}, text: $0) }
        rule email { match detector(email) priority 4 tap mail(to: ${url}, address: ${address}) }
        rule phone { match detector(phone) priority 3 tap call(number: ${number}) }
        rule mention { match detector(mention) tap user(name: ${user}) }
        rule hashtag { match detector(hashtag) tap topic(name: ${tag}) }
        rule cashtag { match detector(cashtag) tap symbol(name: ${symbol}) }
        """

    nonisolated(unsafe) static var cached: DetectorSuiteTests.Engines?
    func engines() throws -> DetectorSuiteTests.Engines {
        if let cached = Self.cached { return cached }
        let engines = try DetectorSuiteTests.Engines(Self.spec)
        Self.cached = engines
        return engines
    }

    /// Each kept match's tap as `handler(value, …)`, checked equal on both engines.
    func taps(_ text: String) throws -> [String] {
        let engines = try engines()
        let render = { (result: RenderResult) in
            result.matches.map { m in
                (m.tap.map { "\($0.handler)(" + $0.arguments.map(\.value).joined(separator: ", ") + ")" } ?? "none")
            }
        }
        let compiled = render(engines.compiled.engine.render(text))
        XCTAssertEqual(compiled, render(engines.icu.render(text)), text)
        return compiled
    }

    func testLinkFields() throws {
        XCTAssertEqual(
            try taps("**www.example.com** and https://user@Example.com:8080/a?b=c"),
            [
                "open(https://www.example.com, www.example.com, https, www.example.com)",
                "open(https://user@Example.com:8080/a?b=c, Example.com, https, https://user@Example.com:8080/a?b=c)",
            ])
        XCTAssertEqual(
            try taps("看 http://例え.jp/パス。"), ["open(http://xn--r8jz45g.jp/%E3%83%91%E3%82%B9, 例え.jp, http, http://例え.jp/パス)"])
        XCTAssertEqual(
            try taps("t.co/abc HTTP://Bücher.de/x|y 10.0.0.1:80/x"),
            [
                "open(https://t.co/abc, t.co, https, t.co/abc)",
                "open(http://xn--bcher-kva.de/x%7Cy, Bücher.de, http, HTTP://Bücher.de/x|y)",
                "open(http://10.0.0.1:80/x, 10.0.0.1, http, 10.0.0.1:80/x)",
            ])
        XCTAssertEqual(
            try taps("example.com/go?u=http://x.io http://[::1]:8080/a"),
            [
                "open(https://example.com/go?u=http://x.io, example.com, https, example.com/go?u=http://x.io)",
                "open(http://[::1]:8080/a, [::1], http, http://[::1]:8080/a)",
            ])
        XCTAssertEqual(try taps("президент.рф"), ["open(https://xn--d1abbgf6aiiy.xn--p1ai, президент.рф, https, президент.рф)"])
    }

    /// What a link shows is what it opens: ignorables inside a host are part of it and mapped
    /// away (UTS 46), in `${url}`, `${host}` and an email's fields; a mark right after `/` does
    /// not hide it from the split into scheme, host and path.
    func testHostsMappedAsUTS46MapsThem() throws {
        XCTAssertEqual(
            try taps("HTTP://EX\u{AD}AMPLE.com:8080/a and www.pay\u{200B}pal.com"),
            [
                "open(http://EXAMPLE.com:8080/a, EXAMPLE.com, http, HTTP://EX\u{AD}AMPLE.com:8080/a)",
                "open(https://www.paypal.com, www.paypal.com, https, www.pay\u{200B}pal.com)",
            ])
        XCTAssertEqual(try taps("http://x.com/\u{308}a"), ["open(http://x.com/%CC%88a, x.com, http, http://x.com/\u{308}a)"])
        XCTAssertEqual(try taps("bob@ex\u{AD}ample.com"), ["mail(mailto:bob@example.com, bob@example.com)"])
    }

    func testReplaceAndAltUseFields() throws {
        let engines = try engines()
        let result = engines.compiled.engine.render("see https://example.com/x")
        XCTAssertEqual(result.display, "see 🔗 example.com")
        XCTAssertEqual(result.matches.first?.alternateText, "Link to example.com")
    }

    func testOtherFields() throws {
        XCTAssertEqual(
            try taps("MAILTO:Bob@例子.中国 or a.b@c.io, +1 (415) 555-0132, @alice #话题 $brk.a"),
            [
                "mail(mailto:Bob@xn--fsqu00a.xn--fiqs8s, Bob@例子.中国)", "mail(mailto:a.b@c.io, a.b@c.io)", "call(+14155550132)",
                "user(alice)", "topic(话题)", "symbol(BRK.A)",
            ])
    }

    /// `detector(link, schemes: …)`: the URLs of those schemes instead of http, https and ftp.
    func testLinkWithSchemes() throws {
        let engines = try DetectorSuiteTests.Engines(
            "richrules 1\nrule l { match detector(link, schemes: \"https\", \"myapp\", \"git+ssh\") tap open(url: ${url}, scheme: ${scheme}) }\n"
        )
        let text = "MyApp://open/item?id=1, git+ssh://host.io/x.git, http://old.example and https://ok.example/a"
        let render = { (r: RenderResult) in r.matches.map { "\($0.text) \($0.tap!.arguments.map(\.value))" } }
        let compiled = render(engines.compiled.engine.render(text))
        XCTAssertEqual(compiled, render(engines.icu.render(text)))
        XCTAssertEqual(
            compiled,
            [
                #"MyApp://open/item?id=1 ["myapp://open/item?id=1", "myapp"]"#,
                #"git+ssh://host.io/x.git ["git+ssh://host.io/x.git", "git+ssh"]"#,
                #"https://ok.example/a ["https://ok.example/a", "https"]"#,
            ])
        XCTAssertEqual(
            Compiler.compile(source: "richrules 1\nrule l { match detector(email, schemes: \"x\") }\n", analyze: false).diagnostics
                .map(\.message), ["only detector(link) takes 'schemes'"])
        XCTAssertEqual(
            Compiler.compile(source: "richrules 1\nrule l { match detector(link, schemes: \"my app\") }\n", analyze: false).diagnostics
                .map(\.message),
            ["a scheme is a letter, then letters, digits, '+', '.' or '-' (as 'https' or 'git+ssh'), without '://'"])
        XCTAssertEqual(
            Compiler.compile(source: "richrules 1\nrule l { match detector(link, hosts: \"x\") }\n", analyze: false).diagnostics
                .map(\.message), ["rule 'l' has no 'match' statement", "expected 'schemes:' after ',' in 'detector(…)', found 'hosts'"])
    }

    func testPunycode() {
        XCTAssertEqual(Punycode.encode("bücher"), "bcher-kva")
        XCTAssertEqual(Punycode.encode("例え"), "r8jz45g")
        XCTAssertEqual(Punycode.encode("münchen"), "mnchen-3ya")
        XCTAssertEqual(Punycode.encode("中国"), "fiqs8s")
    }

    func testUnknownFieldAndShowOfAFieldAreErrors() {
        let unknown = Compiler.compile(
            source: "richrules 1\nrule l { match detector(link) tap open(u: ${uri}) }\n", analyze: false)
        XCTAssertEqual(
            unknown.diagnostics.map(\.message),
            ["unknown capture 'uri'; did you mean 'url'? (detector(link) gives ${url}, ${host}, ${scheme} besides $0)"])
        let show = Compiler.compile(source: "richrules 1\nrule l { match detector(link) show ${host} }\n", analyze: false)
        XCTAssertEqual(show.diagnostics.map(\.message), ["'show' needs a group of the pattern; '${host}' is computed by the detector"])
    }
}

import Foundation
import TestSupport
import XCTest

@testable import RuleAutomata
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
        let compiled = render(engines.compiled.render(text))
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
        let result = engines.compiled.render("see https://example.com/x")
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
        let compiled = render(engines.compiled.render(text))
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

    /// The split and the encoding read bytes; these are the cases the byte reading could get
    /// wrong, checked against the definitions written plainly (regression for the byte rewrite).
    func testLinkPartsSchemeAndEncodingEdges() {
        for (text, scheme, rest) in [
            // Without a scheme, the authority ends at the first `/`; a last `:` in it is a port;
            // an empty or numeric host gets `http`.
            ("http://a.io/x", "http", "/x"), ("Git+SSH://h/x", "git+ssh", "/x"), ("1http://a.io", "https", "//a.io"),
            (":///x", "http", "///x"), ("http:/a.io", "https", "/a.io"), ("a:b://c.io/", "https", "//c.io/"), ("http:", "https", ""),
            ("http:/", "https", "/"), ("x.io/a://b", "https", "/a://b"), ("ftp://", "ftp", ""),
        ] {
            let parts = LinkParts(text)
            XCTAssertEqual(parts.scheme, scheme, text)
            XCTAssertEqual(String(parts.rest), rest, text)
        }
        for (text, encoded) in [
            ("/a%2", "/a%252"), ("/%zz", "/%25zz"), ("/%4F%4f", "/%4F%4f"), ("/[x]|{y}", "/%5Bx%5D%7C%7By%7D"), ("/é", "/%C3%A9"),
            ("/a b\\^`<>\"", "/a b%5C%5E%60%3C%3E%22"), ("", ""), ("%", "%25"), ("/%4", "/%254"), ("/x%", "/x%25"),
        ] {
            XCTAssertEqual(LinkParts.encoded(Substring(text)), encoded, text)
        }
    }

    func testPunycode() {
        XCTAssertEqual(Punycode.encode("bücher"), "bcher-kva")
        XCTAssertEqual(Punycode.encode("例え"), "r8jz45g")
        XCTAssertEqual(Punycode.encode("münchen"), "mnchen-3ya")
        XCTAssertEqual(Punycode.encode("中国"), "fiqs8s")
        // RFC 3492, 7.1: (A), (B), (L), (M).
        XCTAssertEqual(Punycode.encode("ليهمابتكلموشعربي؟"), "egbpdaj6bu4bxfgehfvwxn")
        XCTAssertEqual(Punycode.encode("他们为什么不说中文"), "ihqwcrb4cv8a8dqg056pqjye")
        XCTAssertEqual(Punycode.encode("3年B組金八先生"), "3B-ww4c5e180e575a65lsy2b")
        XCTAssertEqual(Punycode.encode("安室奈美恵-with-SUPER-MONKEYS"), "-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n")
        XCTAssertEqual(Punycode.encode("abc"), "abc-")
        XCTAssertEqual(Punycode.encode(""), "")
    }

    /// The encoder against RFC 3492's own (one pass over the label per code point) on random
    /// labels: repeated and distinct code points, basic ones among them, astral planes.
    func testPunycodeAgreesWithTheRFCsEncoder() {
        let seed = testSeed(0x5055_4E59)
        var rng = SeededGenerator(seed: seed)
        let alphabet: [UInt32] = [0x61, 0x2D, 0x39, 0xE9, 0xFC, 0x3B1, 0x4E2D, 0x4E2E, 0x56FD, 0xAC00, 0x1F600, 0x20000, 0x10FFFD]
        for iteration in 0..<2_000 {
            let label = String(
                String.UnicodeScalarView(
                    (0..<rng.below(24)).map { _ in
                        Unicode.Scalar(rng.below(3) == 0 ? UInt32(0x80 + rng.below(0x3000)) : rng.pick(alphabet))!
                    }))
            XCTAssertEqual(Punycode.encode(label), Self.rfcEncode(label), "seed \(seed) iteration \(iteration): \(label.debugDescription)")
        }
    }

    /// A 40,000-character label of distinct code points (20,000 from U+4E00, 20,000 from
    /// U+20000): the RFC's encoder takes one pass per code point, this one n log n. The
    /// digits are those of Python's `punycode` codec (128,989 bytes, compared by FNV-1a).
    func testPunycodeOfALongLabelOfDistinctCharacters() {
        let values: [UInt32] = (0..<20_000).map { 0x4E00 + $0 } + (0..<20_000).map { 0x2_0000 + $0 }
        let label = String(String.UnicodeScalarView(values.map { Unicode.Scalar($0)! }))
        let encoded = Punycode.encode(label) ?? ""
        XCTAssertEqual(encoded.utf8.count, 128_989)
        XCTAssertTrue(encoded.hasPrefix("4gqcdefghijklmnopqrstuvwxyz0a1a2a3a4a5a6a7a8a9azb0b1b1b2"), String(encoded.prefix(60)))
        XCTAssertTrue(encoded.hasSuffix("zw6a0w6a1w6a2w6a3w6a4w6a"), String(encoded.suffix(30)))
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in encoded.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        XCTAssertEqual(hash, 0xBB21_B021_F120_1B71)
    }

    /// Every field a detector lists is computed, and nothing else.
    func testEachDetectorComputesItsFields() {
        for (detector, names) in DetectorFields.names {
            for name in names { XCTAssertNotNil(DetectorFields.value(name, detector: detector, text: "@x.com"), "\(detector) \(name)") }
            XCTAssertNil(DetectorFields.value("nope", detector: detector, text: "@x.com"))
        }
    }

    /// RFC 3492, 6.3, as written: for each code point, one pass over the label.
    static func rfcEncode(_ label: String) -> String {
        let input = label.unicodeScalars.map { Int($0.value) }
        var n = 128, delta = 0, bias = 72
        var output = String(String.UnicodeScalarView(label.unicodeScalars.filter(\.isASCII)))
        let b = output.unicodeScalars.count
        var h = b
        if b > 0 { output += "-" }
        func adapt(_ delta: Int, _ count: Int, _ first: Bool) -> Int {
            var delta = first ? delta / 700 : delta / 2
            delta += delta / count
            var k = 0
            while delta > 455 {
                delta /= 35
                k += 36
            }
            return k + 36 * delta / (delta + 38)
        }
        while h < input.count {
            let m = input.filter { $0 >= n }.min()!
            delta += (m - n) * (h + 1)
            n = m
            for c in input {
                if c < n { delta += 1 }
                guard c == n else { continue }
                var q = delta
                var k = 36
                while true {
                    let t = k <= bias ? 1 : (k >= bias + 26 ? 26 : k - bias)
                    if q < t { break }
                    let d = t + (q - t) % (36 - t)
                    output.unicodeScalars.append(Unicode.Scalar(UInt8(d < 26 ? 97 + d : 22 + d)))
                    q = (q - t) / (36 - t)
                    k += 36
                }
                output.unicodeScalars.append(Unicode.Scalar(UInt8(q < 26 ? 97 + q : 22 + q)))
                bias = adapt(delta, h + 1, h == b)
                delta = 0
                h += 1
            }
            delta += 1
            n += 1
        }
        return output
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

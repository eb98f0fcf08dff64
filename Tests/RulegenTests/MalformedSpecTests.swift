import Foundation
import XCTest

/// Table-driven: each malformed spec gives one located error (`1️⃣` marks the expected
/// line and column), exit status 1, and leaves the output folder untouched.
final class MalformedSpecTests: XCTestCase {
    struct Case {
        var name: String
        var spec: String
        var message: String
        var files: [String: String] = [:]
        /// The file the error is in (the marker is in `spec` or in `files[file]`).
        var file = "spec.richrules"
    }

    static let marker = "1️⃣"

    static let cases: [Case] = [
        Case(name: "missing header", spec: "1️⃣rule a { match /x/ }", message: "a spec must start with the header 'richrules 1'"),
        Case(
            name: "unsupported version", spec: "richrules 1️⃣2\nrule a { match /x/ }",
            message: "unsupported language version 2; this rulegen reads 'richrules 1'"),
        Case(
            name: "version past Int.max", spec: "richrules 1️⃣9223372036854775808\nrule a { match /x/ }",
            message: "unsupported language version 9223372036854775808; this rulegen reads 'richrules 1'"),
        Case(
            name: "priority past Int.max", spec: "richrules 1\nrule a { match /x/ priority 1️⃣99999999999999999999 }",
            message: "priority must be an integer from -1000000 to 1000000"),
        Case(
            name: "size past Double's range",
            spec: "richrules 1\nrule a { match /x/ image \"i\" size 1️⃣\(String(repeating: "9", count: 400))x5 }",
            message: "a size must be positive and at most 10000x10000"),
        Case(
            name: "kern past Int.max", spec: "richrules 1\nrule a { match /x/ style { kern: 1️⃣99999999999999999999999 } }",
            message: "'kern' must be between -1000 and 1000"),
        Case(
            name: "repeat count past Int.max", spec: "richrules 1\nrule a { match /a1️⃣{99999999999999999999}/ }",
            message: "invalid pattern: repeat count is larger than 16777215"),
        Case(
            name: "capture reference past Int.max", spec: "richrules 1\nrule a { match /(x)/ tap t(v: 1️⃣$99999999999999999999) }",
            message: "capture group number 99999999999999999999 is too large"),
        Case(
            name: "unknown style", spec: "richrules 1\nstyle link { color: red }\nrule a { match /x/ style 1️⃣lnk }",
            message: "unknown style 'lnk'; did you mean 'link'?"),
        Case(
            name: "style cycle", spec: "richrules 1\nstyle a : 1️⃣b { color: red }\nstyle b : a { color: blue }",
            message: "style inheritance cycle: 'a' → 'b' → 'a'"),
        Case(name: "unknown parent", spec: "richrules 1\nstyle a : 1️⃣zz { color: red }", message: "unknown style 'zz'"),
        Case(
            name: "unknown property", spec: "richrules 1\nstyle a { 1️⃣colour: red }",
            message: "unknown style property 'colour'; did you mean 'color'?"),
        Case(
            name: "bad hex color", spec: "richrules 1\nbase { color: 1️⃣#12345 }",
            message: "invalid color '#12345': write #RGB, #RRGGBB or #RRGGBBAA in hex digits"),
        Case(
            name: "unknown color name", spec: "richrules 1\nbase { color: 1️⃣systemBlu }",
            message: "unknown color 'systemBlu'; did you mean 'systemBlue'?"),
        Case(
            name: "unknown font word", spec: "richrules 1\nbase { font: 14 1️⃣boldd }",
            message:
                "unknown font attribute 'boldd'; did you mean 'bold'? (a font is a size, a weight, 'italic', a text style such as 'body', or a family in quotes)"
        ),
        Case(name: "invalid regex column", spec: "richrules 1\nrule a { match /ab1️⃣(c/ }", message: "invalid pattern: missing closing ')'"),
        Case(
            name: "empty match", spec: "richrules 1\nrule a { match /1️⃣x*/ }",
            message: "rule 'a' can match the empty string; make it consume at least one character (e.g. '+' instead of '*')"),
        Case(
            name: "unknown flag", spec: "richrules 1\nrule a { match /x/i1️⃣g }", message: "unknown pattern flag 'g' (flags are i, m, s, x)"),
        Case(
            name: "capture group out of range", spec: "richrules 1\nrule a { match /(x)/ tap open(v: 1️⃣$2) }",
            message: "no capture group 2: this rule has $0 to $1"),
        Case(
            name: "unknown named capture", spec: "richrules 1\nrule a { match /(?<user>x)/ replace \"1️⃣${usr}\" }",
            message: "unknown capture 'usr'; did you mean 'user'? (the pattern names 'user')"),
        Case(
            name: "handler labels differ",
            spec: "richrules 1\nrule a { match /x/ tap call(number: $0) }\nrule b { match /y/ tap 1️⃣call(phone: $0) }",
            message: "handler 'call' is called as 'call(phone:)' here but as 'call(number:)' before; a handler has one argument list"),
        Case(
            name: "duplicate rule", spec: "richrules 1\nrule a { match /x/ }\nrule 1️⃣a { match /y/ }", message: "rule 'a' is declared twice"),
        Case(
            name: "rule and family share names", spec: "richrules 1\ntags h { }\nrule 1️⃣h { match /y/ }",
            message: "rule 'h' is declared twice"),
        Case(
            name: "fractional priority", spec: "richrules 1\nrule a { match /x/ priority 1️⃣1.5 }",
            message: "priority must be an integer from -1000000 to 1000000"),
        Case(
            name: "priority out of range", spec: "richrules 1\nrule a { match /x/ priority 1️⃣-2000000 }",
            message: "priority must be an integer from -1000000 to 1000000"),
        Case(name: "missing match", spec: "richrules 1\nrule 1️⃣a { style { color: red } }", message: "rule 'a' has no 'match' statement"),
        Case(
            name: "unterminated string", spec: "richrules 1\nrule a { match /x/ replace 1️⃣\"abc }\n", message: "unterminated string literal"),
        Case(
            name: "unknown detector", spec: "richrules 1\nrule a { match detector(1️⃣lnk) }",
            message: "unknown detector 'lnk'; did you mean 'link'? (detectors are cashtag, email, hashtag, link, mention, phone)"),
        Case(
            name: "misspelt detector (two letters swapped)", spec: "richrules 1\nrule a { match detector(1️⃣emial) }",
            message: "unknown detector 'emial'; did you mean 'email'? (detectors are cashtag, email, hashtag, link, mention, phone)"),
        Case(
            name: "tag not in family", spec: "richrules 1\ntags h { tag 1️⃣p1 { style { color: red } } }",
            message: "tag 'p1' is not in family 'h' (expected 'h' or 'h' followed by digits)"),
        Case(
            name: "replace and image", spec: "richrules 1\nrule a { match /x/ replace \"y\" 1️⃣image \"z\" }",
            message:
                "rule 'a' shows both 'replace' and 'image'; choose one, or put the image beside the replacement with 'position before' or 'position after'"
        ),
        Case(
            name: "replace and an image that replaces it",
            spec: "richrules 1\nrule a { match /x/ replace \"y\" 1️⃣image \"z\" position replace }",
            message:
                "rule 'a' shows both 'replace' and 'image'; choose one, or put the image beside the replacement with 'position before' or 'position after'"
        ),
        Case(
            name: "image and widget beside a replacement",
            spec: "richrules 1\nrule a { match /x/ replace \"y\" image \"z\" position before 1️⃣widget w position after }",
            message: "rule 'a' shows both 'image' and 'widget'; choose one"),
        Case(
            name: "alt on a rule that shows its own text", spec: "richrules 1\nrule a { match /x/ 1️⃣alt \"y\" }",
            message: "'alt' describes a replacement, image or widget, but this shows its own text (which is what VoiceOver reads)"),
        Case(
            name: "negative line spacing", spec: "richrules 1\nbase { lineSpacing: 1️⃣-2 }",
            message: "'lineSpacing' must be between 0 and 1000 points"),
        Case(
            name: "line height zero", spec: "richrules 1\nstyle s { lineHeight: 1️⃣0 }",
            message: "'lineHeight' must be greater than 0 and at most 1000 points"),
        Case(
            name: "paragraph spacing past the limit", spec: "richrules 1\nrule a { match /x/ style { paragraphSpacing: 1️⃣1001 } }",
            message: "'paragraphSpacing' must be between 0 and 1000 points"),
        Case(
            name: "negative head indent", spec: "richrules 1\nstyle s { headIndent: 1️⃣-4 }",
            message: "'headIndent' must be between 0 and 1000 points"),
        Case(
            name: "misspelt first-line indent", spec: "richrules 1\nbase { 1️⃣firstLineHeadIndnet: 2 }",
            message: "unknown style property 'firstLineHeadIndnet'; did you mean 'firstLineHeadIndent'?"),
        Case(
            name: "unknown paragraph alignment", spec: "richrules 1\nbase { alignment: 1️⃣centre }",
            message: "unknown alignment 'centre'; did you mean 'center'? (natural, left, center, right or justified)"),
        Case(
            name: "misspelt paragraph property", spec: "richrules 1\nbase { 1️⃣linespacing: 2 }",
            message: "unknown style property 'linespacing'; did you mean 'lineSpacing'?"),
        Case(
            name: "paragraph property in a highlight", spec: "richrules 1\nhighlight { background: #EEE; 1️⃣alignment: center }",
            message: "'alignment' is a paragraph property: a pressed highlight changes how text looks, not its layout"),
        Case(
            name: "highlight style with paragraph properties",
            spec: "richrules 1\nstyle wide { lineSpacing: 8 }\nrule a { match /x/ tap t highlight 1️⃣wide }",
            message: "style 'wide' sets 'lineSpacing', a paragraph property: a pressed highlight changes how text looks, not its layout"),
        Case(
            name: "dark variant of a system color", spec: "richrules 1\nbase { color: 1️⃣systemBlue dark #FFFFFF }",
            message:
                "'systemBlue' adapts to dark appearance by itself; 'dark' pairs two fixed colors (hex, or a fixed name such as 'white')"),
        Case(
            name: "misspelt dark", spec: "richrules 1\nbase { color: #333333 1️⃣drak #CCCCCC }",
            message: "expected 'dark' between a color and its dark variant, found 'drak'"),
        Case(
            name: "dark without its color", spec: "richrules 1\nbase { background: #333333 1️⃣dark }",
            message: "expected the dark color after 'dark'"),
        Case(
            name: "invalid dark hex", spec: "richrules 1\nbase { underline: single #333333 dark 1️⃣#CCCCC }",
            message: "invalid color '#CCCCC': write #RGB, #RRGGBB or #RRGGBBAA in hex digits"),
        Case(
            name: "where on a regex rule", spec: "richrules 1\nrule a { match /x/ 1️⃣where index == 0 { style { font: bold } } }",
            message: "'where' tests tags: it applies to tag families and elements ('match tag <a href>'), not to this rule"),
        Case(
            name: "where on an element's level", spec: "richrules 1\nrule a { match tag <a href> where 1️⃣level == 1 { tap t } }",
            message:
                "an element has no level, only a tag family's tags do (an element's condition tests index, text, name or a declared attribute; declared: href)"
        ),
        Case(
            name: "where on an undeclared attribute", spec: "richrules 1\nrule a { match tag <a href> where 1️⃣hrf == \"x\" { tap t } }",
            message:
                "unknown field or attribute 'hrf'; did you mean 'href'? (an element's condition tests index, text, name or a declared attribute; declared: href)"
        ),
        Case(
            name: "highlight in a where block", spec: "richrules 1\ntags h { where index == 0 { 1️⃣highlight none } }",
            message: "'highlight' is not allowed in a 'where' tag block"),
        Case(
            name: "tap in a where block with other labels",
            spec: "richrules 1\ntags h { tap open(n: ${index})  tag * where level == 1 { tap 1️⃣open(level: ${level}) } }",
            message: "handler 'open' is called as 'open(level:)' here but as 'open(n:)' before; a handler has one argument list"),
        Case(
            name: "unknown alignment", spec: "richrules 1\nrule a { match /x/ widget w align 1️⃣center }",
            message: "unknown alignment 'center'; use middle, baseline, aboveBaseline, belowBaseline, top, bottom"),
        Case(
            name: "allow unknown rule", spec: "richrules 1\nrule a { match /x/ allow overlap 1️⃣bb }",
            message: "unknown rule 'bb' in 'allow overlap'"),
        Case(name: "match in a tag family", spec: "richrules 1\ntags h { 1️⃣match /x/ }", message: "'match' is not allowed in a tag family"),
        Case(
            name: "duplicate statement", spec: "richrules 1\nrule a { match /x/ priority 1 1️⃣priority 2 }",
            message: "rule 'a' has two 'priority' statements"),
        Case(
            name: "element attribute field", spec: "richrules 1\nrule a { match tag <a 1️⃣text> }",
            message: "'text' is a tag field (text, name, index) and cannot be an attribute name"),
        Case(
            name: "family with digits", spec: "richrules 1\ntags 1️⃣h2 { }",
            message: "a tag family name is ASCII letters only ('h2' has other characters; digits are the tag level)"),
        Case(
            name: "missing import", spec: "richrules 1\nimport 1️⃣\"nope.richrules\"", message: "cannot import 'nope.richrules': no such file"
        ),
        Case(
            name: "import cycle", spec: "richrules 1\nimport \"b.richrules\"",
            message: "import cycle: spec.richrules → b.richrules → spec.richrules",
            files: ["b.richrules": "richrules 1\nimport 1️⃣\"spec.richrules\"\n"], file: "b.richrules"),
        Case(
            name: "tag reference in a regex rule", spec: "richrules 1\nrule a { match /x/ tap t(v: 1️⃣${text}) }",
            message: "unknown capture 'text' (this rule has no named captures)"),
        Case(
            name: "prefix with space", spec: "richrules 1\nrule a { match prefix 1️⃣\"a b\" }",
            message: "a prefix must be non-empty plain text without spaces or '$' references"),
    ]

    /// The spec without the marker, and the marker's 1-based line and column (scalars).
    static func locate(_ spec: String) -> (String, Int, Int) {
        let parts = spec.components(separatedBy: marker)
        precondition(parts.count == 2, "exactly one marker")
        let before = parts[0]
        let line = before.split(separator: "\n", omittingEmptySubsequences: false).count
        let column = (before.split(separator: "\n", omittingEmptySubsequences: false).last.map { $0.unicodeScalars.count } ?? 0) + 1
        return (parts.joined(), line, column)
    }

    func testMalformedSpecs() throws {
        XCTAssertGreaterThanOrEqual(Self.cases.count, 20)
        for c in Self.cases {
            let scratch = try ScratchDirectory()
            let marked = c.file == "spec.richrules" ? c.spec : c.files[c.file]!
            let (_, line, column) = Self.locate(marked)
            try scratch.write("spec.richrules", c.spec.replacingOccurrences(of: Self.marker, with: ""))
            for (name, content) in c.files { try scratch.write(name, content.replacingOccurrences(of: Self.marker, with: "")) }
            try scratch.write("out/Keep.swift", "// existing output\n")
            let before = scratch.snapshot()
            let result = try CLI.run(["spec.richrules", "-o", "out"], cwd: scratch.url)
            XCTAssertEqual(result.status, 1, c.name)
            let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
            XCTAssertEqual(first, "\(c.file):\(line):\(column): error: \(c.message)", c.name)
            XCTAssertEqual(result.stdout, "", c.name)
            let after = scratch.snapshot()
            XCTAssertEqual(Set(after.keys), Set(before.keys), "\(c.name): output folder changed")
            for (name, (data, date)) in before {
                XCTAssertEqual(after[name]?.0, data, "\(c.name): \(name) changed")
                XCTAssertEqual(after[name]?.1, date, "\(c.name): \(name) touched")
            }
            // lint reports the same first error, with the same status.
            let lint = try CLI.run(["lint", "spec.richrules"], cwd: scratch.url)
            XCTAssertEqual(lint.status, 1, c.name)
            XCTAssertEqual(lint.stdout.split(separator: "\n").first.map(String.init), first, c.name)
        }
    }
}

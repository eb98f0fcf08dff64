import Foundation
import RuleCompiler
@_spi(Generated) @_spi(Testing) import RuleRuntime
import RuleSpec

/// `rulegen explain (SPEC | --table FILE) (--text TEXT | --texts FILE | --template T [--arg A | --plain-arg A …]) [--engine compiled|icu] [--format text|json]`.
enum ExplainCommand {
    static let usage =
        "rulegen explain (<spec> | --table <file.styles.json>) (--text <text> | --texts <file> | --template <template> [--arg <argument> | --plain-arg <argument> ...]) [--engine compiled|icu] [--format text|json] [--import-root <dir>]"
    static let help = """
        OVERVIEW: Run a spec's (or a style table's) rules on a text and show what matched, what was discarded and why.

        USAGE: \(usage)

        ARGUMENTS:
          <spec>                  The .richrules file.

        OPTIONS:
          --table <file>          Instead of a spec: a style table (<Name>.styles.json), run as an app that
                                  receives it does: validated whole (an error names its line, column and
                                  key path), its rules compiled at run time (RuleEngine(compiling:)).
          --text <text>           The text to run the rules on.
          --texts <file>          A file with one JSON string per line; prints one JSON object per line.
          --template <template>   A template to fill with the --arg and --plain-arg values (%@, %1$@, %% as
                                  String(format:) writes them): the arguments are user text, never markup.
          --arg <argument>        A rich argument of --template (rules with 'in arguments' may match inside
                                  it). Arguments are numbered in the order given, whatever their flag.
          --plain-arg <argument>  A plain argument of --template: no rule matches inside it.
          --engine <engine>       compiled (default): the automata rulegen generates, run in-process
                                  (rules that fall back run on NSRegularExpression).
                                  icu: NSRegularExpression per rule (the reference).
          --format <format>       text (default) or json. --texts always prints JSON lines.
          --import-root <dir>     The folder imports must stay in (default: the spec's package).
          -h, --help              Show help information.

        JSON: {"text", "display", "direction": "ltr"|"rtl", "matches": [{"rule", "tag", "range":
        [location, length], "text", "display", "handler", "displayRange": [location, length], "tap":
        {"handler", "arguments": [{"label", "value"}]} or null, "style", "highlight": style or null,
        "parent": index or null}], "discarded": [... same fields and "reason"]}. UTF-16 offsets
        (displayRange into "display"); matches by start, containers before the matches they hold
        ("parent": the index in "matches" of the innermost one); styles as the style table writes
        them; direction: the display's first strong character's. With --template, ranges are into
        the filled text and the object also has "arguments": [[location, length], ...], each
        argument's range, in order.
        The text format says the same in words.

        TEXTS FILE: UTF-8 (a leading byte order mark is skipped); lines end at LF, CR LF or CR.
        Each line holds one JSON string, spaces and tabs around it allowed. Blank lines print nothing.
        A line that is not one JSON string prints nothing and an error 'file:line:column: error: ...'
        on stderr (the first 50, then one line with the count); the other lines still print, in
        order, and the exit status is 1. A file that cannot be read or is not UTF-8 prints nothing
        (exit 3).

        """

    static func run(_ args: [String], console: Console, directory: WorkingDirectory) throws -> ExitStatus {
        var scanner = ArgumentScanner(args, usage: usage)
        var text: String?
        var textsFile: String?
        var template: String?
        var arguments: [RichTemplate.Argument] = []
        var engineName = "compiled"
        var format = "text"
        var importRoot: String?
        var tablePath: String?
        try scanner.scan { option, value in
            switch option {
            case "--table": tablePath = try value()
            case "--import-root": importRoot = try value()
            case "--text": text = try value()
            case "--texts": textsFile = try value()
            case "--template": template = try value()
            case "--arg": arguments.append(.rich(try value()))
            case "--plain-arg": arguments.append(.plain(try value()))
            case "--engine": engineName = try ArgumentScanner.choice(try value(), of: ["compiled", "icu"], for: "--engine", usage: usage)
            case "--format": format = try ArgumentScanner.choice(try value(), of: ["text", "json"], for: "--format", usage: usage)
            default: return false
            }
            return true
        }
        if scanner.helpRequested {
            console.out(Self.help)
            return .success
        }
        if template != nil, text != nil || textsFile != nil {
            throw UsageError(message: "use one of '--text', '--texts' and '--template'", usage: usage)
        }
        if template == nil, !arguments.isEmpty {
            throw UsageError(message: "'--arg' and '--plain-arg' fill a '--template'", usage: usage)
        }
        let engine: RuleEngine
        if let tablePath {
            guard scanner.positionals.isEmpty else { throw scanner.usageError("use either a spec or '--table', not both") }
            if importRoot != nil { throw scanner.usageError("'--import-root' applies to a spec, not to '--table'") }
            try scanner.requireText(text ?? template, textsFile: textsFile)
            guard let loaded = try tableEngine(tablePath, icu: engineName == "icu", console: console, directory: directory) else {
                return .inputErrors
            }
            engine = loaded
        } else {
            let specPath = try scanner.specAndText(of: "explain", text: text ?? template, textsFile: textsFile)
            guard
                let spec = try Specs.compile([specPath], console: console, directory: directory, analyze: false, importRoot: importRoot)?
                    .first,
                let table = spec.table
            else {
                return .inputErrors
            }
            if engineName == "icu" {
                do {
                    engine = try RuleEngine(reference: table)  // every rule on NSRegularExpression
                } catch {
                    console.err("\(specPath): error: \(error)\n")
                    return .inputErrors
                }
            } else if let compiled = spec.engine {
                engine = compiled  // the compiler's engine of the spec
            } else {
                // Sema checked every pattern with ICU: not expected.
                console.err("\(specPath): error: NSRegularExpression rejects a pattern of the spec\n")
                return .inputErrors
            }
        }
        if let template {
            let filled = RichTemplate(format: template, arguments: arguments)
            let result = engine.render(template: filled)
            console.out(format == "json" ? ExplainJSON.line(result, template: true) + "\n" : ExplainText.render(result, template: filled))
            return .success
        }
        if let text {
            let result = engine.render(text)
            console.out(format == "json" ? ExplainJSON.line(result) + "\n" : ExplainText.render(result))
            return .success
        }
        return try runBatch(textsFile!, engine: engine, console: console, directory: directory)
    }

    /// `--table FILE`: the engine an app makes of a style table it receives —
    /// `StyleTable(jsonData:)`, then `RuleEngine(compiling:)` (`icu`: `RuleEngine(reference:)`).
    /// A table that does not validate prints `FILE:LINE:COLUMN: error: MESSAGE (at PATH)`
    /// and gives `nil`.
    static func tableEngine(_ path: String, icu: Bool, console: Console, directory: WorkingDirectory) throws -> RuleEngine? {
        try Specs.requireReadable(path, what: "style table", directory: directory)
        guard let data = FileManager.default.contents(atPath: directory.resolve(path)) else {
            throw IOError(message: "\(path): cannot read style table")
        }
        do {
            let table = try StyleTable(jsonData: data)
            return icu ? try RuleEngine(reference: table) : try RuleEngine(compiling: table)
        } catch let error as StyleTableError {
            let place = error.location.map { ":\($0.line):\($0.column)" } ?? ""
            let at = error.path.isEmpty ? "" : " (at \(DiagnosticRenderer.escaped(error.path)))"
            console.err("\(DiagnosticRenderer.escaped(path))\(place): error: \(DiagnosticRenderer.escaped(error.message))\(at)\n")
        } catch {
            console.err("\(DiagnosticRenderer.escaped(path)): error: \(error)\n")
        }
        return nil
    }

    /// `--texts FILE`: one JSON string per line in, one JSON object per line out, in
    /// order (see `JSONLinesFile` for what a line is). Blank lines print nothing; a line
    /// that is not one JSON string prints nothing and an error located at its line and
    /// column, and the batch goes on (exit 1 at the end).
    static func runBatch(_ path: String, engine: RuleEngine, console: Console, directory: WorkingDirectory) throws -> ExitStatus {
        var out = JSONWriter()
        let badLines = try TextsFile.read(
            path, console: console, directory: directory,
            beforeError: { if !out.bytes.isEmpty { console.outBytes(out.takeBytes()) } },
            text: { text, _ in
                ExplainJSON.write(engine.render(text), to: &out)
                out.raw("\n")
                if out.bytes.count >= 1 << 16 { console.outBytes(out.takeBytes()) }
            })
        if !out.bytes.isEmpty { console.outBytes(out.takeBytes()) }
        return badLines.count == 0 ? .success : .inputErrors
    }
}

/// A `--texts FILE` (`explain`, `preview`): UTF-8, one JSON string per line
/// (`JSONLinesFile`, `JSONStringReader`).
enum TextsFile {
    /// The lines that are not one JSON string.
    struct BadLines {
        /// How many.
        var count = 0
        /// The errors printed (the first 50): `file:line:column: error: message`.
        var messages: [String] = []
    }

    /// Calls `text` with each line's string and line number, in order. A bad line is
    /// reported on stderr as `file:line:column: error: message` (the first 50, then one
    /// line with the count; `beforeError` runs first, so that output already made can go
    /// out before it). A file that cannot be read or is not UTF-8 throws an I/O error
    /// before any `text` call.
    static func read(
        _ path: String, console: Console, directory: WorkingDirectory, beforeError: () -> Void = {}, text: (String, Int) -> Void
    ) throws -> BadLines {
        guard let data = FileManager.default.contents(atPath: directory.resolve(path)) else {
            throw IOError(message: "\(path): cannot read texts file")
        }
        let file: JSONLinesFile
        do throws(JSONLinesFile.InvalidUTF8) {
            file = try JSONLinesFile([UInt8](data))
        } catch {
            throw IOError(message: "\(path): texts file is \(error.description)")
        }
        var reader = JSONStringReader(file.bytes)
        var badLines = BadLines()
        for line in file.lines {
            do throws(JSONStringReader.SyntaxError) {
                guard let string = try reader.read(line.bytes) else { continue }
                text(string, line.number)
            } catch {
                badLines.count += 1
                guard badLines.count <= DiagnosticBag.errorLimit else { continue }
                let place = "\(DiagnosticRenderer.escaped(path)):\(line.number):\(file.column(of: error.offset, in: line))"
                badLines.messages.append("\(place): error: \(DiagnosticRenderer.escaped(error.message))")
                // What came before goes out first, so a terminal shows both in input order.
                beforeError()
                console.err(badLines.messages[badLines.messages.count - 1] + "\n")
            }
        }
        if badLines.count > DiagnosticBag.errorLimit {
            beforeError()
            console.err(
                "\(DiagnosticRenderer.escaped(path)): error: too many errors (\(badLines.count) bad lines); stopping after the first \(DiagnosticBag.errorLimit)\n"
            )
        }
        return badLines
    }
}

/// The explain JSON contract, written with `JSONWriter`: every object's keys in sorted
/// order, as `JSONSerialization`'s `.sortedKeys` wrote them. A style is written as the
/// style table writes one (`JSONEncoder` with `.sortedKeys`): absent properties left out,
/// colors as `#RRGGBBAA`, a system color name or `{"dark", "light"}`, numbers without a
/// trailing `.0`.
enum ExplainJSON {
    /// `template`: the result of a template's render, which also has `"arguments"`.
    static func line(_ result: RenderResult, template: Bool = false) -> String {
        var writer = JSONWriter()
        write(result, template: template, to: &writer)
        return writer.take()
    }

    static func write(_ result: RenderResult, template: Bool = false, to w: inout JSONWriter) {
        let display = result.display
        w.raw("{")
        if template {
            w.raw("\"arguments\":[")
            for (i, range) in result.arguments.enumerated() {
                if i > 0 { w.raw(",") }
                write(range, to: &w)
            }
            w.raw("],")
        }
        w.raw("\"direction\":")
        w.raw(BidiDirection.baseDirection(of: display) == .rightToLeft ? "\"rtl\"" : "\"ltr\"")
        w.raw(",\"discarded\":[")
        for (i, d) in result.discarded.enumerated() {
            if i > 0 { w.raw(",") }
            write(d.match, reason: d.reason.description, to: &w)
        }
        w.raw("],\"display\":")
        w.string(display)
        w.raw(",\"matches\":[")
        for (i, m) in result.matches.enumerated() {
            if i > 0 { w.raw(",") }
            write(m, reason: nil, to: &w)
        }
        w.raw("],\"text\":")
        w.string(result.text)
        w.raw("}")
    }

    /// A match: `rule`, `tag`, `range`, `text`, `display`, `handler`, `displayRange`,
    /// `tap`, `style`, `highlight`, `parent` (the index of its innermost enclosing kept
    /// container in `matches`, or `null`), and for a discarded match `reason`.
    static func write(_ m: RuleMatch, reason: String?, to w: inout JSONWriter) {
        let presentation = m.presentation
        w.raw("{\"display\":")
        w.string(m.display)
        w.raw(",\"displayRange\":")
        write(m.displayRange, to: &w)
        w.raw(",\"handler\":")
        w.string(presentation.tap?.handler)
        w.raw(",\"highlight\":")
        if presentation.tap != nil, let highlight = presentation.highlight { write(highlight, to: &w) } else { w.raw("null") }
        w.raw(",\"parent\":")
        if let parent = m.parent { w.int(parent) } else { w.raw("null") }
        w.raw(",\"range\":")
        write(m.range, to: &w)
        if let reason {
            w.raw(",\"reason\":")
            w.string(reason)
        }
        w.raw(",\"rule\":")
        w.string(m.rule)
        w.raw(",\"style\":")
        write(presentation.style, to: &w)
        w.raw(",\"tag\":")
        w.string(m.tag?.name)
        w.raw(",\"tap\":")
        if let tap = m.tap {
            w.raw("{\"arguments\":[")
            for (i, argument) in tap.arguments.enumerated() {
                if i > 0 { w.raw(",") }
                w.raw("{\"label\":")
                w.string(argument.label)
                w.raw(",\"value\":")
                w.string(argument.value)
                w.raw("}")
            }
            w.raw("],\"handler\":")
            w.string(tap.handler)
            w.raw("}")
        } else {
            w.raw("null")
        }
        w.raw(",\"text\":")
        w.string(m.text)
        w.raw("}")
    }

    static func write(_ range: TextRange, to w: inout JSONWriter) {
        w.raw("[")
        w.int(range.location)
        w.raw(",")
        w.int(range.length)
        w.raw("]")
    }

    /// A style as the style table encodes it: `alignment`, `background`, `baselineOffset`,
    /// `color`, `firstLineHeadIndent`, `font` (`family`, `italic`, `size`, `textStyle`,
    /// `weight`), `headIndent`, `kern`, `lineHeight`, `lineSpacing`, `paragraphSpacing`, `strikethrough`,
    /// `strikethroughColor`, `underline`, `underlineColor`; absent ones left out.
    static func write(_ style: TextStyle, to w: inout JSONWriter) {
        var separator = false
        func key(_ name: StaticString, _ w: inout JSONWriter) {
            w.raw(separator ? "," : "{")
            separator = true
            w.raw(name)
        }
        if let alignment = style.alignment {
            key("\"alignment\":", &w)
            w.string(alignment.rawValue)
        }
        if let background = style.background {
            key("\"background\":", &w)
            write(background, to: &w)
        }
        if let baselineOffset = style.baselineOffset {
            key("\"baselineOffset\":", &w)
            w.double(baselineOffset)
        }
        if let color = style.color {
            key("\"color\":", &w)
            write(color, to: &w)
        }
        if let firstLineHeadIndent = style.firstLineHeadIndent {
            key("\"firstLineHeadIndent\":", &w)
            w.double(firstLineHeadIndent)
        }
        if let font = style.font {
            key("\"font\":", &w)
            write(font, to: &w)
        }
        if let headIndent = style.headIndent {
            key("\"headIndent\":", &w)
            w.double(headIndent)
        }
        if let kern = style.kern {
            key("\"kern\":", &w)
            w.double(kern)
        }
        if let lineHeight = style.lineHeight {
            key("\"lineHeight\":", &w)
            w.double(lineHeight)
        }
        if let lineSpacing = style.lineSpacing {
            key("\"lineSpacing\":", &w)
            w.double(lineSpacing)
        }
        if let paragraphSpacing = style.paragraphSpacing {
            key("\"paragraphSpacing\":", &w)
            w.double(paragraphSpacing)
        }
        if let strikethrough = style.strikethrough {
            key("\"strikethrough\":", &w)
            w.string(strikethrough.rawValue)
        }
        if let strikethroughColor = style.strikethroughColor {
            key("\"strikethroughColor\":", &w)
            write(strikethroughColor, to: &w)
        }
        if let underline = style.underline {
            key("\"underline\":", &w)
            w.string(underline.rawValue)
        }
        if let underlineColor = style.underlineColor {
            key("\"underlineColor\":", &w)
            write(underlineColor, to: &w)
        }
        w.raw(separator ? "}" : "{}")
    }

    static func write(_ font: FontSpec, to w: inout JSONWriter) {
        var separator = false
        func key(_ name: StaticString, _ w: inout JSONWriter) {
            w.raw(separator ? "," : "{")
            separator = true
            w.raw(name)
        }
        if let family = font.family {
            key("\"family\":", &w)
            w.string(family)
        }
        if let italic = font.italic {
            key("\"italic\":", &w)
            w.bool(italic)
        }
        if let size = font.size {
            key("\"size\":", &w)
            w.double(size)
        }
        if let textStyle = font.textStyle {
            key("\"textStyle\":", &w)
            w.string(textStyle.rawValue)
        }
        if let weight = font.weight {
            key("\"weight\":", &w)
            w.string(weight.rawValue)
        }
        w.raw(separator ? "}" : "{}")
    }

    static func write(_ color: StyleColor, to w: inout JSONWriter) {
        switch color {
        case .system(let system): w.string(system.rawValue)
        case .rgba(let rgba): w.hexColor(rgba)
        case .dynamic(let light, let dark):
            w.raw("{\"dark\":")
            w.hexColor(dark)
            w.raw(",\"light\":")
            w.hexColor(light)
            w.raw("}")
        }
    }
}

/// The human-readable explanation: the texts and direction, then each match on a line
/// (source range, rule, tag, text, display, tap) with its display range, style and
/// highlight below it.
enum ExplainText {
    /// `template`: the template of the result, whose arguments are listed (a plain one
    /// marked `plain`).
    static func render(_ result: RenderResult, template: RichTemplate? = nil) -> String {
        let display = result.display
        var out = "text:    \(quote(result.text))\n"
        if let template {
            let ranges = template.numberedArguments.map { argument in
                let range = argument.range, text = result.text.utf16
                let start = text.index(text.startIndex, offsetBy: range.location)
                let end = text.index(start, offsetBy: range.length)
                return "\(range) \(quote(String(result.text[start..<end])))" + (argument.role == .plain ? " plain" : "")
            }
            out += "arguments: " + (ranges.isEmpty ? "none" : ranges.joined(separator: ", ")) + "\n"
        }
        out += "display: \(quote(display))\n"
        out += "direction: \(BidiDirection.baseDirection(of: display).rawValue)\n"
        out += result.matches.isEmpty ? "kept: none\n" : "kept:\n"
        // Nested matches are indented under their container, two spaces a level.
        var depth: [Int] = []
        for m in result.matches {
            depth.append(m.parent.map { depth[$0] + 1 } ?? 0)
            let indent = String(repeating: "  ", count: depth[depth.count - 1])
            out += indent + "  " + describe(m) + "\n" + details(m).split(separator: "\n").map { indent + $0 + "\n" }.joined()
        }
        if !result.discarded.isEmpty {
            out += "discarded:\n"
            for d in result.discarded { out += "  " + describe(d.match) + "\n    " + d.reason.description + "\n" + details(d.match) }
        }
        return out
    }

    static func describe(_ m: RuleMatch) -> String {
        var line = "\(m.range) \(m.rule)"
        if let tag = m.tag { line += " <\(tag.name)>" }
        line += " \(quote(m.text))"
        if m.display != m.text { line += " → \(quote(m.display))" }
        if let tap = m.tap {
            let args = tap.arguments.map { ($0.label.map { "\($0): " } ?? "") + quote($0.value) }.joined(separator: ", ")
            line += "  tap \(tap.handler)(\(args))"
        }
        return line
    }

    /// The indented lines under a match: `display range: [location, length]`, `style: …`,
    /// `highlight: …` (`none` when the match does not highlight).
    static func details(_ m: RuleMatch) -> String {
        "    display range: \(m.displayRange)\n    style: \(summary(m.style))\n    highlight: \(m.highlight.map(summary) ?? "none")\n"
    }

    /// `color systemBlue, font 14 bold, underline single`: the style's properties in the
    /// language's words, `none` for an empty style.
    static func summary(_ style: TextStyle) -> String {
        var parts: [String] = []
        if let color = style.color { parts.append("color \(color)") }
        if let background = style.background { parts.append("background \(background)") }
        if let font = style.font {
            var words: [String] = []
            if let family = font.family { words.append(quote(family)) }
            if let size = font.size { words.append(number(size)) }
            if let weight = font.weight { words.append(weight.rawValue) }
            if font.italic == true { words.append("italic") }
            if font.italic == false { words.append("upright") }
            if let textStyle = font.textStyle { words.append(textStyle.rawValue) }
            if !words.isEmpty { parts.append("font " + words.joined(separator: " ")) }
        }
        if let underline = style.underline { parts.append("underline \(underline.rawValue)") }
        if let color = style.underlineColor { parts.append("underlineColor \(color)") }
        if let strikethrough = style.strikethrough { parts.append("strikethrough \(strikethrough.rawValue)") }
        if let color = style.strikethroughColor { parts.append("strikethroughColor \(color)") }
        if let kern = style.kern { parts.append("kern \(number(kern))") }
        if let offset = style.baselineOffset { parts.append("baseline \(number(offset))") }
        if let alignment = style.alignment { parts.append("alignment \(alignment.rawValue)") }
        if let lineSpacing = style.lineSpacing { parts.append("lineSpacing \(number(lineSpacing))") }
        if let lineHeight = style.lineHeight { parts.append("lineHeight \(number(lineHeight))") }
        if let paragraphSpacing = style.paragraphSpacing { parts.append("paragraphSpacing \(number(paragraphSpacing))") }
        if let headIndent = style.headIndent { parts.append("headIndent \(number(headIndent))") }
        if let indent = style.firstLineHeadIndent { parts.append("firstLineHeadIndent \(number(indent))") }
        return parts.isEmpty ? "none" : parts.joined(separator: ", ")
    }

    /// `14`, `0.5`: no trailing `.0`.
    static func number(_ value: Double) -> String {
        var writer = JSONWriter()
        writer.double(value)
        return writer.take()
    }

    /// A Swift-style quoted string, so control characters stay visible.
    static func quote(_ s: String) -> String { Quoting.string(s) }
}

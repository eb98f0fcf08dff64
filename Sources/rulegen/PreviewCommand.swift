import Foundation
import RuleCompiler
@_spi(Generated) import RuleRuntime
import RuleSpec

/// `rulegen preview SPEC (--text TEXT | --texts FILE | --template T [--arg A | --plain-arg A …]) -o FILE.html [--dark] [--lines N] [--width PT] [--import-root DIR]`:
/// one self-contained HTML page with the spec's lint diagnostics and every sample rendered
/// (`RenderResult.html(options:)`), its matches and its discarded matches; with `--lines`,
/// each sample also as a label of N lines shows it (the label core's cut).
enum PreviewCommand {
    static let usage =
        "rulegen preview <spec> (--text <text> | --texts <file> | --template <template> [--arg <argument> | --plain-arg <argument> ...]) -o <file.html> [--dark] [--lines <n>] [--width <points>] [--import-root <dir>]"
    /// The label width `--lines` uses without `--width`: a phone's (an iPhone's 390 points).
    static let defaultWidth = 390.0
    static let help = """
        OVERVIEW: Write an HTML page showing a spec's diagnostics and sample texts rendered.

        The page shows the spec's lint diagnostics (the conflict analysis included, and the
        notes) by severity, then each sample rendered as the runtime styles it
        (RenderResult.html()), with a table of its matches (rule, priority, ranges, tap and
        arguments, style, pressed style; a nested match names its container) and the matches discarded, with the reason.
        Hovering a match shows its rule, priority and tap; clicking a link shows the tap it
        makes. The page is self-contained: inline CSS and one small script, and a
        Content-Security-Policy that loads nothing else (a named image, such as an asset or
        SF Symbol name, shows as a box with its name; other images, unless data: URLs, show
        their alternate text). Diagnostics go to stderr as lint prints them.

        With --lines, each sample is shown twice at the label's width: the whole text, and
        the text as a label of that many lines shows it, cut where the label core cuts it
        (RichLabelCore's truncation on the deterministic ReferenceLayout) and ended by the
        spec's truncation token. The browser breaks lines its own way: they may differ.

        USAGE: \(usage)

        ARGUMENTS:
          <spec>                  The .richrules file.

        OPTIONS:
          --text <text>           A sample text.
          --texts <file>          A file with one JSON string per line (as explain --texts reads it),
                                  each a sample; lines that are not one JSON string are reported.
          --template <template>   A sample template filled with the --arg and --plain-arg values (%@, %1$@,
                                  %%): the arguments are user text, never markup. The page marks them in
                                  the sample's text, rich and plain ones differently.
          --arg <argument>        A rich argument of --template (rules with 'in arguments' may match inside
                                  it). Arguments are numbered in the order given, whatever their flag.
          --plain-arg <argument>  A plain argument of --template: no rule matches inside it.
          -o, --output <file>     The page to write (written atomically; left untouched when unchanged).
          --dark                  Dark appearance: the page and the system colors' dark values.
          --lines <n>             Also show each sample truncated to <n> lines (1 or more) at the
                                  label's width, next to the whole text at that width.
          --width <points>        The label's width in points (default with --lines: 390, a
                                  phone); without --lines, the width the samples are shown at.
          --import-root <dir>     The folder imports must stay in (default: the spec's package).
          -h, --help              Show help information.

        EXIT STATUS: 0 written, 1 errors in the spec (diagnostics on stderr, no page written) or
        bad lines in the texts file (the page is written without them), 2 usage errors, 3 I/O
        errors.

        """

    static func run(_ args: [String], console: Console, directory: WorkingDirectory) throws -> ExitStatus {
        var scanner = ArgumentScanner(args, usage: usage)
        var text: String?
        var textsFile: String?
        var template: String?
        var arguments: [RichTemplate.Argument] = []
        var output: String?
        var dark = false
        var lines: Int?
        var width: Double?
        var importRoot: String?
        try scanner.scan { option, value in
            switch option {
            case "--import-root": importRoot = try value()
            case "--text": text = try value()
            case "--texts": textsFile = try value()
            case "--template": template = try value()
            case "--arg": arguments.append(.rich(try value()))
            case "--plain-arg": arguments.append(.plain(try value()))
            case "-o", "--output": output = try value()
            case "--dark": dark = true
            case "--lines": lines = try lineCount(value())
            case "--width": width = try labelWidth(value())
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
        let specPath = try scanner.specAndText(of: "preview", text: text ?? template, textsFile: textsFile)
        guard let output, !output.isEmpty else { throw UsageError(message: "missing expected option '-o <file.html>'", usage: usage) }
        guard !output.hasSuffix("/") else {
            throw UsageError(message: "'-o \(output)' names a folder; give the page's file name", usage: usage)
        }

        try Specs.requireReadable(specPath, directory: directory)
        // Examples do not run: a preview is how one looks into a failing one.
        let compiled = Compiler.compile(
            path: specPath, analyze: true, importRoot: importRoot, examples: false, workingDirectory: directory.path)
        // stderr shows what lint shows by default (errors and warnings); the page has notes too.
        let shown = DiagnosticPolicy().apply(to: compiled.diagnostics)
        console.err(DiagnosticRenderer.render(shown, showsWarningFlag: true))
        // The compiler's engine of the spec (`nil` only when the spec has errors).
        guard let engine = compiled.engine, !compiled.hasErrors else { return .inputErrors }

        var samples: [PreviewPage.Sample] = []
        var badLines = TextsFile.BadLines()
        if let template {
            let filled = RichTemplate(format: template, arguments: arguments)
            samples.append(PreviewPage.Sample(line: nil, result: engine.render(template: filled), template: filled))
        } else if let text {
            samples.append(PreviewPage.Sample(line: nil, result: engine.render(text)))
        } else if let textsFile {
            badLines = try TextsFile.read(textsFile, console: console, directory: directory) { text, line in
                samples.append(PreviewPage.Sample(line: line, result: engine.render(text)))
            }
        }
        let page = PreviewPage(
            specPath: specPath, table: engine.table, diagnostics: compiled.diagnostics, samples: samples, badLines: badLines, dark: dark,
            label: PreviewPage.Label(lines: lines, width: width)
        ).render()

        var folder = (output as NSString).deletingLastPathComponent
        if folder.isEmpty { folder = "." }
        let inputs = compiled.files + [specPath] + (textsFile.map { [$0] } ?? [])
        try GenerateCommand.refuseOverwritingInputs([output], inputs: inputs, directory: directory, usage: usage)
        try OutputWriter.writeAll([(output, Data(page.utf8))], into: folder, workingDirectory: directory) { console.out("wrote \($0)\n") }
        return badLines.count == 0 ? .success : .inputErrors
    }

    /// `--lines`: a whole number, 1 or more.
    static func lineCount(_ value: String) throws -> Int {
        guard let lines = Int(value), lines >= 1 else {
            throw UsageError(message: "the value '\(value)' is invalid for '--lines'; use a whole number of lines, 1 or more", usage: usage)
        }
        return lines
    }

    /// `--width`: points, more than 0 and at most 10000.
    static func labelWidth(_ value: String) throws -> Double {
        guard let width = Double(value), width.isFinite, width > 0, width <= 10000 else {
            throw UsageError(
                message: "the value '\(value)' is invalid for '--width'; use a width in points, over 0 and at most 10000", usage: usage)
        }
        return width
    }
}

/// The preview page: deterministic HTML (no dates, no absolute paths beyond what was
/// given on the command line).
struct PreviewPage {
    struct Sample {
        /// The line in the texts file, `nil` for `--text`.
        var line: Int?
        var result: RenderResult
        /// `--template`: the template whose render `result` is (its arguments are marked).
        var template: RichTemplate? = nil
    }

    var specPath: String
    var table: StyleTable
    var diagnostics: [Diagnostic]
    var samples: [Sample]
    var badLines: TextsFile.BadLines
    var dark: Bool
    /// `--lines` and `--width`: the label to show the samples in, if any.
    var label = Label(lines: nil, width: nil)

    func render() -> String {
        let name = (specPath as NSString).lastPathComponent
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="\(escape(Self.contentSecurityPolicy))">
            <title>\(escape(name)) — RichRules preview</title>
            <style>
            \(Self.css)
            </style>
            </head>
            <body class="\(dark ? "dark" : "light")">
            <header>
            <h1>\(escape(name))</h1>
            <p class="meta">\(escape(summary))</p>
            </header>
            <main>

            """
        out += diagnosticsSection()
        if badLines.count > 0 { out += badLinesSection() }
        if samples.isEmpty {
            out += "<section class=\"card empty\"><p>No samples.</p></section>\n"
        }
        for (index, sample) in samples.enumerated() { out += sampleSection(index, sample) }
        out += """
            </main>
            <footer>Generated by rulegen \(escape(RichRulesVersion.string)). Hover a match for its rule and tap; click a link to see the tap it makes.</footer>
            <script>\(Self.scriptElementText)</script>
            </body>
            </html>

            """
        return out
    }

    var summary: String {
        let rules = table.rules.count
        let count = samples.count
        var summary = "\(table.name) · \(rules) rule\(rules == 1 ? "" : "s") · \(count) sample\(count == 1 ? "" : "s") · "
        if let width = label.width {
            summary += (label.lines.map { "\($0) line\($0 == 1 ? "" : "s") at " } ?? "") + "\(Self.points(width)) pt · "
        }
        return summary + (dark ? "dark" : "light") + " appearance"
    }

    // MARK: Diagnostics

    func diagnosticsSection() -> String {
        var out = "<section class=\"card diagnostics\">\n<h2>Diagnostics</h2>\n"
        guard !diagnostics.isEmpty else {
            return out + "<p class=\"clean\">No diagnostics: the spec lints clean.</p>\n</section>\n"
        }
        for severity in [Severity.error, .warning, .note] {
            let group = diagnostics.filter { $0.severity == severity }
            guard !group.isEmpty else { continue }
            let title = severity == .error ? "Errors" : severity == .warning ? "Warnings" : "Notes"
            out += "<details class=\"group \(severity.rawValue)\"\(severity == .note ? "" : " open")>"
            out += "<summary>\(title) <span class=\"count\">\(group.count)</span></summary>\n<ul>\n"
            for d in group {
                let rendered = DiagnosticRenderer.render(d, showsWarningFlag: true)
                var place = d.path ?? ""
                if let ref = d.ref { place = "\(ref.file.path):\(ref.location.line):\(ref.location.column)" }
                let detail = rendered.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).dropFirst().first ?? ""
                out += "<li><span class=\"loc\">\(escape(DiagnosticRenderer.escaped(place)))</span>"
                out += " <span class=\"sev \(severity.rawValue)\">\(severity.rawValue)</span>"
                out += " <span class=\"msg\">\(escape(DiagnosticRenderer.escaped(d.message)))</span>"
                if severity != .error { out += " <span class=\"kind\">[-W\(escape(d.name))]</span>" }
                if !detail.isEmpty { out += "<pre>\(escape(String(detail)))</pre>" }
                out += "</li>\n"
            }
            out += "</ul>\n</details>\n"
        }
        return out + "</section>\n"
    }

    func badLinesSection() -> String {
        var out = "<section class=\"card bad-lines\">\n<h2>Lines left out <span class=\"count\">\(badLines.count)</span></h2>\n<ul>\n"
        for message in badLines.messages { out += "<li><code>\(escape(message))</code></li>\n" }
        if badLines.count > badLines.messages.count {
            out += "<li>… and \(badLines.count - badLines.messages.count) more</li>\n"
        }
        return out + "</ul>\n</section>\n"
    }

    // MARK: Samples

    func sampleSection(_ index: Int, _ sample: Sample) -> String {
        let result = sample.result
        let display = result.display
        let direction = BidiDirection.baseDirection(of: display)
        let options = HTMLOptions(
            base: table.base, colorScheme: dark ? .dark : .light, includesMatchDetails: true, namedImages: .placeholder)
        var out = "<section class=\"card sample\" id=\"sample-\(index + 1)\">\n"
        out += "<h2>Sample \(index + 1)"
        if let line = sample.line { out += " <span class=\"where\">line \(line)</span>" }
        out += " <span class=\"badge\">\(direction.rawValue)</span>"
        out += " <span class=\"badge\">\(result.matches.count) kept</span>"
        if !result.discarded.isEmpty { out += " <span class=\"badge warn\">\(result.discarded.count) discarded</span>" }
        out += "</h2>\n"
        if let template = sample.template {
            out += "<div class=\"label\">Text, its arguments marked: <mark class=\"arg rich\">rich</mark> "
            out += "<mark class=\"arg plain\">plain</mark></div>\n"
            out += "<pre class=\"source\" dir=\"auto\">\(markingArguments(of: template))</pre>\n"
        } else {
            out += "<div class=\"label\">Text</div>\n<pre class=\"source\" dir=\"auto\">\(escape(result.text))</pre>\n"
        }
        if label.width != nil {
            out += labelRenderings(result, options: options)
        } else {
            out += "<div class=\"label\">Rendered</div>\n<div class=\"render\">\(result.html(options: options))</div>\n"
        }
        out += "<div class=\"status\" aria-live=\"polite\"></div>\n"
        if !result.matches.isEmpty {
            out += """
                <table class="matches">
                <thead><tr><th>#</th><th>Rule</th><th>Priority</th><th>Range → display</th><th>Text → display</th><th>Tap</th><th>Style (pressed)</th></tr></thead>
                <tbody>

                """
            for (i, m) in result.matches.enumerated() {
                out += "<tr data-match=\"\(i)\">"
                out += "<td>\(i)\(m.parent.map { "<div class=\"pressed\">in \($0)</div>" } ?? "")</td>"
                out += "<td><code>\(escape(m.rule))</code>\(m.tag.map { " <code>&lt;\(escape($0.name))&gt;</code>" } ?? "")</td>"
                out += "<td class=\"num\">\(m.priority)</td>"
                out += "<td class=\"num\">\(m.range)<br>\(m.displayRange)</td>"
                out += "<td><code>\(quoted(m.text))</code>"
                if m.display != m.text { out += "<br>→ <code>\(quoted(m.display))</code>" }
                if let alt = m.alternateText, !alt.isEmpty { out += "<div class=\"pressed\">alt \(quoted(alt))</div>" }
                out += "</td><td>\(tap(m))</td>"
                out += "<td>\(escape(ExplainText.summary(m.style)))"
                if let highlight = m.highlight { out += "<div class=\"pressed\">pressed: \(escape(ExplainText.summary(highlight)))</div>" }
                out += "</td></tr>\n"
            }
            out += "</tbody>\n</table>\n"
        } else {
            out += "<p class=\"none\">No matches.</p>\n"
        }
        if !result.discarded.isEmpty {
            out += "<div class=\"label\">Discarded</div>\n<ul class=\"discarded\">\n"
            for d in result.discarded {
                let m = d.match
                out += "<li><code>\(escape(m.rule))</code>\(m.tag.map { " <code>&lt;\(escape($0.name))&gt;</code>" } ?? "")"
                out += " <span class=\"num\">\(m.range)</span> <code>\(quoted(m.text))</code>"
                out += " — \(escape(d.reason.description))</li>\n"
            }
            out += "</ul>\n"
        }
        return out + "</section>\n"
    }

    /// A template's filled text, escaped, each argument in a `<mark>` of its role (`arg rich`:
    /// rules with `in arguments` may match inside it; `arg plain`: no rule does) titled with
    /// its number. An empty argument shows as a thin mark.
    func markingArguments(of template: RichTemplate) -> String {
        var out = ""
        for piece in template.pieces {
            switch piece {
            case .text(let text):
                out += escape(text)
            case .argument(let text, let index, let role):
                let meaning = role == .plain ? "no rule matches inside it" : "rules with 'in arguments' may match inside it"
                out += "<mark class=\"arg \(role.rawValue)\" title=\"\(escape("argument \(index + 1), \(role.rawValue): \(meaning)"))\">"
                out += escape(text) + "</mark>"
            }
        }
        return out
    }

    /// A quoted string for the tables, the attachment character shown as a box.
    /// `"text"` with the text isolated (`<bdi>`): right-to-left text keeps its quotes, and
    /// what follows it, in place.
    func quoted(_ text: String) -> String {
        let quote = ExplainText.quote(text)
        let inner = escape(String(quote.dropFirst().dropLast())).replacingOccurrences(
            of: "\u{FFFC}", with: "<span class=\"att\" title=\"attachment character (U+FFFC)\">▣</span>")
        return "&quot;<bdi>\(inner)</bdi>&quot;"
    }

    /// `openProfile(user: "@alice")`, or `none`.
    func tap(_ m: RuleMatch) -> String {
        guard let tap = m.tap else { return "<span class=\"none\">none</span>" }
        let arguments = tap.arguments.map { ($0.label.map { escape($0) + ": " } ?? "") + quoted($0.value) }
        return "<code>" + escape(tap.handler) + "(" + arguments.joined(separator: ", ") + ")</code>"
    }

    /// Text and attribute escaping: `&`, `<`, `>`, `"`, `'`.
    func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    static let css = """
        :root { color-scheme: light; --bg: #f5f5f7; --card: #ffffff; --text: #1d1d1f; --muted: #6e6e73; --line: #e5e5ea;
          --code: #f2f2f7; --accent: #007aff; --error: #d70015; --warning: #b25000; --note: #3a3a3c; --hover: #fff8c5;
          --arg-rich: #dcebff; --arg-plain: #ececf0; }
        body.dark { color-scheme: dark; --bg: #000000; --card: #1c1c1e; --text: #f5f5f7; --muted: #98989d; --line: #38383a;
          --code: #2c2c2e; --accent: #0a84ff; --error: #ff453a; --warning: #ffb340; --note: #d1d1d6; --hover: #3a3a1e;
          --arg-rich: #0d2a4d; --arg-plain: #3a3a3c; }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--bg); color: var(--text);
          font: 14px/1.45 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
        header, main, footer { max-width: 960px; margin: 0 auto; padding: 0 20px; }
        header { padding-top: 28px; }
        h1 { font-size: 24px; margin: 0 0 2px; }
        h2 { font-size: 16px; margin: 0 0 12px; display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
        .meta, footer, .where, .label, .none { color: var(--muted); }
        footer { font-size: 12px; padding-bottom: 32px; }
        .card { background: var(--card); border: 1px solid var(--line); border-radius: 12px; padding: 16px 18px; margin: 16px 0;
          box-shadow: 0 1px 2px rgba(0, 0, 0, 0.04); }
        .label { font-size: 11px; text-transform: uppercase; letter-spacing: 0.06em; margin: 12px 0 4px; }
        .where { font-weight: normal; font-size: 13px; }
        .badge, .count { font-size: 11px; font-weight: 600; padding: 1px 7px; border-radius: 10px; background: var(--code);
          color: var(--muted); }
        .badge.warn { color: var(--warning); }
        pre, code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12px; }
        code { background: var(--code); padding: 0 4px; border-radius: 4px; white-space: pre-wrap; overflow-wrap: break-word; }
        pre { background: var(--code); padding: 8px 10px; border-radius: 8px; margin: 0; white-space: pre-wrap;
          overflow-wrap: anywhere; }
        .render { border: 1px solid var(--line); border-radius: 8px; padding: 12px 14px; }
        .render .rr-m { position: relative; border-radius: 3px; }
        .render .rr-m:hover, .render .rr-m.hot { outline: 2px solid var(--accent); outline-offset: 1px; }
        .render .rr-m:hover::after, .render .rr-m.hot::after { content: attr(data-info); position: absolute; left: 0; top: calc(100% + 6px); z-index: 10;
          white-space: pre; font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; color: var(--text);
          background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 6px 9px;
          box-shadow: 0 4px 14px rgba(0, 0, 0, 0.16); pointer-events: none; text-decoration: none; letter-spacing: normal; }
        .render img { background: var(--code); outline: 1px dashed var(--muted); color: var(--muted); font-size: 9px;
          overflow: hidden; }
        .render .rr-named-image { background: var(--code); }
        .renders { display: flex; flex-wrap: wrap; gap: 12px 20px; align-items: flex-start; }
        .renders > div { max-width: 100%; overflow-x: auto; }
        .render.phone { width: max-content; }
        .render.phone > .rr { width: var(--width); }
        .render.phone.cut > .rr { min-height: calc(var(--lines) * 1lh); }
        .fit { font-size: 12px; color: var(--muted); margin: 4px 0 0; max-width: calc(var(--width) + 30px); }
        .status { min-height: 18px; font-size: 12px; color: var(--accent); margin-top: 4px; }
        table.matches { width: 100%; border-collapse: collapse; margin-top: 8px; font-size: 12px; }
        .matches th, .matches td { text-align: left; padding: 5px 6px; border-bottom: 1px solid var(--line); vertical-align: top; }
        .matches th { color: var(--muted); font-weight: 600; white-space: nowrap; }
        .matches td:nth-child(2) { white-space: nowrap; }
        .matches td:nth-child(5) { max-width: 300px; }
        .pressed { color: var(--muted); margin-top: 2px; }
        .att { color: var(--accent); }
        mark.arg { color: inherit; border-radius: 3px; padding: 0 1px; }
        mark.arg.rich { background: var(--arg-rich); border-bottom: 2px solid var(--accent); }
        mark.arg.plain { background: var(--arg-plain); outline: 1px dashed var(--muted); }
        pre mark.arg:empty { padding: 0 2px; }
        .matches tr:hover td, .matches tr.hot td { background: var(--hover); }
        .num { white-space: nowrap; font-variant-numeric: tabular-nums; }
        ul { margin: 0; padding-left: 18px; }
        .discarded li, .diagnostics li, .bad-lines li { margin: 4px 0; }
        .diagnostics ul { list-style: none; padding: 0; }
        .diagnostics pre { margin-top: 4px; }
        details.group { margin: 8px 0; }
        summary { cursor: pointer; font-weight: 600; }
        .loc { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12px; }
        .sev { font-weight: 600; }
        .sev.error { color: var(--error); }
        .sev.warning { color: var(--warning); }
        .sev.note { color: var(--note); }
        .kind { color: var(--muted); font-size: 12px; }
        .clean { color: #248a3d; margin: 0; }
        body.dark .clean { color: #30d158; }
        """

    /// The script element's text, as hashed for the policy.
    static let scriptElementText = "\n" + script + "\n"

    /// Nothing is loaded: only the page's inline styles, its one script (by hash) and
    /// `data:` images (remote and relative images show their alternate text). Whatever a
    /// sample holds, no other script can run.
    static let contentSecurityPolicy: String = {
        let hash = Data(SHA256.digest(Array(scriptElementText.utf8))).base64EncodedString()
        return "default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'sha256-\(hash)'"
    }()

    /// Links the table rows and the rendered matches on hover, and shows a link's tap
    /// instead of following `#`.
    static let script = """
        document.querySelectorAll('section.sample').forEach(function (section) {
          var status = section.querySelector('.status');
          function mark(index, on) {
            section.querySelectorAll('[data-match="' + index + '"]:not(.rr-token)').forEach(function (e) { e.classList.toggle('hot', on); });
          }
          section.querySelectorAll('tr[data-match], .rr-m[data-match]:not(.rr-token)').forEach(function (e) {
            e.addEventListener('mouseenter', function () { mark(e.dataset.match, true); });
            e.addEventListener('mouseleave', function () { mark(e.dataset.match, false); });
          });
          section.addEventListener('click', function (event) {
            var link = event.target.closest('a[data-handler], a[data-tap]');
            if (!link) return;
            event.preventDefault();
            var tap = link.dataset.handler !== undefined ? link
              : link.closest('.rr').querySelector('[data-handler][data-tap="' + link.dataset.tap + '"]');
            if (!tap) return;
            var args = JSON.parse(tap.dataset.args || '[]').map(function (a) {
              return (a.label === null ? '' : a.label + ': ') + JSON.stringify(a.value);
            });
            status.textContent = 'tap ' + tap.dataset.handler + '(' + args.join(', ') + ')';
          });
        });
        """
}

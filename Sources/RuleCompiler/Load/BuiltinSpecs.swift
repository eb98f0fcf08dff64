import RuleSpec

/// The specs built into rulegen, imported by name (`import html`): no file is read.
enum BuiltinSpecs {
    /// The path built-in specs are shown at in diagnostics and in generated code.
    static func path(of name: String) -> String { "<built-in>/\(name).richrules" }

    /// Whether a spec file's path is a built-in spec's.
    static func isBuiltin(_ path: String) -> Bool { path.hasPrefix("<built-in>/") }

    /// The source of built-in spec `name`, `nil` for an unknown name.
    static func source(of name: String) -> String? {
        name == "html" ? html : nil
    }

    /// `import html`: what a browser's default style sheet adds to the HTML model every
    /// text of an importing spec renders through (blocks, paragraphs, list markers, `pre`,
    /// tables, collapsed white space, hidden `script`/`style`/comments, decoded character
    /// references: those hold for every element, named by a rule or not). Priority -1: a
    /// rule of the importing spec that matches the same element wins over these.
    static let html = """
        richrules 1
        // `import html`: HTML as a browser shows it (docs/Language.md, "HTML specs").
        // Every element lays out as a browser's default style sheet says, named here or not;
        // these rules add the styles, taps and images that sheet gives. Priority -1: a rule
        // of the importing spec that matches the same element wins over these.

        rule htmlBold      { match tag <b>      nest  priority -1  style { font: bold } }
        rule htmlStrong    { match tag <strong> nest  priority -1  style { font: bold } }
        rule htmlItalic    { match tag <i>      nest  priority -1  style { font: italic } }
        rule htmlEmphasis  { match tag <em>     nest  priority -1  style { font: italic } }
        rule htmlCitation  { match tag <cite>   nest  priority -1  style { font: italic } }
        rule htmlUnderline { match tag <u>      nest  priority -1  style { underline: single } }
        rule htmlInserted  { match tag <ins>    nest  priority -1  style { underline: single } }
        rule htmlStrike    { match tag <s>      nest  priority -1  style { strikethrough: single } }
        rule htmlDeleted   { match tag <del>    nest  priority -1  style { strikethrough: single } }
        rule htmlCode      { match tag <code>   nest  priority -1  style { font: "Menlo" } }
        rule htmlKeyboard  { match tag <kbd>    nest  priority -1  style { font: "Menlo" } }
        rule htmlPre       { match tag <pre>    nest  priority -1  style { font: "Menlo" } }
        rule htmlMark      { match tag <mark>   nest  priority -1  style { background: systemYellow } }
        rule htmlHeading1  { match tag <h1>     nest  priority -1  style { font: title1 } }
        rule htmlHeading2  { match tag <h2>     nest  priority -1  style { font: title2 } }
        rule htmlHeading3  { match tag <h3>     nest  priority -1  style { font: title3 } }
        rule htmlHeading4  { match tag <h4>     nest  priority -1  style { font: headline } }
        rule htmlHeading5  { match tag <h5>     nest  priority -1  style { font: subheadline } }
        rule htmlHeading6  { match tag <h6>     nest  priority -1  style { font: footnote } }

        // A list item starts with its marker (generated: `•`, `◦`, `▪` by depth, `1.` in an
        // `ol`); its wrapped lines start past it.
        rule htmlListItem  { match tag <li>     nest  priority -1  style { headIndent: 18 } }

        // A link is an `a` with an `href` (a browser's `a[href]`): without one, plain text.
        rule htmlLink {
          match tag <a href>
          nest
          priority -1
          where href != "" { style { color: link; underline: single }  tap openURL(url: ${href}) }
        }

        rule htmlImage {
          match tag <img src alt width height/>
          priority -1
          image "${src}" size ${width}x${height} align baseline
        }
        """
}

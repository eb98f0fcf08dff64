/// An HTML fragment parsed as a browser parses `element.innerHTML = text` in a `<div>`:
/// the WHATWG tokenizer's states that markup from servers uses (tags with lenient
/// attributes, comments, bogus comments, raw text and RCDATA elements) and a tree builder
/// with the repairs browsers make — void elements, the implied end tags of `p`, `li`,
/// `dt`/`dd`, `option`, table parts and headings, an end tag closing the elements it
/// crosses ("any other end tag"), formatting elements reopened after a crossed end tag
/// (`<b>a <i>b</b> c</i>` is `<b>a <i>b</i></b><i> c</i>`), stray end tags ignored, `</p>`
/// without a `p` making an empty one, `</br>` a `<br>`. Nothing of the markup is text.
///
/// Simplified where the full algorithm moves nodes: the adoption agency's "furthest block"
/// case (a formatting end tag across a block) leaves the formatting element open instead of
/// splitting it; text in a table outside cells is not foster-parented; no quirks mode.
/// `HTMLCorpusTests` measures the trees against Chromium's (`dom` in the corpus).
///
/// Linear in the text: each token is read once; the stack of open elements is bounded by
/// `maxDepth` (deeper start tags are ignored, as the tag scanner's nesting is).
package struct HTMLTree: Sendable {
    package struct Node: Sendable, Hashable {
        package enum Kind: Sendable, Hashable {
            /// The fragment's root (its context element): node 0.
            case root
            case element
            /// Text: `pieces` of the source (adjacent runs merge, as DOM text nodes do).
            case text
            /// A comment (`<!--…-->`, or a bogus one such as `<!doctype>`): `pieces[0]` its data.
            case comment
        }

        package var kind: Kind
        /// An element's name, ASCII-lower-cased; empty for other nodes.
        package var name: String
        package var parent: Int
        package var children: [Int] = []
        /// An element's attributes in source order (names lower-cased, the first of a
        /// repeated name kept), values as written (`value(of:)` decodes them).
        package var attributes: [Attribute] = []
        /// Where the node is in the source: an element from its start tag to the end of its
        /// end tag, or to where it was closed implicitly (a reopened element or an implied
        /// `<p>` starts where it was made: no start tag); text and comments their runs.
        package var range: TextRange
        /// Text: the source runs of its characters past the first (adjacent runs merge, as DOM
        /// text nodes do; most text nodes have one run, kept without an array); comment: its
        /// data. Read `runs`.
        var morePieces: [TextRange] = []
        /// The first run (text: its first source run; comment: its data).
        var firstPiece = TextRange(location: 0, length: 0)

        /// Text: the source runs of its characters; comment: its data.
        package var pieces: [TextRange] {
            kind == .text || kind == .comment ? [firstPiece] + morePieces : []
        }
        /// How text's characters are read: entity references decoded (`normal`, `rcdata`) or not (`raw`).
        package var text: TextKind = .normal
        package var hasStartTag = true
        package var hasEndTag = false
        /// An element's content in the source: from the end of its start tag to the start of
        /// its end tag (or to where it was closed); empty at the start tag's end for a void
        /// element.
        package var content = TextRange(location: 0, length: 0)

        package enum TextKind: Sendable, Hashable { case normal, rcdata, raw }
    }

    package struct Attribute: Sendable, Hashable {
        package var name: String
        /// The value's source range (without quotes); `nil` for an attribute without a value.
        package var value: TextRange?
    }

    package private(set) var nodes: [Node]
    /// The source, normalised as the HTML input stream is (CR LF and CR are LF): node ranges
    /// are offsets into the source as given; `units` is that source.
    package let units: [UInt16]

    /// A template's arguments (`RuleEngine.render(template:)`): the tree is parsed from the
    /// text with each argument masked (U+FFFC: text, never markup), and the rendered text
    /// shows the argument's own characters (`filled`), as written.
    package var arguments: (ranges: [TextRange], filled: [UInt16])?

    /// The deepest stack of open elements kept.
    package static let maxDepth = 512

    package init(parsing source: String) {
        self.init(units: Array(source.utf16))
    }

    package init(units: [UInt16]) {
        self.units = units
        var builder = HTMLTreeBuilder(units: units)
        builder.run()
        nodes = builder.nodes
    }

    /// The decoded value of `attribute` of element `node` (entity references decoded; an
    /// attribute without a value is empty), `nil` when the element has none of that name.
    package func value(of attribute: String, in node: Int) -> String? {
        guard let a = nodes[node].attributes.first(where: { $0.name == attribute }) else { return nil }
        guard let range = a.value else { return "" }
        return decodeHTMLEntities(normalizedString(range))
    }

    /// The characters of text node `node` (references decoded unless raw), or a comment's data.
    package func text(of node: Int) -> String {
        let n = nodes[node]
        let raw = n.pieces.map(normalizedString).joined()
        return n.kind == .text && n.text != .raw ? decodeHTMLEntities(raw) : raw
    }

    /// The source range's characters with CR LF and CR as LF (the input stream's normalisation).
    func normalizedString(_ range: TextRange) -> String {
        var out: [UInt16] = []
        out.reserveCapacity(range.length)
        var i = range.location
        while i < range.upperBound {
            if units[i] == 13 {
                out.append(10)
                if i + 1 < range.upperBound, units[i + 1] == 10 { i += 1 }
            } else {
                out.append(units[i])
            }
            i += 1
        }
        return String(decoding: out, as: UTF16.self)
    }
}

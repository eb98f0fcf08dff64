/// A tag of a tag family (`<h1>`), or an element (`<a href>`), as a match carries it.
///
/// A tag found in a text holds ranges into that text: its content, its markup and its
/// attribute values are made into strings when read (a tag nested in 500 others does not
/// hold a copy of the text each of them holds). A tag made by hand holds the strings it
/// was given.
public struct TagInfo: Sendable, Hashable {
    /// Ordinal of the tag among all tags its rule found in the text (0-based, before
    /// resolution, all tag names counted together).
    public var index: Int
    /// Lower-case tag name: `h`, `h1`, `a`.
    public var name: String
    /// The digits after the family name (`<h3>` → 3), `nil` for `<h>` and elements.
    public var level: Int?
    /// Where `text` is in the original text (UTF-16); `nil` for a tag made by hand.
    public var contentRange: TextRange?

    /// The content between the opening and closing tag (empty for void elements).
    public var text: String {
        get {
            if let storedText { return storedText }
            guard let source, let contentRange else { return "" }
            return source.string(contentRange)
        }
        set { storedText = newValue }
    }
    /// The whole source markup.
    public var raw: String {
        get {
            if let storedRaw { return storedRaw }
            guard let source, let range else { return "" }
            return source.string(range)
        }
        set { storedRaw = newValue }
    }
    /// Attribute values of generic elements (entities decoded), by lower-case name.
    public var attributes: [String: String] {
        get {
            if let storedAttributes { return storedAttributes }
            guard let source, !attributeSpans.isEmpty else { return [:] }
            var attributes: [String: String] = [:]
            for span in attributeSpans where attributes[span.name] == nil {
                attributes[span.name] = span.value.map { decodeHTMLEntities(source.string($0)) } ?? ""
            }
            return attributes
        }
        set { storedAttributes = newValue }
    }

    /// `attributes[name]`, decoding that value alone (an image's 800 KB source is not
    /// decoded again for its `alt`).
    func attribute(_ name: String) -> String? {
        if let storedAttributes { return storedAttributes[name] }
        guard let source, let span = attributeSpans.first(where: { $0.name == name }) else { return nil }
        return span.value.map { decodeHTMLEntities(source.string($0)) } ?? ""
    }

    /// The whole tag in the original text (`raw`'s range); `nil` for a tag made by hand.
    var range: TextRange?
    /// The text the ranges point into (immutable once made; `ManagedBuffer` is not
    /// `Sendable` by declaration).
    nonisolated(unsafe) private var source: TextUnits?
    private var storedText: String?
    private var storedRaw: String?
    private var storedAttributes: [String: String]?
    /// The attributes as written, in order (the first of duplicates wins).
    private var attributeSpans: [AttributeSpan] = []

    /// An attribute of an element as written: its lower-case name and its value's range
    /// (inside the quotes), `nil` for a bare name (`<input disabled>`).
    struct AttributeSpan: Sendable, Hashable {
        var name: String
        var value: TextRange?
    }

    package init(
        index: Int, name: String, level: Int?, text: String, raw: String, attributes: [String: String] = [:],
        contentRange: TextRange? = nil
    ) {
        self.index = index
        self.name = name
        self.level = level
        self.contentRange = contentRange
        self.storedText = text
        self.storedRaw = raw
        self.storedAttributes = attributes
    }

    /// A tag found in `source`: the whole tag spans `range`, its content `contentRange`.
    init(index: Int, name: String, level: Int?, range: TextRange, contentRange: TextRange, attributes: [AttributeSpan], source: TextUnits) {
        self.index = index
        self.name = name
        self.level = level
        self.range = range
        self.contentRange = contentRange
        self.attributeSpans = attributes
        self.source = source
    }

    /// The same tag found at `offset` in `source` (a piece of `source` was matched on its
    /// own, or a copy of it with other units in places the tag does not read).
    func moved(by offset: Int, into source: TextUnits) -> TagInfo {
        var tag = self
        func shift(_ r: TextRange) -> TextRange { TextRange(location: r.location + offset, length: r.length) }
        tag.range = range.map(shift)
        tag.contentRange = contentRange.map(shift)
        tag.attributeSpans = attributeSpans.map { AttributeSpan(name: $0.name, value: $0.value.map(shift)) }
        if self.source != nil { tag.source = source }
        return tag
    }

    /// The UTF-16 length of `text`.
    var textLength: Int { storedText.map { $0.utf16.count } ?? (source == nil ? 0 : contentRange?.length ?? 0) }

    /// Appends the UTF-16 units of `text` to `units`.
    func appendText(to units: inout [UInt16]) {
        if let storedText {
            units.append(contentsOf: storedText.utf16)
        } else if let source, let contentRange {
            units.append(contentsOf: UnsafeBufferPointer(rebasing: source.buffer[contentRange.location..<contentRange.upperBound]))
        }
    }

    /// Tags are equal when everything they hold is equal (ranges, strings, attributes).
    public static func == (a: TagInfo, b: TagInfo) -> Bool {
        a.index == b.index && a.name == b.name && a.level == b.level && a.contentRange == b.contentRange && a.text == b.text
            && a.raw == b.raw && a.attributes == b.attributes
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(index)
        hasher.combine(name)
        hasher.combine(level)
        hasher.combine(contentRange)
    }
}

/// A tag's information behind one reference (see `Candidate.tagBox`).
final class TagBox: Sendable {
    let info: TagInfo
    init(_ info: TagInfo) { self.info = info }
}

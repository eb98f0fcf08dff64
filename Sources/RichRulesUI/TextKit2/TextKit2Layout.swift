// The label core's layout protocol on TextKit 2, shared by the UIKit and AppKit `RichLabel`:
// only the font, colour and image types differ (the typealiases of TextStyle+Platform.swift). CI (Linux) compiles this file against stub UIKit and AppKit
// modules (Scripts/typecheck-apple.sh); only a Mac runs it.
//
// Why TextKit 2 (NSTextContentStorage → NSTextLayoutManager → NSTextContainer) and not
// TextKit 1: it works on character locations, not glyphs, so hit testing and the rects of
// a range are right for complex scripts and bidirectional text, where TextKit 1's
// glyph ↔ character mapping is awkward; it is what UITextView / NSTextView use since
// iOS 16 / macOS 13 (TextKit 1 is their compatibility mode); a label gains nothing from
// TextKit 1's speed (it lays out a few lines either way). What TextKit 2 does not document
// — whether `maximumNumberOfLines` and tail truncation apply, whether a fragment draws
// `.backgroundColor` and attachment images — this file does not rely on: the core cuts the
// text to the line limit itself (`LineTruncation`), the layout stops counting lines at
// `lineLimit`, backgrounds are drawn here, images by the shell.
//
// APIs relied on, checked against Apple's documentation (iOS 15 / macOS 12 unless noted):
//   NSTextContentStorage: init(); @NSCopying var attributedString: NSAttributedString?;
//     func addTextLayoutManager(_: NSTextLayoutManager); func performEditingTransaction(_: () -> Void);
//     var documentRange: NSTextRange; func offset(from: any NSTextLocation, to: any NSTextLocation) -> Int;
//     func location(_: any NSTextLocation, offsetBy: Int) -> (any NSTextLocation)?
//   NSTextLayoutManager: init(); var textContainer: NSTextContainer?; var documentRange: NSTextRange;
//     func ensureLayout(for: NSTextRange);
//     func enumerateTextLayoutFragments(from: (any NSTextLocation)?, options: NSTextLayoutFragment.EnumerationOptions,
//       using: (NSTextLayoutFragment) -> Bool) -> (any NSTextLocation)?;
//     func textLayoutFragment(for: CGPoint) -> NSTextLayoutFragment?;
//     func textLayoutFragment(for: any NSTextLocation) -> NSTextLayoutFragment?;
//     func enumerateTextSegments(in: NSTextRange, type: .standard, options: .rangeNotRequired,
//       using: (NSTextRange?, CGRect, CGFloat, NSTextContainer) -> Bool)   (container coordinates).
//     Not set: resolvesNaturalAlignmentWithBaseWritingDirection (iOS 26 / macOS 26 only, default
//     true: natural alignment follows each paragraph's direction; what TextKit 2 does before 26
//     is not documented)
//   NSTextContainer: init(size: CGSize) ("0.0 or less means no limitation"; the default size is
//     10,000,000 a side); var lineFragmentPadding: CGFloat
//   NSTextLayoutFragment: var textLineFragments; var layoutFragmentFrame: CGRect (container coordinates);
//     var rangeInElement: NSTextRange; func draw(at: CGPoint, in: CGContext);
//     func frameForTextAttachment(at: any NSTextLocation) -> CGRect (fragment coordinates; .zero unless
//     the fragment's state is .layoutAvailable)
//   NSTextLineFragment: var characterRange: NSRange (relative to its paragraph, the fragment's
//     rangeInElement); var typographicBounds: CGRect (fragment coordinates); var glyphOrigin: CGPoint
//     ("rendering origin for the left-most glyph in the line fragment coordinate system");
//     func characterIndex(for: CGPoint) -> Int (line coordinates; clamps to the nearest character)
//   NSTextRange: init?(location: any NSTextLocation, end: (any NSTextLocation)?)
import RuleRuntime

#if !os(watchOS) && (canImport(UIKit) || canImport(AppKit))
    import Foundation
    #if canImport(UIKit)
        import UIKit
    #else
        import AppKit
    #endif

    /// What a `TextKit2Layout` needs that does not depend on the width: the platform string
    /// (fonts, colours, attachment bounds; backgrounds taken out) and the background runs.
    /// The label core keeps it and lays the text out at each width SwiftUI asks for.
    @MainActor
    package final class TextKit2PreparedText: PreparedRichText {
        let string: NSAttributedString
        let backgrounds: [(range: TextRange, color: RichRulesColor)]

        init(_ request: RichTextLayoutRequest, defaultFontSize: Double) {
            let string = NSMutableAttributedString(
                attributedString: request.result.platformAttributedString(options: request.options, defaultFontSize: defaultFontSize) {
                    index, _, font in
                    (nil, request.attachmentBounds(ofMatch: index, font: font) ?? .zero)
                })
            var backgrounds: [(range: TextRange, color: RichRulesColor)] = []
            let whole = NSRange(location: 0, length: string.length)
            string.enumerateAttribute(.backgroundColor, in: whole) { value, range, _ in
                if let color = value as? RichRulesColor, let range = TextRange(range) { backgrounds.append((range, color)) }
            }
            string.removeAttribute(.backgroundColor, range: whole)
            self.string = string.copy() as? NSAttributedString ?? string
            self.backgrounds = backgrounds
        }
    }

    /// One display laid out by TextKit 2 at one width: the `RichTextLayout` the label core
    /// asks for, and the drawing of it.
    ///
    /// The attributed string is `platformAttributedString(options:attachment:)` of the
    /// request (no `.link`: taps are the core's), each attachment an empty image at
    /// `request.attachmentBounds(ofMatch:font:)` (the shell draws images and places widget
    /// views at the core's frames). Backgrounds (`.backgroundColor`, the pressed highlight
    /// of most specs) are taken out of the string and drawn by `draw(at:in:resolve:)` over
    /// the rects of their ranges.
    @MainActor
    package final class TextKit2Layout: @preconcurrency RichTextLayout {
        /// A container width no label reaches (the natural width's first pass): TextKit's default.
        static let unboundedWidth = CGFloat(SizeProposal.unbounded)

        package let contentStorage: NSTextContentStorage
        package let layoutManager: NSTextLayoutManager
        package let textContainer: NSTextContainer
        package let lineFragments: [LineFragment]
        package let size: TextSize
        /// The string laid out (backgrounds taken out).
        package let attributedString: NSAttributedString
        /// The background runs, drawn under the text.
        let backgrounds: [(range: TextRange, color: RichRulesColor)]
        /// Where the kept lines end: past it (a `lineLimit` stopped the lines) is beside the text.
        let bottom: Double
        /// Whether lines were left out (drawing then clips to the kept lines).
        let isClipped: Bool
        let display: NSString

        convenience init(_ request: RichTextLayoutRequest, containerWidth: CGFloat, defaultFontSize: Double) {
            self.init(request, prepared: TextKit2PreparedText(request, defaultFontSize: defaultFontSize), containerWidth: containerWidth)
        }

        /// `request` laid out from the string `prepared` holds for it (made for any width).
        init(_ request: RichTextLayoutRequest, prepared: TextKit2PreparedText, containerWidth: CGFloat) {
            let storage = NSTextContentStorage()
            let manager = NSTextLayoutManager()
            let container = NSTextContainer(size: CGSize(width: containerWidth, height: 0))
            container.lineFragmentPadding = 0
            manager.textContainer = container
            storage.addTextLayoutManager(manager)
            let string = prepared.string
            let backgrounds = prepared.backgrounds
            storage.performEditingTransaction { storage.attributedString = string }
            manager.ensureLayout(for: manager.documentRange)

            // The lines, up to the limit: each line fragment of each paragraph's layout fragment.
            let display = string.string as NSString
            let limit = request.lineLimit.map { max(1, $0) } ?? Int.max
            let start = storage.documentRange.location
            var lines: [LineFragment] = []
            var stopped = false
            manager.enumerateTextLayoutFragments(from: nil, options: [.ensuresLayout]) { fragment in
                let frame = fragment.layoutFragmentFrame
                let paragraph = storage.offset(from: start, to: fragment.rangeInElement.location)
                for line in fragment.textLineFragments where line.characterRange.length > 0 {
                    guard lines.count < limit else {
                        stopped = true
                        return false
                    }
                    // A line TextKit cannot place (`NSNotFound`) is left out.
                    guard let location = Self.displayOffset(paragraph: paragraph, index: line.characterRange.location) else { continue }
                    let range = TextRange(location: location, length: line.characterRange.length)
                    let bounds = line.typographicBounds.offsetBy(dx: frame.minX, dy: frame.minY)
                    lines.append(
                        LineFragment(
                            displayRange: range, rect: TextRect(bounds), baseline: Double(bounds.minY + line.glyphOrigin.y)))
                }
                return true
            }
            // The lines follow each other without gaps (a paragraph separator TextKit leaves
            // out of its lines joins the line before it; the last line reaches the end unless
            // the limit stopped the lines).
            for i in lines.indices {
                let next =
                    i + 1 < lines.count ? lines[i + 1].displayRange.location : stopped ? lines[i].displayRange.upperBound : display.length
                lines[i].displayRange.length = max(lines[i].displayRange.length, next - lines[i].displayRange.location)
            }
            // Each line's used rect across: its glyphs' extent, trailing spaces and the line
            // break left out (the segments of the range without them).
            let used = lines.map { (line: LineFragment) -> LineFragment in
                var end = line.displayRange.upperBound
                while end > line.displayRange.location, Self.isTrailingSpace(display.character(at: end - 1)) { end -= 1 }
                var used = line
                used.rect = TextRect(x: line.rect.minX, y: line.rect.minY, width: 0, height: line.rect.height)
                let glyphs = TextRange(location: line.displayRange.location, length: end - line.displayRange.location)
                if let extent = TextRect.union(Self.segments(glyphs, storage, manager)) {
                    used.rect = TextRect(x: extent.minX, y: line.rect.minY, width: extent.width, height: line.rect.height)
                }
                return used
            }
            contentStorage = storage
            layoutManager = manager
            textContainer = container
            attributedString = string
            self.backgrounds = backgrounds
            self.display = display
            lineFragments = used
            bottom = used.last.map { $0.rect.maxY } ?? 0
            isClipped = stopped
            size = TextSize(width: used.map(\.rect.width).max() ?? 0, height: used.last.map { $0.rect.maxY } ?? 0)
        }

        static func isTrailingSpace(_ unit: unichar) -> Bool {
            unit == 0x20 || unit == 0x09 || unit == 0x0A || unit == 0x0D || unit == 0x2028 || unit == 0x2029 || unit == 0x85
        }

        /// The text range of display units `range`.
        static func textRange(_ range: TextRange, _ storage: NSTextContentStorage) -> NSTextRange? {
            let origin = storage.documentRange.location
            guard let start = storage.location(origin, offsetBy: range.location),
                let end = storage.location(start, offsetBy: range.length)
            else { return nil }
            return NSTextRange(location: start, end: end)
        }

        /// TextKit's segments of `range` (container coordinates), one or more per line.
        static func segments(_ range: TextRange, _ storage: NSTextContentStorage, _ manager: NSTextLayoutManager) -> [TextRect] {
            guard range.length > 0, let textRange = textRange(range, storage) else { return [] }
            var rects: [TextRect] = []
            manager.enumerateTextSegments(in: textRange, type: .standard, options: [.rangeNotRequired]) { _, rect, _, _ in
                if rect.width > 0 { rects.append(TextRect(rect)) }
                return true
            }
            return rects
        }

        // MARK: RichTextLayout

        package func rects(for range: TextRange) -> [TextRect] {
            let end = min(range.upperBound, laidOutLength)
            guard range.length > 0, range.location < end else { return [] }
            var rects: [TextRect] = []
            for segment in Self.segments(TextRange(location: range.location, length: end - range.location), contentStorage, layoutManager) {
                // Each rect the height of its line; touching segments of a line merged.
                guard let line = lineIndex(atY: segment.center.y) else { continue }
                let rect = TextRect(
                    x: segment.minX, y: lineFragments[line].rect.minY, width: segment.width, height: lineFragments[line].rect.height)
                if let last = rects.last, last.minY == rect.minY, rect.minX <= last.maxX + 0.5, last.minX <= rect.maxX + 0.5 {
                    rects[rects.count - 1] = last.union(rect)
                } else {
                    rects.append(rect)
                }
            }
            return rects
        }

        package func displayOffset(at point: TextPoint) -> Int? {
            guard let line = lineIndex(atY: point.y) else { return nil }
            let location = CGPoint(x: point.x, y: point.y)
            guard let fragment = layoutManager.textLayoutFragment(for: location) else { return nil }
            let frame = fragment.layoutFragmentFrame
            let inFragment = CGPoint(x: location.x - frame.minX, y: location.y - frame.minY)
            guard
                let textLine = fragment.textLineFragments.first(where: {
                    $0.typographicBounds.minY <= inFragment.y && inFragment.y < $0.typographicBounds.maxY
                })
            else { return nil }
            let paragraph = contentStorage.offset(from: contentStorage.documentRange.location, to: fragment.rangeInElement.location)
            let index = textLine.characterIndex(
                for: CGPoint(x: inFragment.x - textLine.typographicBounds.minX, y: inFragment.y - textLine.typographicBounds.minY))
            // Either may be `NSNotFound` (Int.max: adding it would trap) or out of the text:
            // beside the text.
            guard let offset = Self.displayOffset(paragraph: paragraph, index: index) else { return nil }
            // `characterIndex(for:)` clamps to the nearest character (and may name the one after
            // the point): keep the candidate whose box holds the point, else beside the text.
            let lineRange = lineFragments[line].displayRange
            for candidate in [offset, offset - 1]
            where candidate >= lineRange.location && candidate < lineRange.upperBound {
                let cluster = display.rangeOfComposedCharacterSequence(at: candidate)
                let box = rects(for: TextRange(location: cluster.location, length: cluster.length))
                if box.contains(where: { $0.minY == lineFragments[line].rect.minY && $0.minX <= point.x && point.x < $0.maxX }) {
                    return candidate
                }
            }
            return nil
        }

        package func attachmentRect(atDisplayOffset offset: Int) -> TextRect? {
            guard offset >= 0, offset < laidOutLength, attributedString.attribute(.attachment, at: offset, effectiveRange: nil) != nil,
                let location = contentStorage.location(contentStorage.documentRange.location, offsetBy: offset),
                let fragment = layoutManager.textLayoutFragment(for: location)
            else { return nil }
            let frame = fragment.frameForTextAttachment(at: location)
            guard frame != .zero else { return rects(for: TextRange(location: offset, length: 1)).first }
            return TextRect(frame.offsetBy(dx: fragment.layoutFragmentFrame.minX, dy: fragment.layoutFragmentFrame.minY))
        }

        /// `paragraph + index`, or `nil` when either is `NSNotFound` (TextKit's answer for no
        /// character or location) or negative.
        nonisolated static func displayOffset(paragraph: Int, index: Int) -> Int? {
            guard paragraph != NSNotFound, index != NSNotFound, paragraph >= 0, index >= 0 else { return nil }
            let (sum, overflow) = paragraph.addingReportingOverflow(index)
            return overflow ? nil : sum
        }

        /// The line whose vertical extent holds `y` (lines touch: a binary search).
        func lineIndex(atY y: Double) -> Int? {
            var low = 0
            var high = lineFragments.count
            while low < high {
                let mid = (low + high) / 2
                if lineFragments[mid].rect.minY <= y { low = mid + 1 } else { high = mid }
            }
            guard low > 0, y < lineFragments[low - 1].rect.maxY else { return nil }
            return low - 1
        }

        // MARK: Drawing

        /// Draws the backgrounds, then the text, with the text's origin at `origin` (a
        /// flipped context: UIKit's, or a flipped NSView's). `resolve` turns a (dynamic)
        /// colour into the one for the view's appearance.
        package func draw(at origin: CGPoint, in context: CGContext, resolve: (RichRulesColor) -> CGColor) {
            context.saveGState()
            defer { context.restoreGState() }
            if isClipped {
                context.clip(to: CGRect(x: -Self.unboundedWidth, y: origin.y, width: 2 * Self.unboundedWidth, height: CGFloat(bottom)))
            }
            for background in backgrounds {
                context.setFillColor(resolve(background.color))
                for rect in rects(for: background.range) { context.fill(CGRect(rect).offsetBy(dx: origin.x, dy: origin.y)) }
            }
            layoutManager.enumerateTextLayoutFragments(from: nil, options: [.ensuresLayout]) { fragment in
                let frame = fragment.layoutFragmentFrame
                guard Double(frame.minY) < bottom else { return false }
                fragment.draw(at: CGPoint(x: origin.x + frame.minX, y: origin.y + frame.minY), in: context)
                return true
            }
        }
    }
#endif

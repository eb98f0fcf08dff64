import Foundation
import RuleRuntime
import TestSupport
import XCTest

/// The reference layout and the label core's geometry: hit testing by point across lines,
/// match rects, attachment and widget frames, accessibility frames, each against a brute
/// force over the layout's fragments and single-cluster boxes, on seeded random texts.
final class LabelLayoutTests: XCTestCase {
    func testReferenceLayoutBreaksLines() throws {
        let result = try LabelFixtures.engine("label-mention").render("hello world, 中文字符 ok\nnext")
        // 17 pt: narrow 8.5, wide 17.
        let layout = ReferenceLayout(RichTextLayoutRequest(result: result, width: 8.5 * 10))
        let lines = layout.lineFragments.map { line in
            String(result.display.utf16.dropFirst(line.displayRange.location).prefix(line.displayRange.length))!
        }
        // Ten narrow clusters a line: "hello " (its space hangs), then CJK breaks between
        // characters, and the line break ends a line.
        XCTAssertEqual(lines, ["hello ", "world, 中", "文字符 ok\n", "next"])
        XCTAssertEqual(layout.lineFragments[1].rect.width, 8.5 * 7 + 17)  // "world," + space + "中"
        XCTAssertRectsEqual([layout.lineFragments[0].rect], [TextRect(x: 0, y: 0, width: 8.5 * 5, height: 17 * 1.19)])
        XCTAssertEqual(layout.lineFragments[0].baseline, 17 * 0.952, accuracy: 1e-9)
        XCTAssertEqual(layout.size.height, 4 * 17 * 1.19, accuracy: 1e-9)
        // A word longer than the line breaks between clusters; a line limit stops early.
        let long = ReferenceLayout(RichTextLayoutRequest(result: result, width: 8.5 * 3, lineLimit: 2))
        XCTAssertEqual(long.lineFragments.map(\.displayRange.length), [3, 3])
        XCTAssertEqual(long.laidOutLength, 6)
        XCTAssertNil(ReferenceLayout(RichTextLayoutRequest(result: result, width: 100)).displayOffset(at: TextPoint(x: -1, y: 5)))
    }

    func testRightToLeftLinesAreMirrored() throws {
        let result = try LabelFixtures.engine("social").render("שלום @alice\nhi")
        let layout = ReferenceLayout(RichTextLayoutRequest(result: result, width: 200))
        XCTAssertEqual(result.paragraphDirections.map(\.direction), [.rightToLeft, .leftToRight])
        let first = layout.lineFragments[0]
        XCTAssertEqual(first.rect.maxX, 200)  // aligned right
        XCTAssertEqual(layout.lineFragments[1].rect.minX, 0)
        // The first character is rightmost.
        let shin = try XCTUnwrap(layout.rects(for: TextRange(location: 0, length: 1)).first)
        XCTAssertEqual(shin.maxX, 200)
        XCTAssertEqual(layout.displayOffset(at: TextPoint(x: 199, y: 5)), 0)
        let mention = try XCTUnwrap(layout.rects(for: result.matches[0].displayRange).first)
        XCTAssertLessThan(mention.maxX, shin.minX)
        XCTAssertEqual(result.matchIndex(atDisplayOffset: try XCTUnwrap(layout.displayOffset(at: mention.center))), 0)
    }

    /// Hit testing at points over and around every line against the brute force, and each
    /// match's rects: the core's `hit(at:)` lands on the match `matchIndex(atDisplayOffset:)`
    /// gives, on lines after the first too.
    func testHitTestingAndRectsAgainstBruteForce() throws {
        let seed = testSeed(2401)
        var rng = SeededGenerator(seed: seed)
        var hitsBelowFirstLine = 0
        for name in LabelFixtures.specNames {
            let ruleEngine = try LabelFixtures.engine(name)
            for text in LabelFixtures.texts(seed: seed &+ UInt64(name.utf8.first!), count: 25) {
                let result = ruleEngine.render(text)
                let width = Double(60 + rng.below(240))
                let context = "seed \(seed) \(name) width \(width): \(text.debugDescription)"
                let core = RichLabelCore(engine: ReferenceLayoutEngine(), result: result, numberOfLines: rng.below(3) == 0 ? 2 : 0)
                core.width = width
                let laid = core.layout
                let layout = laid.textLayout
                let brute = BruteForce(layout, display: laid.result.display)
                // Fragments cover the display in order, within the width (or one cluster).
                var next = 0
                for fragment in layout.lineFragments {
                    XCTAssertEqual(fragment.displayRange.location, next, context)
                    next = fragment.displayRange.upperBound
                    let clusters = brute.clusters.filter {
                        $0.location >= fragment.displayRange.location && $0.upperBound <= fragment.displayRange.upperBound
                    }
                    XCTAssertTrue(fragment.rect.width <= width + 1e-9 || clusters.count == 1 || fragment.rect.minX == 0, context)
                }
                XCTAssertEqual(next, laid.result.display.utf16.count, context)
                // Points on a grid over the text and around it.
                let size = layout.size
                var y = -2.0
                while y < size.height + 4 {
                    var x = -3.0
                    while x < width + 6 {
                        let point = TextPoint(x: x, y: y)
                        let offset = layout.displayOffset(at: point)
                        XCTAssertEqual(offset, brute.offset(at: point), "\(context) at \(point)")
                        let hit = laid.hit(at: point)
                        XCTAssertEqual(hit.displayOffset, offset, context)
                        XCTAssertEqual(hit.matchIndex, offset.flatMap(laid.result.matchIndex(atDisplayOffset:)), context)
                        if hit.matchIndex != nil, y >= (layout.lineFragments.first?.rect.maxY ?? 0) { hitsBelowFirstLine += 1 }
                        x += 4.25
                    }
                    y += 5.5
                }
                for index in laid.result.matches.indices {
                    let range = laid.result.matches[index].displayRange
                    XCTAssertRectsEqual(laid.rects(forMatch: index), brute.rects(for: range), "\(context) match \(index)")
                }
                // A random range.
                let length = laid.result.display.utf16.count
                if length > 0 {
                    let start = rng.below(length)
                    let range = TextRange(location: start, length: rng.below(length - start + 1))
                    XCTAssertRectsEqual(layout.rects(for: range), brute.rects(for: range), "\(context) range \(range)")
                }
            }
        }
        XCTAssertGreaterThan(hitsBelowFirstLine, 100, "seed \(seed)")
    }

    /// Attachment frames sit on their character's box and line; widget slots are the
    /// widgets among them; accessibility frames are the union of the rects, activated on
    /// their first line, and an activation lands on the element's match.
    func testAttachmentWidgetAndAccessibilityFrames() throws {
        let seed = testSeed(2402)
        var rng = SeededGenerator(seed: seed)
        var attachments = 0
        var multiLine = 0
        for name in LabelFixtures.specNames {
            let ruleEngine = try LabelFixtures.engine(name)
            for text in LabelFixtures.texts(seed: seed &+ UInt64(name.utf8.last!), count: 25) {
                let result = ruleEngine.render(text)
                let width = Double(50 + rng.below(200))
                let context = "seed \(seed) \(name) width \(width): \(text.debugDescription)"
                let core = RichLabelCore(engine: ReferenceLayoutEngine(), result: result)
                core.width = width
                let laid = core.layout
                let layout = laid.textLayout
                for frame in laid.attachmentFrames {
                    attachments += 1
                    let match = laid.result.matches[frame.matchIndex]
                    XCTAssertEqual(frame.displayOffset, match.attachmentOffset, context)
                    XCTAssertEqual(frame.attachment, match.attachment, context)
                    let box = try XCTUnwrap(layout.rects(for: TextRange(location: frame.displayOffset, length: 1)).first, context)
                    XCTAssertEqual(frame.rect.minX, box.minX, accuracy: 1e-9, context)
                    XCTAssertEqual(frame.rect.width, box.width, accuracy: 1e-9, context)
                    XCTAssertGreaterThanOrEqual(frame.rect.minY, box.minY - 1e-9, context)
                    XCTAssertLessThanOrEqual(frame.rect.maxY, box.maxY + 1e-9, context)
                    if let width = match.attachment?.width { XCTAssertEqual(frame.rect.width, width, context) }
                }
                let widgets = laid.attachmentFrames.filter { if case .widget = $0.attachment.kind { return true } else { return false } }
                XCTAssertEqual(laid.attachmentFrames.filter { $0.widgetName != nil }, widgets, context)
                for frame in widgets {
                    XCTAssertEqual(frame.widgetName, "badge", context)
                    XCTAssertEqual(frame.rect.size, TextSize(width: 30, height: 16), context)
                }
                let elements = laid.result.accessibilityElements
                let frames = laid.accessibilityFrames
                XCTAssertEqual(frames.map(\.element), elements.filter { !layout.rects(for: $0.displayRange).isEmpty }, context)
                let clusters = LabelFixtures.clusters(laid.result.display)
                for frame in frames {
                    if frame.element.kind == .link, laid.result.matches[frame.element.matchIndex].isContainer {
                        // The boxes of the clusters whose tap is the container's, per line.
                        let boxes = clusters.filter {
                            frame.element.displayRange.location <= $0.location && $0.location < frame.element.displayRange.upperBound
                                && laid.result.matchIndex(atDisplayOffset: $0.location) == frame.element.matchIndex
                        }.flatMap { layout.rects(for: $0) }
                        var lines: [TextRect] = []
                        for box in boxes {
                            if let i = lines.firstIndex(where: { $0.minY == box.minY }) {
                                lines[i] = lines[i].union(box)
                            } else {
                                lines.append(box)
                            }
                        }
                        XCTAssertRectsEqual(frame.rects, lines, context)
                    } else if frame.element.kind == .link {
                        XCTAssertEqual(frame.rects, layout.rects(for: frame.element.displayRange), context)
                    }
                    XCTAssertRectsEqual([frame.frame], [TextRect.union(frame.rects)!], context)
                    XCTAssertEqual(frame.activationPoint, frame.rects[0].center, context)
                    if frame.rects.count > 1 { multiLine += 1 }
                    let match = laid.result.matches[frame.element.matchIndex]
                    if match.attachment?.isTappable != false {
                        XCTAssertEqual(laid.hit(at: frame.activationPoint).matchIndex, frame.element.matchIndex, context)
                    }
                }
            }
        }
        XCTAssertGreaterThan(attachments, 20, "seed \(seed)")
        XCTAssertGreaterThan(multiLine, 5, "seed \(seed)")
    }

    func testWidgetSizeAndImageSizeInvalidateTheLayout() throws {
        let result = try LabelFixtures.engine("label-widget").render("a [w] b")
        let core = RichLabelCore(engine: ReferenceLayoutEngine(), result: result)
        var invalidations: [RichLabelInvalidation] = []
        core.onInvalidate = { invalidations.append($0) }
        core.width = 300
        let before = try XCTUnwrap(core.layout.attachmentFrames.first)
        XCTAssertEqual(before.widgetName, "box")
        XCTAssertEqual(before.matchIndex, 0)
        XCTAssertFalse(before.attachment.isTappable)
        XCTAssertEqual(before.rect.size, TextSize(width: 17, height: 17))  // intrinsic, unknown: the font size
        XCTAssertNil(core.hit(at: before.rect.center).matchIndex)
        core.setAttachmentSize(TextSize(width: 80, height: 40), forMatch: 0)
        XCTAssertEqual(invalidations, [[.size, .display]])
        let after = try XCTUnwrap(core.layout.attachmentFrames.first)
        XCTAssertEqual(after.rect.size, TextSize(width: 80, height: 40))
        XCTAssertEqual(core.size(forWidth: 300).width, 8.5 * 4 + 80)
        XCTAssertGreaterThanOrEqual(core.size(forWidth: 300).height, 40)
        core.setAttachmentSize(TextSize(width: 80, height: 40), forMatch: 0)
        XCTAssertEqual(invalidations.count, 1)  // unchanged: nothing to redo
    }
}

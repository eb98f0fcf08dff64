import Foundation
import TestSupport
import XCTest

@testable import RuleAutomata
@_spi(Generated) @_spi(Testing) @testable import RuleRuntime

// Shared helpers: small builders for style tables, a seeded generator, assertions.

enum Fixture {
    static let base = TextStyle(font: FontSpec(size: 14), color: "#8E8E93FF")
    static let link = TextStyle(font: FontSpec(size: 14), color: "systemBlue")

    static func presentation(
        style: TextStyle = Fixture.link, styleName: String? = nil, tap: TapSpec? = nil, replace: MatchTemplate? = nil,
        image: ImageSpec? = nil, widget: WidgetSpec? = nil, highlight: TextStyle? = nil, alt: MatchTemplate? = nil
    ) -> RulePresentation {
        RulePresentation(
            style: style, styleName: styleName, highlight: highlight, tap: tap, replace: replace, image: image, widget: widget, alt: alt)
    }

    static func regex(
        _ name: String, _ pattern: String, flags: RegexFlags = [], priority: Int = 0,
        captureNames: [String: Int] = [:], presentation: RulePresentation = Fixture.presentation()
    ) -> RuleEntry {
        RuleEntry(
            name: name, matcher: .regex(pattern: pattern, flags: flags, detector: nil), priority: priority,
            presentation: presentation, captureNames: captureNames)
    }

    static func prefix(_ name: String, _ prefix: String, priority: Int = 0, presentation: RulePresentation = Fixture.presentation())
        -> RuleEntry
    {
        RuleEntry(name: name, matcher: .prefix(prefix), priority: priority, presentation: presentation)
    }

    static func tags(
        _ family: String = "h", priority: Int = 0, presentation: RulePresentation = Fixture.presentation(),
        tags: [String: RulePresentation] = [:]
    ) -> RuleEntry {
        RuleEntry(name: family, matcher: .tagFamily(family), priority: priority, presentation: presentation, tags: tags)
    }

    static func element(
        _ name: String, attributes: [String], isVoid: Bool = false, priority: Int = 0,
        presentation: RulePresentation = Fixture.presentation()
    ) -> RuleEntry {
        RuleEntry(
            name: name, matcher: .element(name: name, attributes: attributes, isVoid: isVoid), priority: priority,
            presentation: presentation)
    }

    static func table(_ rules: [RuleEntry], name: String = "Test") -> StyleTable {
        StyleTable(
            name: name, source: "\(name.lowercased()).richrules", base: base, styles: ["link": link],
            highlight: TextStyle(background: "#E5E5EAFF"), handlers: [:], rules: rules)
    }

    static func engine(_ rules: [RuleEntry]) throws -> RuleEngine {
        try RuleEngine(reference: table(rules))
    }

    /// A template from its spec spelling's parts: `"$0"`, `"${href}"`, `"x"`.
    static func template(_ parts: MatchTemplate.Part...) -> MatchTemplate { MatchTemplate(parts) }
}

func range(_ location: Int, _ length: Int) -> TextRange { TextRange(location: location, length: length) }

/// The UTF-16 range of the first occurrence of `needle` in `text`.
func utf16Range(of needle: String, in text: String) -> TextRange? {
    guard let r = text.range(of: needle) else { return nil }
    return TextRange(location: text.utf16.distance(from: text.startIndex, to: r.lowerBound), length: needle.utf16.count)
}

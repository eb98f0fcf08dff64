/// The base direction of text by rules P2–P3 of the Unicode Bidirectional Algorithm
/// (UAX #9): the direction of the first strong character (Bidi class L, R or AL), skipping
/// the characters between an isolate initiator (LRI, RLI, FSI) and its matching PDI, or
/// the end of the paragraph when it has none. Isolates nest; a PDI with no open isolate is
/// ignored. Embedding and override controls (LRE, RLE, LRO, RLO, PDF) are not strong and
/// are ignored, as P2 says. Text with no strong character is left to right.
///
/// The Bidi classes come from a table generated from ICU (`BidiClass.swift`).
package enum BidiDirection {
    /// The base direction of the whole text taken as one paragraph: paragraph separators are
    /// not special here (an isolate left open runs to the end of the text).
    package static func baseDirection(of text: String) -> WritingDirection {
        var rule = FirstStrongRule()
        for scalar in text.unicodeScalars {
            if let direction = rule.consume(BidiClass(scalar.value)) { return direction }
        }
        return .leftToRight
    }

    /// The text split into paragraphs after each paragraph separator (a Bidi class B
    /// character; CR LF counts as one), each with its base direction by P2–P3. An isolate
    /// left open ends with its paragraph. A separator ends its paragraph, so a text that ends
    /// with one has no empty paragraph after it, and the empty text has no paragraph.
    package static func paragraphs(of text: String) -> [ParagraphDirection] {
        var paragraphs: [ParagraphDirection] = []
        var rule = FirstStrongRule()
        var start = 0
        var offset = 0
        var afterCarriageReturn = false

        func endParagraph() {
            let direction = rule.direction
            paragraphs.append(
                ParagraphDirection(range: start..<offset, direction: direction ?? .leftToRight, hasStrongCharacter: direction != nil))
            start = offset
            rule = FirstStrongRule()
        }

        for scalar in text.unicodeScalars {
            let value = scalar.value
            if afterCarriageReturn {
                afterCarriageReturn = false
                if value == 0x0A {
                    offset += 1
                    endParagraph()
                    continue
                }
                endParagraph()
            }
            offset += value > 0xFFFF ? 2 : 1
            // Once the paragraph's direction is known, only its end matters: the values of
            // Bidi class B (U+000A, U+000D, U+001C–U+001E, U+0085, U+2029).
            if rule.direction != nil, value > 0x0D, !(0x1C...0x1E).contains(value), value != 0x85, value != 0x2029 { continue }
            let bidiClass = BidiClass(value)
            if bidiClass == .paragraphSeparator {
                if value == 0x0D { afterCarriageReturn = true } else { endParagraph() }
            } else {
                _ = rule.consume(bidiClass)
            }
        }
        if offset > start { endParagraph() }
        return paragraphs
    }

    /// The base direction of UTF-16 code units taken as one paragraph, as
    /// `baseDirection(of:)`; an unpaired surrogate is neutral.
    package static func baseDirection(utf16 units: some Collection<UInt16>) -> WritingDirection {
        var rule = FirstStrongRule()
        var iterator = units.makeIterator()
        var lookahead: UInt16?
        while let unit = lookahead ?? iterator.next() {
            lookahead = nil
            let value: UInt32
            switch unit & 0xFC00 {
            case 0xD800:
                guard let next = iterator.next() else { return .leftToRight }
                guard next & 0xFC00 == 0xDC00 else {
                    lookahead = next
                    continue
                }
                value = 0x10000 + (UInt32(unit & 0x3FF) << 10 | UInt32(next & 0x3FF))
            case 0xDC00:
                continue
            default:
                value = UInt32(unit)
            }
            if let direction = rule.consume(BidiClass(value)) { return direction }
        }
        return .leftToRight
    }
}

/// Rule P2 over one paragraph, a character class at a time.
struct FirstStrongRule {
    /// The number of isolates open (P2 skips their content).
    private var openIsolates = 0
    /// The direction of the first strong character outside isolates, once seen.
    private(set) var direction: WritingDirection?

    /// Takes the next character's class; returns the paragraph's direction once known.
    mutating func consume(_ bidiClass: BidiClass) -> WritingDirection? {
        if let direction { return direction }
        switch bidiClass {
        case .leftToRight where openIsolates == 0: direction = .leftToRight
        case .rightToLeft where openIsolates == 0: direction = .rightToLeft
        case .isolateInitiator: openIsolates += 1
        case .popDirectionalIsolate where openIsolates > 0: openIsolates -= 1
        default: break
        }
        return direction
    }
}

extension BidiClass {
    /// The class of the scalar `value` (`.other` for any value the table has no range for).
    init(_ value: UInt32) {
        if value < 0x80 {
            self = Self.asciiClasses[Int(value)]
            return
        }
        self = Self.lookUp(value)
    }

    /// The classes of U+0000–U+007F, from the table.
    private static let asciiClasses: [BidiClass] = (0..<0x80).map { lookUp($0) }

    /// Binary search of the range table.
    private static func lookUp(_ value: UInt32) -> BidiClass {
        rangeLowerBounds.withUnsafeBufferPointer { lowers in
            // The number of ranges that start at or before `value`.
            var low = 0
            var high = lowers.count
            while low < high {
                let middle = (low + high) / 2
                if lowers[middle] <= value { low = middle + 1 } else { high = middle }
            }
            guard low > 0, value <= rangeUpperBounds[low - 1] else { return .other }
            return BidiClass(rawValue: rangeClasses[low - 1]) ?? .other
        }
    }
}

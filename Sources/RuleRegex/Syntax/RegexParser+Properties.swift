// Unicode property names (`\p{…}`, `[:…:]`) and character names (`\N{…}`).
//
// Note: which property and character names ICU accepts depends on ICU's own data tables
// (aliases of every property and value, loose matching, Java compatibility names,
// algorithmic character names). Rather than copy those tables, the parser asks ICU
// itself, through NSRegularExpression, with the exact name it collected: a probe pattern
// spells the name with `\x{…}` escapes, which ICU's scanner delivers unchanged to the same
// lookup. Answers are cached for the process.

import Foundation

extension PatternParser {
    /// Validates and describes a property set.
    package mutating func property(
        named name: [UInt32], negated: Bool, notation: RegexProperty.Notation,
        span: RegexSpan
    ) throws(RegexSyntaxError) -> RegexProperty {
        let text = Self.string(name)
        guard ICUOracle.shared.acceptsProperty(name, negated: negated) else {
            throw RegexSyntaxError("unknown property '\(text)'", span)
        }
        return RegexProperty(name: text, negated: negated, notation: notation, value: Self.classifyProperty(text))
    }

    /// What a property name denotes, where that is known without ICU's tables.
    package static func classifyProperty(_ name: String) -> RegexProperty.Value {
        if name == "all" { return .any }
        var key = looseKey(name)
        if let equals = key.firstIndex(of: "=") {
            guard ["gc", "generalcategory"].contains(key[..<equals]) else { return .other }
            key = String(key[key.index(after: equals)...])
        } else {
            switch key {
            case "any": return .any
            case "assigned": return .assigned
            case "ascii": return .ascii
            case "word": return .word
            default: break
            }
        }
        guard let codes = generalCategories[key] else { return .other }
        return .generalCategories(codes)
    }

    /// ICU's loose name matching: case, spaces, `_` and `-` do not count.
    package static func looseKey(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { !" _-\t\n\r\u{0B}\u{0C}".unicodeScalars.contains($0) })
    }

    /// General category names and aliases (loose keys) → two-letter codes.
    package static let generalCategories: [String: [String]] = {
        let groups: [(names: [String], codes: [String])] = [
            (["l", "letter"], ["Lu", "Ll", "Lt", "Lm", "Lo"]), (["lc", "casedletter"], ["Lu", "Ll", "Lt"]),
            (["lu", "uppercaseletter"], ["Lu"]), (["ll", "lowercaseletter"], ["Ll"]),
            (["lt", "titlecaseletter"], ["Lt"]), (["lm", "modifierletter"], ["Lm"]), (["lo", "otherletter"], ["Lo"]),
            (["m", "mark", "combiningmark"], ["Mn", "Mc", "Me"]), (["mn", "nonspacingmark"], ["Mn"]),
            (["mc", "spacingmark"], ["Mc"]), (["me", "enclosingmark"], ["Me"]),
            (["n", "number"], ["Nd", "Nl", "No"]), (["nd", "decimalnumber", "digit"], ["Nd"]),
            (["nl", "letternumber"], ["Nl"]), (["no", "othernumber"], ["No"]),
            (["p", "punctuation", "punct"], ["Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po"]),
            (["pc", "connectorpunctuation"], ["Pc"]), (["pd", "dashpunctuation"], ["Pd"]),
            (["ps", "openpunctuation"], ["Ps"]), (["pe", "closepunctuation"], ["Pe"]),
            (["pi", "initialpunctuation"], ["Pi"]), (["pf", "finalpunctuation"], ["Pf"]),
            (["po", "otherpunctuation"], ["Po"]),
            (["s", "symbol"], ["Sm", "Sc", "Sk", "So"]), (["sm", "mathsymbol"], ["Sm"]),
            (["sc", "currencysymbol"], ["Sc"]), (["sk", "modifiersymbol"], ["Sk"]), (["so", "othersymbol"], ["So"]),
            (["z", "separator"], ["Zs", "Zl", "Zp"]), (["zs", "spaceseparator"], ["Zs"]),
            (["zl", "lineseparator"], ["Zl"]), (["zp", "paragraphseparator"], ["Zp"]),
            (["c", "other"], ["Cc", "Cf", "Cs", "Co", "Cn"]), (["cc", "control", "cntrl"], ["Cc"]),
            (["cf", "format"], ["Cf"]), (["cs", "surrogate"], ["Cs"]), (["co", "privateuse"], ["Co"]),
            (["cn", "unassigned"], ["Cn"]),
        ]
        var table: [String: [String]] = [:]
        for group in groups {
            for name in group.names { table[name] = group.codes }
        }
        return table
    }()
}

/// Asks ICU (through NSRegularExpression) about names in its data tables.
package final class ICUOracle: @unchecked Sendable {
    package static let shared = ICUOracle()

    private let lock = NSLock()
    private var properties: [PropertyKey: Bool] = [:]
    private var characters: [[UInt32]: UInt32] = [:]
    private var unknownCharacters: Set<[UInt32]> = []

    private struct PropertyKey: Hashable {
        package var name: [UInt32]
        package var negated: Bool
    }

    /// Whether ICU's regex compiler accepts `name` as a property (`\p{name}` or
    /// `[:name:]`, which share one lookup).
    package func acceptsProperty(_ name: [UInt32], negated: Bool) -> Bool {
        let key = PropertyKey(name: name, negated: negated)
        if let known = locked({ properties[key] }) { return known }
        let probe: String
        if let first = name.first, name.contains(0x7D) {
            // A `}` can only come from `[:…:]`; spell that form instead (the first
            // character is taken unconditionally there, so it may be escaped).
            probe = "[[:" + (negated ? "^" : "") + Self.escaped([first]) + PatternParser.string(Array(name.dropFirst())) + ":]]"
        } else {
            probe = (negated ? "\\P{" : "\\p{") + Self.escaped(name) + "}"
        }
        let accepted = Self.compiles(probe)
        locked { properties[key] = accepted }
        return accepted
    }

    /// The code point ICU's `\N{name}` stands for, or `nil` when ICU rejects the name.
    package func scalar(named name: [UInt32]) -> UInt32? {
        let cached: (UInt32?, Bool) = locked { (characters[name], unknownCharacters.contains(name)) }
        if let value = cached.0 { return value }
        if cached.1 { return nil }
        let named = "\\N{" + Self.escaped(name) + "}"
        var result: UInt32?
        if !name.contains(0x7D), Self.compiles(named) {
            // `[\N{name}-\x{m}]` is a valid range exactly when the named code point is <= m.
            var low: UInt32 = 0, high: UInt32 = 0x10FFFF
            while low < high {
                let middle = (low + high) / 2
                if Self.compiles("[" + named + "-\\x{" + String(middle, radix: 16) + "}]") {
                    high = middle
                } else {
                    low = middle + 1
                }
            }
            result = low
        }
        locked {
            if let result { characters[name] = result } else { unknownCharacters.insert(name) }
        }
        return result
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    private static func escaped(_ values: [UInt32]) -> String {
        values.map { "\\x{" + String($0, radix: 16) + "}" }.joined()
    }

    private static func compiles(_ pattern: String) -> Bool {
        (try? NSRegularExpression(pattern: pattern)) != nil
    }
}

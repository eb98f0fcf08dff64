import Foundation

/// Compile options of a regex rule, written after the closing slash of a pattern
/// (`/…/imsx`). They map one to one onto `NSRegularExpression.Options`.
public struct RegexFlags: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `i`: case-insensitive matching.
    public static let caseInsensitive = RegexFlags(rawValue: 1 << 0)
    /// `m`: `^` and `$` match at line boundaries.
    public static let multiline = RegexFlags(rawValue: 1 << 1)
    /// `s`: `.` matches line terminators too.
    public static let dotMatchesLineSeparators = RegexFlags(rawValue: 1 << 2)
    /// `x`: white space and `#` comments in the pattern are ignored.
    public static let extended = RegexFlags(rawValue: 1 << 3)

    private static let letters: [(Character, RegexFlags)] = [
        ("i", .caseInsensitive), ("m", .multiline), ("s", .dotMatchesLineSeparators), ("x", .extended),
    ]

    /// Parses flag letters (`"im"`); `nil` when a letter is unknown.
    public init?(letters: String) {
        var flags: RegexFlags = []
        for c in letters {
            guard let flag = Self.letters.first(where: { $0.0 == c })?.1 else { return nil }
            flags.insert(flag)
        }
        self = flags
    }

    /// The flag letters in canonical order (`"imsx"` subset).
    public var letters: String {
        String(Self.letters.filter { contains($0.1) }.map(\.0))
    }

    /// The equivalent `NSRegularExpression` options.
    public var regularExpressionOptions: NSRegularExpression.Options {
        var options: NSRegularExpression.Options = []
        if contains(.caseInsensitive) { options.insert(.caseInsensitive) }
        if contains(.multiline) { options.insert(.anchorsMatchLines) }
        if contains(.dotMatchesLineSeparators) { options.insert(.dotMatchesLineSeparators) }
        if contains(.extended) { options.insert(.allowCommentsAndWhitespace) }
        return options
    }
}

extension RegexFlags: Codable {
    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let flags = RegexFlags(letters: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "unknown regex flags '\(text)'"))
        }
        self = flags
    }
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(letters)
    }
}

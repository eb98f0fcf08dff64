/// Color literals: `#RGB`, `#RRGGBB`, `#RRGGBBAA` (names: `RuleRuntime.SystemColor`).
enum Colors {
    /// `RRGGBBAA` upper-case for a hex literal body (without `#`), `nil` if malformed.
    static func normalizeHex(_ hex: String) -> String? {
        guard hex.allSatisfy(\.isHexDigit) else { return nil }
        let upper = hex.uppercased()
        switch upper.count {
        case 3: return upper.map { "\($0)\($0)" }.joined() + "FF"
        case 6: return upper + "FF"
        case 8: return upper
        default: return nil
        }
    }
}

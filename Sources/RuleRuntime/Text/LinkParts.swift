import Foundation

/// A matched link split into scheme, user, host, port and the rest. The split reads code
/// points, not characters: a mark after `/` or `@` does not hide it.
struct LinkParts {
    var scheme: String
    var writtenScheme: Bool
    var user: Substring
    /// The host as written, without its ignorable code points (`HostMapping`).
    var host: String
    var port: Substring
    var rest: Substring

    /// Splits `text` at its ASCII delimiters, read on its UTF-8 (linear, without grapheme
    /// breaking: a host may be 40,000 letters long).
    init(_ text: String) {
        let bytes = text.utf8
        var remainder = Substring(text)
        if let separator = bytes.firstRange(of: "://".utf8), Self.isScheme(text[..<separator.lowerBound]) {
            scheme = text[..<separator.lowerBound].lowercased()
            writtenScheme = true
            remainder = text[separator.upperBound...]
        } else {
            scheme = "https"
            writtenScheme = false
        }
        let rest = remainder.utf8
        let authorityEnd =
            rest.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? rest.endIndex
        var authority = remainder[..<authorityEnd]
        self.rest = remainder[authorityEnd...]
        user = ""
        if let at = authority.utf8.lastIndex(of: UInt8(ascii: "@")) {
            user = authority[...at]
            authority = authority[authority.utf8.index(after: at)...]
        }
        port = ""
        let bracket = authority.utf8.first == UInt8(ascii: "[") ? authority.utf8.firstIndex(of: UInt8(ascii: "]")) : nil
        if let colon = authority.utf8.lastIndex(of: UInt8(ascii: ":")), bracket.map({ colon > $0 }) ?? true {
            port = authority[colon...]
            authority = authority[..<colon]
        }
        host = HostMapping.removingIgnorables(authority)
        if !writtenScheme, host.utf8.allSatisfy({ ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: ".") }) {
            scheme = "http"
        }
    }

    /// `http`, `git+ssh`: a letter, then letters, digits, `+ . -`.
    static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+.-".unicodeScalars.contains($0))
        }
    }

    /// The URL to open: the scheme, the host in punycode, the rest percent-encoded.
    var url: String {
        scheme + "://" + Self.encoded(user) + DetectorFields.asciiHost(host) + port + Self.encoded(rest)
    }

    /// Percent-encodes (as UTF-8) non-ASCII characters, the ASCII characters URLs may not hold
    /// (`" < > \ ^ ` { | } [ ]`) and a `%` that does not start an escape.
    static func encoded(_ text: Substring) -> String {
        let unsafe: Set<UInt8> = Set("\"<>\\^`{|}[]".utf8)
        let bytes = Array(text.utf8)
        var out = ""
        for (i, byte) in bytes.enumerated() {
            let isEscape =
                byte == UInt8(ascii: "%") && i + 2 < bytes.count && bytes[i + 1].isHexDigit && bytes[i + 2].isHexDigit
            if byte >= 0x80 || unsafe.contains(byte) || (byte == UInt8(ascii: "%") && !isEscape) {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            } else {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return out
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

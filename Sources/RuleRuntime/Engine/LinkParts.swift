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

    init(_ text: String) {
        var scalars = text.unicodeScalars[...]
        if let colon = scalars.firstIndex(of: ":"), scalars[colon...].starts(with: "://".unicodeScalars),
            Self.isScheme(Substring(scalars[..<colon]))
        {
            scheme = String(scalars[..<colon]).lowercased()
            writtenScheme = true
            scalars = scalars[scalars.index(colon, offsetBy: 3)...]
        } else {
            scheme = "https"
            writtenScheme = false
        }
        let authorityEnd = scalars.firstIndex { "/?#".unicodeScalars.contains($0) } ?? scalars.endIndex
        var authority = scalars[..<authorityEnd]
        rest = Substring(scalars[authorityEnd...])
        user = ""
        if let at = authority.lastIndex(of: "@") {
            user = Substring(authority[...at])
            authority = authority[authority.index(after: at)...]
        }
        port = ""
        let bracket = authority.first == "[" ? authority.firstIndex(of: "]") : nil
        if let colon = authority.lastIndex(of: ":"), bracket.map({ colon > $0 }) ?? true {
            port = Substring(authority[colon...])
            authority = authority[..<colon]
        }
        host = HostMapping.removingIgnorables(Substring(authority))
        if !writtenScheme, host.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || $0 == "." }) { scheme = "http" }
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

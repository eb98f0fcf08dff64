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
        var remainder = Substring(text)
        if let separator = Self.schemeSeparator(text.utf8) {
            scheme = text[..<separator].lowercased()
            writtenScheme = true
            remainder = text[text.utf8.index(separator, offsetBy: 3)...]
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

    /// Where `://` ends a scheme at the start of `bytes` (`http`, `git+ssh`: an ASCII letter,
    /// then letters, digits, `+ . -`); `nil` without one.
    static func schemeSeparator(_ bytes: String.UTF8View) -> String.Index? {
        var index = bytes.startIndex
        guard index < bytes.endIndex, Self.isLetter(bytes[index]) else { return nil }
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: ":") {
                let next = bytes.index(after: index)
                let third = next < bytes.endIndex ? bytes.index(after: next) : next
                guard third < bytes.endIndex, bytes[next] == UInt8(ascii: "/"), bytes[third] == UInt8(ascii: "/") else { return nil }
                return index
            }
            let digit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            guard Self.isLetter(byte) || digit || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
            else { return nil }
            bytes.formIndex(after: &index)
        }
        return nil
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }

    /// The URL to open: the scheme, the host in punycode, the rest percent-encoded.
    var url: String {
        let host = DetectorFields.asciiHost(host)
        var url = ""
        url.reserveCapacity(scheme.utf8.count + 3 + user.utf8.count + host.utf8.count + port.utf8.count + rest.utf8.count)
        url += scheme
        url += "://"
        url += Self.encoded(user)
        url += host
        url += port
        url += Self.encoded(rest)
        return url
    }

    /// Percent-encodes (as UTF-8) non-ASCII characters, the ASCII characters URLs may not hold
    /// (`" < > \ ^ ` { | } [ ]`) and a `%` that does not start an escape.
    static func encoded(_ text: Substring) -> String {
        var text = text
        return text.withUTF8 { bytes in
            /// Whether the byte at `index` is written as `%XX`.
            func escapes(at index: Int) -> Bool {
                let byte = bytes[index]
                if byte >= 0x80 { return true }
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"), UInt8(ascii: "^"), UInt8(ascii: "`"),
                    UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"):
                    return true
                case UInt8(ascii: "%"):
                    // A `%` that starts an escape (two hex digits follow) stays.
                    return !(index + 2 < bytes.count && bytes[index + 1].isHexDigit && bytes[index + 2].isHexDigit)
                default:
                    return false
                }
            }
            // Most links need no escape: the text as it is.
            guard let first = bytes.indices.first(where: escapes) else { return String(decoding: bytes, as: UTF8.self) }
            let hex = Array("0123456789ABCDEF".utf8)
            var out: [UInt8] = Array(bytes[..<first])
            out.reserveCapacity(bytes.count + 16)
            for index in first..<bytes.count {
                let byte = bytes[index]
                if escapes(at: index) {
                    out.append(contentsOf: [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]])
                } else {
                    out.append(byte)
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}

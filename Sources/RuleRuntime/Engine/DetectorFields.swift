import Foundation

/// The fields a curated detector (`match detector(link)` …) adds to its rule's templates,
/// computed from the matched text: the style table records which detector a rule uses, so
/// `${url}`, `${number}` … are the same on every engine (`$0` stays the matched text).
///
/// | detector | fields |
/// | --- | --- |
/// | `link` | `url`: the URL to open (a scheme added to `www.`/bare hosts, IDN labels as punycode, non-ASCII and unsafe characters percent-encoded), `host` (as written, without user or port), `scheme` (lower-case; `https` for a URL written without one, `http` for a bare IPv4 host) |
/// | `email` | `address` (without `mailto:`), `url` (`mailto:` and the address, the domain as punycode) |
/// | `phone` | `number`: the digits, with a leading `+` if written |
/// | `mention` | `user`: the name without `@` |
/// | `hashtag` | `tag`: the tag without `#` |
/// | `cashtag` | `symbol`: the ticker without `$`, upper-case |
public enum DetectorFields {
    /// The fields of each detector, for the compiler's checks.
    public static let names: [String: [String]] = [
        "link": ["url", "host", "scheme"],
        "email": ["address", "url"],
        "phone": ["number"],
        "mention": ["user"],
        "hashtag": ["tag"],
        "cashtag": ["symbol"],
    ]

    /// The value of `field` for a match of `detector` whose text is `text`; `nil` when the
    /// detector has no such field.
    public static func value(_ field: String, detector: String, text: String) -> String? {
        switch (detector, field) {
        case ("link", "url"): return LinkParts(text).url
        case ("link", "host"): return LinkParts(text).host
        case ("link", "scheme"): return LinkParts(text).scheme
        case ("email", "address"): return address(text)
        case ("email", "url"):
            let address = address(text)
            guard let at = address.lastIndex(of: "@") else { return "mailto:" + address }
            return "mailto:" + address[..<at] + "@" + asciiHost(String(address[address.index(after: at)...]))
        case ("phone", "number"):
            return String(text.unicodeScalars.filter { $0 == "+" || ("0"..."9").contains($0) }.map(Character.init))
        case ("mention", "user"), ("hashtag", "tag"): return String(text.dropFirst())
        case ("cashtag", "symbol"): return text.dropFirst().uppercased()
        default: return nil
        }
    }

    private static func address(_ text: String) -> String {
        text.lowercased().hasPrefix("mailto:") ? String(text.dropFirst(7)) : text
    }

    /// A host with its non-ASCII labels in punycode (`例え.jp` → `xn--r8jz45g.jp`), after
    /// NFKC and lower-casing (close to IDNA's mapping).
    static func asciiHost(_ host: String) -> String {
        guard !host.unicodeScalars.allSatisfy(\.isASCII) else { return host }
        return host.split(separator: ".", omittingEmptySubsequences: false).map { label -> String in
            let mapped = String(label).precomposedStringWithCompatibilityMapping.lowercased()
            if mapped.unicodeScalars.allSatisfy(\.isASCII) { return mapped }
            return Punycode.encode(mapped).map { "xn--" + $0 } ?? mapped
        }.joined(separator: ".")
    }
}

/// A matched link split into scheme, user, host, port and the rest.
struct LinkParts {
    var scheme: String
    var writtenScheme: Bool
    var user: Substring
    var host: String
    var port: Substring
    var rest: Substring

    init(_ text: String) {
        var remainder = Substring(text)
        if let range = text.range(of: "://"), Self.isScheme(text[..<range.lowerBound]) {
            scheme = text[..<range.lowerBound].lowercased()
            writtenScheme = true
            remainder = text[range.upperBound...]
        } else {
            scheme = "https"
            writtenScheme = false
        }
        let authorityEnd = remainder.firstIndex { "/?#".contains($0) } ?? remainder.endIndex
        var authority = remainder[..<authorityEnd]
        rest = remainder[authorityEnd...]
        user = ""
        if let at = authority.lastIndex(of: "@") {
            user = authority[...at]
            authority = authority[authority.index(after: at)...]
        }
        port = ""
        let bracket = authority.hasPrefix("[") ? authority.firstIndex(of: "]") : nil
        if let colon = authority.lastIndex(of: ":"), bracket.map({ colon > $0 }) ?? true {
            port = authority[colon...]
            authority = authority[..<colon]
        }
        host = String(authority)
        if !writtenScheme, host.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }) { scheme = "http" }
    }

    /// `http`, `git+ssh`: a letter, then letters, digits, `+ . -`.
    static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+.-".unicodeScalars.contains($0)) }
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

/// RFC 3492 Punycode, the encoding of IDN labels (`bücher` → `bcher-kva`).
enum Punycode {
    static func encode(_ label: String) -> String? {
        let input = label.unicodeScalars.map { Int($0.value) }
        let base = 36, tMin = 1, tMax = 26
        var n = 128, delta = 0, bias = 72
        var output = String(label.unicodeScalars.filter(\.isASCII).map(Character.init))
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output += "-" }
        func digit(_ d: Int) -> Character { Character(Unicode.Scalar(UInt8(d < 26 ? 97 + d : 22 + d))) }
        while handled < input.count {
            guard let m = input.filter({ $0 >= n }).min() else { return nil }
            let (step, overflow) = (m - n).multipliedReportingOverflow(by: handled + 1)
            guard !overflow, delta < Int.max / 2 - step else { return nil }
            delta += step
            n = m
            for c in input {
                if c < n { delta += 1 }
                guard c == n else { continue }
                var q = delta
                var k = base
                while true {
                    let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                    if q < t { break }
                    output.append(digit(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.append(digit(q))
                bias = adapt(delta, handled + 1, first: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return output
    }

    private static func adapt(_ delta: Int, _ count: Int, first: Bool) -> Int {
        var delta = first ? delta / 700 : delta / 2
        delta += delta / count
        var k = 0
        while delta > ((36 - 1) * 26) / 2 {
            delta /= 36 - 1
            k += 36
        }
        return k + (36 - 1 + 1) * delta / (delta + 38)
    }
}

import Foundation

/// The fields a curated detector (`match detector(link)` …) adds to its rule's templates,
/// computed from the matched text: the style table records which detector a rule uses, so
/// `${url}`, `${number}` … are the same on every engine (`$0` stays the matched text).
///
/// | detector | fields |
/// | --- | --- |
/// | `link` | `url`: the URL to open (a scheme added to `www.`/bare hosts, the host mapped as UTS 46 maps it and its IDN labels as punycode, non-ASCII and unsafe characters percent-encoded), `host` (as written without its ignorable characters, user or port), `scheme` (lower-case; `https` for a URL written without one, `http` for a bare IPv4 host) |
/// | `email` | `address` (without `mailto:`, the domain without ignorable characters), `url` (`mailto:` and the address, the domain mapped and in punycode) |
/// | `phone` | `number`: the digits, with a leading `+` if written |
/// | `mention` | `user`: the name without `@` |
/// | `hashtag` | `tag`: the tag without `#` |
/// | `cashtag` | `symbol`: the ticker without `$`, upper-case |
package enum DetectorFields {
    /// The fields of each detector, for the compiler's checks.
    package static let names: [String: [String]] = [
        "link": ["url", "host", "scheme"],
        "email": ["address", "url"],
        "phone": ["number"],
        "mention": ["user"],
        "hashtag": ["tag"],
        "cashtag": ["symbol"],
    ]

    /// The value of `field` for a match of `detector` whose text is `text`; `nil` when the
    /// detector has no such field.
    package static func value(_ field: String, detector: String, text: String) -> String? {
        values(detector: detector, text: text)[field]
    }

    /// Every field of `detector` for a match whose text is `text` (empty for an unknown
    /// detector). Linear in the text (a host's punycode: n log n).
    package static func values(detector: String, text: String) -> [String: String] {
        switch detector {
        case "link":
            let parts = LinkParts(text)
            return ["url": parts.url, "host": parts.host, "scheme": parts.scheme]
        case "email":
            let address = address(text)
            guard let at = address.utf8.lastIndex(of: UInt8(ascii: "@")) else { return ["address": address, "url": "mailto:" + address] }
            let domain = asciiHost(String(address[address.utf8.index(after: at)...]))
            return ["address": address, "url": "mailto:" + address[..<at] + "@" + domain]
        case "phone":
            return ["number": String(text.unicodeScalars.filter { $0 == "+" || ("0"..."9").contains($0) }.map(Character.init))]
        case "mention": return ["user": String(text.dropFirst())]
        case "hashtag": return ["tag": String(text.dropFirst())]
        case "cashtag": return ["symbol": text.dropFirst().uppercased()]
        default: return [:]
        }
    }

    /// The address without `mailto:`, its domain without ignorables (as the domain reads).
    private static func address(_ text: String) -> String {
        let lowercased = { (byte: UInt8) in byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte }
        let prefixed = text.utf8.prefix(7).elementsEqual("mailto:".utf8, by: { lowercased($0) == $1 })
        let address = prefixed ? text[text.utf8.index(text.startIndex, offsetBy: 7)...] : text[...]
        guard let at = address.utf8.lastIndex(of: UInt8(ascii: "@")) else { return String(address) }
        return String(address[..<at]) + HostMapping.removingIgnorables(address[at...])
    }

    /// A host with its non-ASCII labels in punycode (`例え.jp` → `xn--r8jz45g.jp`), after
    /// UTS 46's mapping (`HostMapping.map`: ignorables removed, NFKC, lower case).
    static func asciiHost(_ host: String) -> String {
        let mapped = HostMapping.map(host)
        guard !mapped.utf8.allSatisfy({ $0 < 0x80 }) else { return mapped }
        return mapped.unicodeScalars.split(separator: ".", omittingEmptySubsequences: false).map { scalars -> String in
            let label = String(Substring(scalars))
            if label.unicodeScalars.allSatisfy(\.isASCII) { return label }
            return Punycode.encode(label).map { "xn--" + $0 } ?? label
        }.joined(separator: ".")
    }
}

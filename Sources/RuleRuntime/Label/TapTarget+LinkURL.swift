import Foundation

extension TapTarget {
    /// The first argument that is a link: an `http`, `https`, `mailto` or `tel` URL, or a
    /// bare web address (`www.example.org`, `example.org/a?b=1`: a dotted host of letters,
    /// digits and `-` whose last label is two letters or more, then an optional path),
    /// taken as `https`. Phone numbers, e-mail addresses and user names are not links.
    public var linkURL: URL? {
        for argument in arguments {
            if let url = Self.link(argument.value) { return url }
        }
        return nil
    }

    static func link(_ value: String) -> URL? {
        let isSpace = { (scalar: Unicode.Scalar) in scalar.properties.isWhitespace }
        let text =
            value.unicodeScalars.first.map(isSpace) == true || value.unicodeScalars.last.map(isSpace) == true
            ? value.trimmingCharacters(in: .whitespacesAndNewlines) : value
        guard !text.isEmpty, !text.unicodeScalars.contains(where: isSpace) else { return nil }
        if let scheme = AttachmentImageStore.scheme(of: text)?.lowercased() {
            switch scheme {
            case "http", "https":
                guard let url = URL(string: text), url.host?.isEmpty == false else { return nil }
                return url
            case "mailto", "tel":
                return URL(string: text)
            default:
                return nil
            }
        }
        let host = text.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty }),
            host.unicodeScalars.allSatisfy({
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == ".")
            }),
            let last = labels.last, last.count >= 2, last.allSatisfy({ $0.isLetter })
        else { return nil }
        return URL(string: "https://" + text)
    }
}

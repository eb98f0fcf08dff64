/// The benchmark's texts: a ~1 MB mixed corpus and 10,000 short labels, generated from a
/// seed. Every token kind a RichRules spec is written for appears: ASCII words, CJK,
/// Arabic (with harakat), emoji (modifiers, ZWJ sequences, flags: surrogate pairs),
/// `<h1>…</h1>` tags, `<a href>` markup, @mentions, #topic#, #hashtags, URLs,
/// [smile]/[heart]/[vip], numbers with units and dates.
///
/// The generated rule sets (`RuleSets.swift`) draw their literals from the same
/// vocabulary, units and years, so their rules find matches in this corpus.
struct Vocabulary {
    /// Distinct pseudo-words (lower-case ASCII, 4–9 letters), in generation order.
    let words: [String]

    static let units = [
        "kg", "km", "ms", "px", "mb", "gb", "kb", "mm", "cm", "hz", "kw", "mph", "rpm", "usd", "eur", "yen", "pts",
        "lbs", "oz", "ml",
    ]
    static let tlds = ["com", "org", "net", "io"]

    init(rng: inout SplitMix64, count: Int = 400) {
        let onsets = ["b", "c", "d", "f", "g", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z", "br", "st", "tr", "pl", "gr"]
        let vowels = ["a", "e", "i", "o", "u", "ai", "ou", "ea"]
        let codas = ["", "", "n", "r", "s", "l", "x", "m"]
        var seen: Set<String> = []
        var words: [String] = []
        while words.count < count {
            var word = ""
            for _ in 0..<rng.within(2...3) { word += rng.pick(onsets) + rng.pick(vowels) + rng.pick(codas) }
            guard (4...9).contains(word.count), seen.insert(word).inserted else { continue }
            words.append(word)
        }
        self.words = words
    }
}

struct TextGenerator {
    var rng: SplitMix64
    let vocabulary: Vocabulary

    private static let emoji = [
        "😀", "😂", "🎉", "👍", "👍🏽", "❤️", "🔥", "🙏🏻", "👨‍👩‍👧‍👦", "👩🏽‍💻", "🏳️‍🌈", "🧑‍🚀", "🇯🇵", "🇫🇷", "✌️",
    ]
    private static let stickers = ["[smile]", "[heart]", "[vip]"]

    /// Token kinds and their weights.
    private enum Kind: Int, CaseIterable {
        case word, cjk, arabic, emoji, heading, anchor, mention, topic, hashtag, url, sticker, quantity, date
    }
    private static let weights = [50, 8, 5, 6, 2, 2, 4, 2, 2, 3, 2, 3, 2]

    init(seed: UInt64, vocabulary: Vocabulary) {
        rng = SplitMix64(seed: seed)
        self.vocabulary = vocabulary
    }

    /// Tokens separated by spaces (and now and then a sentence end or a line break) until
    /// the text holds at least `utf8Bytes` bytes of UTF-8.
    mutating func corpus(utf8Bytes: Int) -> String {
        var text = ""
        text.reserveCapacity(utf8Bytes + 256)
        var bytes = 0
        while bytes < utf8Bytes {
            let piece = sentencePiece()
            bytes += piece.utf8.count
            text += piece
        }
        return text
    }

    /// `count` labels of about `length` (±15%) UTF-16 code units each.
    mutating func labels(count: Int, length: Int) -> [String] {
        (0..<count).map { _ in
            // Tokens are added until the target is reached, overshooting by half a token
            // (about 8 units) on average: aim that much lower.
            let target = length - 8 + rng.within(-length * 15 / 100...length * 15 / 100)
            var label = ""
            while label.utf16.count < target { label += (label.isEmpty ? "" : " ") + token() }
            return label
        }
    }

    private mutating func sentencePiece() -> String {
        var piece = token()
        switch rng.below(40) {
        case 0: piece += ".\n"
        case 1, 2: piece += ". "
        case 3, 4: piece += ", "
        case 5: piece += "!\n\n"
        default: piece += " "
        }
        return piece
    }

    private mutating func word() -> String { rng.pick(vocabulary.words) }

    private mutating func words(_ range: ClosedRange<Int>) -> String {
        (0..<rng.within(range)).map { _ in word() }.joined(separator: " ")
    }

    mutating func token() -> String {
        switch Kind(rawValue: rng.weighted(Self.weights))! {
        case .word:
            let w = word()
            return rng.chance(10) ? w.prefix(1).uppercased() + w.dropFirst() : w
        case .cjk: return cjk()
        case .arabic: return arabic()
        case .emoji: return (0..<rng.within(1...3)).map { _ in rng.pick(Self.emoji) }.joined()
        case .heading:
            let level = rng.within(1...3)
            return "<h\(level)>\(words(1...4))</h\(level)>"
        case .anchor: return "<a href=\"\(url())\">\(words(1...3))</a>"
        case .mention: return "@" + word() + (rng.chance(30) ? "_\(rng.below(100))" : "")
        case .topic: return "#" + word() + (rng.chance(30) ? cjk() : "") + "#"
        case .hashtag: return "#" + word()
        case .url: return url()
        case .sticker: return rng.pick(Self.stickers)
        case .quantity:
            let number = rng.chance(30) ? "\(rng.below(1000)).\(rng.below(100))" : "\(rng.below(100_000))"
            return number + (rng.chance(50) ? " " : "") + rng.pick(Vocabulary.units)
        case .date:
            let d = String(format2: rng.within(1...28))
            return "20\(String(format2: rng.below(30)))-\(String(format2: rng.within(1...12)))-\(d)"
        }
    }

    private mutating func url() -> String {
        let scheme = ["https://", "http://", "https://www.", "www."][rng.below(4)]
        var url = scheme + word() + "." + rng.pick(Vocabulary.tlds)
        if rng.chance(70) { url += "/" + word() + (rng.chance(40) ? "/\(rng.below(10_000))" : "") }
        if rng.chance(25) { url += "?id=\(rng.below(1000))&ref=" + word() }
        return url
    }

    private mutating func cjk() -> String {
        var s = String.UnicodeScalarView()
        for _ in 0..<rng.within(2...8) {
            let value: UInt32 = rng.chance(80) ? 0x4E00 + UInt32(rng.below(0x51A6)) : 0x3041 + UInt32(rng.below(0x56))
            s.append(Unicode.Scalar(value)!)
        }
        if rng.chance(20) { s.append(rng.chance(50) ? "，" : "。") }
        return String(s)
    }

    private mutating func arabic() -> String {
        var s = String.UnicodeScalarView()
        for _ in 0..<rng.within(3...7) {
            s.append(Unicode.Scalar(0x0627 + UInt32(rng.below(0x24)))!)
            if rng.chance(15) { s.append(Unicode.Scalar(0x064B + UInt32(rng.below(8)))!) }  // harakat (Mn)
        }
        return String(s)
    }
}

extension String {
    /// Two digits, zero-padded: `7` → `"07"`.
    init(format2 value: Int) { self = value < 10 ? "0\(value)" : "\(value)" }
}

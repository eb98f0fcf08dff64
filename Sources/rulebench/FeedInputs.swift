/// Posts for `Specs/feed.richrules` (twitter-text-level extraction): as people write them
/// in a feed, in several scripts — English, Spanish (accents), Russian, Japanese, Chinese,
/// Korean, Arabic, Thai — with links with and without a scheme (`t.co` slugs, bare
/// domains with paths, `www.`), @mentions (also full-width `＠`), hashtags in every script,
/// cashtags, emails, phone numbers, and the look-alikes the spec must leave alone: prices,
/// versions, dates, scores, `a.b` abbreviations and sentence ends.
struct FeedGenerator {
    var rng: SplitMix64
    let vocabulary: Vocabulary

    init(seed: UInt64, vocabulary: Vocabulary) {
        rng = SplitMix64(seed: seed)
        self.vocabulary = vocabulary
    }

    private enum Script: Int, CaseIterable { case english, spanish, russian, japanese, chinese, korean, arabic, thai }
    private static let scriptWeights = [40, 8, 8, 12, 12, 8, 6, 6]

    private enum Entity: Int, CaseIterable {
        case url, bareDomain, shortLink, mention, hashtag, cashtag, email, phone, price, version, date, score, emoji
    }
    private static let entityWeights = [6, 4, 3, 8, 8, 2, 2, 2, 3, 2, 2, 1, 6]

    private static let spanish = [
        "mañana", "canción", "está", "también", "aquí", "niño", "corazón", "después", "información", "ciudad", "gracias",
        "película", "rápido", "según", "año",
    ]
    private static let russian = [
        "привет", "сегодня", "новости", "москва", "погода", "спасибо", "друзья", "работа", "музыка", "город", "время", "люди",
    ]
    private static let emoji = ["😀", "🎉", "👍🏽", "❤️", "🔥", "🙏🏻", "👩🏽‍💻", "🇯🇵", "✨", "😂"]
    private static let tlds = ["com", "org", "net", "io", "co", "tv", "jp", "de", "fr", "app", "dev", "news", "blog", "shop"]
    private static let shortHosts = ["t.co", "bit.ly", "goo.gl", "youtu.be", "amzn.to"]

    /// Posts of about `length` (±30%) UTF-16 units each.
    mutating func labels(count: Int, length: Int) -> [String] {
        (0..<count).map { _ in post(units: length - 6 + rng.within(-length * 3 / 10...length * 3 / 10)) }
    }

    /// Posts separated by line breaks until the text holds at least `utf8Bytes` bytes.
    mutating func corpus(utf8Bytes: Int) -> String {
        var text = ""
        text.reserveCapacity(utf8Bytes + 512)
        var bytes = 0
        while bytes < utf8Bytes {
            let piece = post(units: rng.within(40...280)) + (rng.chance(30) ? "\n\n" : "\n")
            bytes += piece.utf8.count
            text += piece
        }
        return text
    }

    /// Prose in every script with sentence punctuation and nothing the spec matches: no
    /// digits, `@ ＠ # ＃ $ + (`, and no dot between two letters (`feed_scan_gbps`).
    mutating func noMatchText(utf8Bytes: Int) -> String {
        var line = ""
        while line.utf8.count < 8_192 {
            let script = Script(rawValue: rng.weighted(Self.scriptWeights))!
            line += sentence(script, words: rng.within(4...14), entities: false)
            line += " "
        }
        line += "\n"
        return String(repeating: line, count: max(1, utf8Bytes / line.utf8.count))
    }

    private mutating func post(units: Int) -> String {
        let script = Script(rawValue: rng.weighted(Self.scriptWeights))!
        var text = ""
        while text.utf16.count < units {
            text += (text.isEmpty ? "" : " ") + sentence(script, words: rng.within(3...10), entities: true)
        }
        return text
    }

    private mutating func sentence(_ script: Script, words count: Int, entities: Bool) -> String {
        var pieces: [String] = []
        for _ in 0..<count {
            if entities, rng.chance(14) {
                pieces.append(entity(script))
            } else {
                pieces.append(word(script))
            }
        }
        let cjk = script == .japanese || script == .chinese
        let joined = pieces.joined(separator: cjk && rng.chance(60) ? "" : " ")
        switch script {
        case .japanese, .chinese: return joined + ["。", "！", "？", "、", "…"][rng.below(5)]
        case .arabic: return joined + [".", "؟", "،", "!"][rng.below(4)]
        case .thai: return joined + (rng.chance(50) ? "" : " ")
        default: return joined + [".", "!", "?", ",", "…", ":"][rng.below(6)]
        }
    }

    private mutating func word(_ script: Script) -> String {
        switch script {
        case .english:
            let w = rng.pick(vocabulary.words)
            return rng.chance(12) ? w.prefix(1).uppercased() + w.dropFirst() : w
        case .spanish: return rng.chance(50) ? rng.pick(Self.spanish) : rng.pick(vocabulary.words)
        case .russian: return rng.pick(Self.russian)
        case .japanese: return scalars(2...6) { rng in rng.chance(50) ? 0x3041 + rng.below(0x56) : 0x4E00 + rng.below(0x51A6) }
        case .chinese: return scalars(2...6) { rng in 0x4E00 + rng.below(0x51A6) }
        case .korean: return scalars(1...4) { rng in 0xAC00 + rng.below(0x2BA4) }
        case .arabic: return scalars(3...7) { rng in 0x0627 + rng.below(0x24) }
        case .thai: return scalars(3...9) { rng in 0x0E01 + rng.below(0x2E) }
        }
    }

    private mutating func scalars(_ range: ClosedRange<Int>, _ value: (inout SplitMix64) -> Int) -> String {
        var s = String.UnicodeScalarView()
        for _ in 0..<rng.within(range) { s.append(Unicode.Scalar(UInt32(value(&rng)))!) }
        return String(s)
    }

    private mutating func entity(_ script: Script) -> String {
        switch Entity(rawValue: rng.weighted(Self.entityWeights))! {
        case .url:
            var url =
                ["https://", "http://", "https://www.", "www."][rng.below(4)] + rng.pick(vocabulary.words) + "."
                + rng.pick(Self.tlds)
            if rng.chance(70) { url += "/" + rng.pick(vocabulary.words) + (rng.chance(40) ? "/\(rng.below(10_000))" : "") }
            if rng.chance(20) { url += "?id=\(rng.below(1000))&utm_source=" + rng.pick(vocabulary.words) }
            if rng.chance(10) { url = "(" + url + ")" }
            return url
        case .bareDomain:
            return rng.pick(vocabulary.words) + "." + rng.pick(Self.tlds) + (rng.chance(50) ? "/" + rng.pick(vocabulary.words) : "")
        case .shortLink:
            let slug = String(
                (0..<rng.within(5...10)).map { _ in "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789".randomElement(&rng) })
            return (rng.chance(50) ? "https://" : "") + rng.pick(Self.shortHosts) + "/" + slug
        case .mention:
            return (rng.chance(10) ? "＠" : "@") + rng.pick(vocabulary.words) + (rng.chance(30) ? "_\(rng.below(100))" : "")
        case .hashtag:
            let tag = rng.chance(50) ? rng.pick(vocabulary.words) : word(script)
            return (rng.chance(5) ? "＃" : "#") + tag
        case .cashtag: return "$" + ["AAPL", "TSLA", "GOOGL", "BTC", "NVDA", "MSFT", "AMZN"][rng.below(7)]
        case .email: return rng.pick(vocabulary.words) + "." + rng.pick(vocabulary.words) + "@" + rng.pick(vocabulary.words) + ".com"
        case .phone:
            switch rng.below(4) {
            case 0: return "+1 (\(rng.within(200...999))) \(rng.within(200...999))-\(rng.within(1000...9999))"
            case 1: return "+44 20 \(rng.within(1000...9999)) \(rng.within(1000...9999))"
            case 2: return "010-\(rng.within(1000...9999))-\(rng.within(1000...9999))"
            default: return "1\(rng.within(30...99))\(rng.within(1000...9999))\(rng.within(1000...9999))"
            }
        case .price:
            return ["$\(rng.below(500)).\(rng.within(10...99))", "€\(rng.below(200))", "1.000.000 VND", "\(rng.below(900)) ₽"][rng.below(4)]
        case .version: return "v\(rng.below(20)).\(rng.below(10)).\(rng.below(10))"
        case .date:
            return "20\(String(format2: rng.below(30)))-\(String(format2: rng.within(1...12)))-\(String(format2: rng.within(1...28)))"
        case .score: return "\(rng.below(200)) \(rng.below(200))"
        case .emoji: return (0..<rng.within(1...3)).map { _ in rng.pick(Self.emoji) }.joined()
        }
    }
}

extension String {
    fileprivate func randomElement(_ rng: inout SplitMix64) -> Character {
        let characters = Array(self)
        return characters[rng.below(characters.count)]
    }
}

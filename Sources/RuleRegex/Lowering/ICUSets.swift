// Set membership, asked of ICU itself.
//
// Note: which code points a class, property or case-insensitive literal matches is decided
// by ICU's data (properties of every version of Unicode, case closure, full case folding).
// Rather than copy those tables, the lowering asks NSRegularExpression: it compiles the
// set alone as `SET+` and enumerates its matches over one string that holds every code
// point in order (surrogates excluded). `[set]+` runs ICU's single-set loop (LOOP_SR_I,
// no backtracking state per character), and each match is a run of consecutive code
// points, i.e. a range of the set. One probe over the 2.1 M code units takes ~30 ms;
// results are cached per probe text for the process.
//
// Case-insensitive sets only differ from their case-sensitive evaluation on code points
// that take part in case mapping at all; those ("case-relevant", a few thousand) are
// probed on a short string of their own.

import Foundation

/// Probes ICU for set membership; thread-safe, cached for the process.
package final class ICUSets: @unchecked Sendable {
    package static let shared = ICUSets()

    private let lock = NSLock()
    /// Keyed by code points: `String` equality is canonical equivalence, and `[ǰ]` is not
    /// the class `[j\x{30C}]`.
    private var universeCache: [[Unicode.Scalar]: ScalarSet?] = [:]
    private var caseCache: [[Unicode.Scalar]: ScalarSet?] = [:]
    private var universeText: String?
    private var caseProbe: CaseProbeText?

    /// The surrogate code points, which never match: text is decoded to code points first.
    package static let surrogates = ScalarSet(0xD800...0xDFFF)

    /// Members of `fragment` (one single-code-point set such as `[\p{L}]`, optionally with
    /// a leading `(?i)`/`(?x)`), over every code point; `nil` if ICU rejects the probe.
    package func members(of fragment: String) -> ScalarSet? {
        let key = Array(fragment.unicodeScalars)
        if let cached = locked({ universeCache[key] }) { return cached }
        let text = locked { () -> String in
            if let universeText { return universeText }
            let text = Self.makeUniverseText()
            universeText = text
            return text
        }
        let result = Self.probe(fragment, in: text).map { runs in
            ScalarSet(ranges: runs.map { Self.universeScalar(at: $0.lowerBound)...Self.universeScalar(at: $0.upperBound - 1) })
                .subtracting(Self.surrogates)
        }
        locked { universeCache[key] = result }
        return result
    }

    /// Members of `fragment` among the case-relevant code points only.
    package func caseRelevantMembers(of fragment: String) -> ScalarSet? {
        let key = Array(fragment.unicodeScalars)
        if let cached = locked({ caseCache[key] }) { return cached }
        guard let probe = caseProbeText() else { return nil }
        let result = Self.probe(fragment, in: probe.text).map { runs in
            var ranges: [ClosedRange<UInt32>] = []
            for run in runs {
                var index = probe.index(atOffset: run.lowerBound)
                while index < probe.scalars.count, probe.offsets[index] < run.upperBound {
                    ranges.append(probe.scalars[index]...probe.scalars[index])
                    index += 1
                }
            }
            return ScalarSet(ranges: ranges)
        }
        locked { caseCache[key] = result }
        return result
    }

    /// Code points that take part in case mapping: every cased code point, every one that
    /// changes under a case mapping or folding, and their case closure. Outside this set,
    /// ICU's case closure leaves membership unchanged.
    package var caseRelevant: ScalarSet? { caseProbeText()?.set }

    private func caseProbeText() -> CaseProbeText? {
        if let caseProbe = locked({ caseProbe }) { return caseProbe }
        let seeds = "[\\p{Cased}\\p{Changes_When_Casemapped}\\p{Changes_When_Casefolded}]"
        guard let base = members(of: seeds), let closed = members(of: "(?i)" + seeds) else { return nil }
        let probe = CaseProbeText(base.union(closed))
        locked { caseProbe = probe }
        return probe
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    // MARK: - Probing

    /// The UTF-16 ranges of the matches of `fragment+` in `text`; `nil` if it does not
    /// compile.
    private static func probe(_ fragment: String, in text: String) -> [Range<Int>]? {
        guard let regex = try? NSRegularExpression(pattern: fragment + "+") else { return nil }
        var runs: [Range<Int>] = []
        regex.enumerateMatches(in: text, range: NSRange(location: 0, length: text.utf16.count)) { match, _, _ in
            if let range = match?.range, range.length > 0 { runs.append(range.location..<(range.location + range.length)) }
        }
        return runs
    }

    /// Every code point but the surrogates, in order.
    private static func makeUniverseText() -> String {
        var units = [UInt16](repeating: 0, count: 0xF800 + 2 * 0x10_0000)
        units.withUnsafeMutableBufferPointer { buffer in
            for unit in 0..<0xD800 { buffer[unit] = UInt16(unit) }
            for unit in 0xE000..<0x10000 { buffer[unit - 0x800] = UInt16(unit) }
            for offset in 0..<0x10_0000 {
                buffer[0xF800 + 2 * offset] = UInt16(0xD800 + (offset >> 10))
                buffer[0xF800 + 2 * offset + 1] = UInt16(0xDC00 + (offset & 0x3FF))
            }
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// The code point at UTF-16 offset `offset` of the universe text.
    private static func universeScalar(at offset: Int) -> UInt32 {
        if offset < 0xD800 { return UInt32(offset) }
        if offset < 0xF800 { return UInt32(offset + 0x800) }
        return UInt32(0x10000 + (offset - 0xF800) / 2)
    }
}

/// The case-relevant code points as a probe string, with the UTF-16 offset of each.
private struct CaseProbeText {
    package let set: ScalarSet
    package let scalars: [UInt32]
    package let offsets: [Int]
    package let text: String

    package init(_ set: ScalarSet) {
        self.set = set
        var scalars: [UInt32] = []
        var offsets: [Int] = []
        var view = String.UnicodeScalarView()
        var offset = 0
        for range in set.ranges {
            for value in range where !(0xD800...0xDFFF).contains(value) {
                guard let scalar = Unicode.Scalar(value) else { continue }
                scalars.append(value)
                offsets.append(offset)
                view.append(scalar)
                offset += value > 0xFFFF ? 2 : 1
            }
        }
        self.scalars = scalars
        self.offsets = offsets
        text = String(view)
    }

    /// The index of the code point that starts at UTF-16 offset `offset`.
    package func index(atOffset offset: Int) -> Int {
        var low = 0
        var high = offsets.count
        while low < high {
            let middle = (low + high) / 2
            if offsets[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

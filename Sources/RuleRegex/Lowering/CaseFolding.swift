// Full case folding as ICU's case-insensitive literals use it.
//
// Note: ICU compiles a run of literal characters under `i` by full-case-folding the run
// (UnicodeString::foldCase: `ß` → `ss`, `ﬁ` → `fi`, `İ` → `i̇`). A run that folds to one
// code point F is URX_ONECHAR_I: it matches one text code point whose *simple* folding is
// F. A longer run is URX_STRING_I: the text matches when the *full* foldings of its code
// points, concatenated, equal the folded run exactly (so `(?i)ss` matches `ß`, `(?i)ß`
// matches `SS`, but `(?i)s` does not match `ß` and `(?i)as` does not match `aß`).
//
// Two facts are needed, both from ICU:
// - the classes of simple case folding: `(?i)\x{p}` matches exactly the code points whose
//   simple folding equals p's (`equivalents(of:)`, probed on the case-relevant code points);
// - the code points whose full folding has several code points (about 100) and what they
//   fold to. The candidates come from the standard library's case mappings
//   (lower(upper(lower(c)))), and each is accepted only if ICU agrees both ways:
//   `(?i)<folding>` matches c and `(?i)\x{c}` matches the folding, each entirely.

import Foundation

/// Case-folding facts for case-insensitive literals, verified against ICU.
package final class CaseFolding: @unchecked Sendable {
    package static let shared = CaseFolding()

    private let lock = NSLock()
    private var equivalentsCache: [UInt32: ScalarSet] = [:]
    private var expansionData: Expansions?

    /// Code points whose full folding is several code points, with that folding.
    package struct Expansions {
        package var foldings: [UInt32: [UInt32]]
        /// The keys of `foldings`.
        package var scalars: ScalarSet
        /// Candidates ICU did not confirm; any multi-code-point case-insensitive literal
        /// falls back while this is not empty.
        package var unverified: [UInt32]
        /// `foldings` grouped by the first code point of the folding, each group in code
        /// point order. Every case-insensitive literal of several code points looks for the
        /// expansions that fit at each of its positions; looking up the few that start with
        /// a code point of the position's class is much cheaper than trying all of them.
        package var byFirstScalar: [UInt32: [(scalar: UInt32, folding: [UInt32])]] = [:]
    }

    /// The code points with the same simple case folding as `scalar` (including itself).
    package func equivalents(of scalar: UInt32) -> ScalarSet? {
        if let cached = locked({ equivalentsCache[scalar] }) { return cached }
        guard let relevant = ICUSets.shared.caseRelevant else { return nil }
        var result = ScalarSet(scalar)
        if relevant.contains(scalar) {
            guard let members = ICUSets.shared.caseRelevantMembers(of: "(?i)" + Self.escaped([scalar])) else { return nil }
            result = result.union(members)
        }
        locked { equivalentsCache[scalar] = result }
        return result
    }

    /// The multi-code-point foldings (computed once, verified against ICU).
    package var expansions: Expansions? {
        if let data = locked({ expansionData }) { return data }
        guard let relevant = ICUSets.shared.caseRelevant else { return nil }
        var data = Expansions(foldings: [:], scalars: ScalarSet(), unverified: [])
        var ranges: [ClosedRange<UInt32>] = []
        for range in relevant.ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let candidate = Self.candidateFolding(scalar)
                guard candidate.count > 1 else { continue }
                if Self.icuConfirms(value, folding: candidate) {
                    data.foldings[value] = candidate
                    ranges.append(value...value)
                } else {
                    data.unverified.append(value)
                }
            }
        }
        data.scalars = ScalarSet(ranges: ranges)
        for (scalar, folding) in data.foldings.sorted(by: { $0.key < $1.key }) {
            data.byFirstScalar[folding[0], default: []].append((scalar, folding))
        }
        locked { expansionData = data }
        return data
    }

    /// lower(upper(lower(c))) by the standard library's full case mappings: equal to the
    /// full case folding for every code point whose folding is several code points.
    package static func candidateFolding(_ scalar: Unicode.Scalar) -> [UInt32] {
        func map(_ scalars: [Unicode.Scalar], _ mapping: (Unicode.Scalar) -> String) -> [Unicode.Scalar] {
            scalars.flatMap { Array(mapping($0).unicodeScalars) }
        }
        let lower = map([scalar]) { $0.properties.lowercaseMapping }
        let upper = map(lower) { $0.properties.uppercaseMapping }
        return map(upper) { $0.properties.lowercaseMapping }.map(\.value)
    }

    /// ICU matches `scalar` with `(?i)<folding>` and `folding` with `(?i)\x{scalar}`, each
    /// as the whole text.
    private static func icuConfirms(_ scalar: UInt32, folding: [UInt32]) -> Bool {
        func matchesWhole(_ pattern: String, _ text: String) -> Bool {
            guard let regex = try? NSRegularExpression(pattern: "(?i)" + pattern) else { return false }
            let range = regex.firstMatch(in: text, range: NSRange(location: 0, length: text.utf16.count))?.range
            return range == NSRange(location: 0, length: text.utf16.count)
        }
        let foldingText = String(String.UnicodeScalarView(folding.compactMap(Unicode.Scalar.init)))
        let scalarText = Unicode.Scalar(scalar).map { String($0) } ?? ""
        return matchesWhole(escaped(folding), scalarText) && matchesWhole(escaped([scalar]), foldingText)
    }

    /// `\x{…}` escapes for `scalars`.
    package static func escaped(_ scalars: [UInt32]) -> String {
        scalars.map { "\\x{" + String($0, radix: 16) + "}" }.joined()
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}

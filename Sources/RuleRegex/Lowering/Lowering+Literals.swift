// Lowering: literal runs, exact and case-insensitive.

extension Lowering {
    /// A run of literal code points as ICU compiles it (see `CaseFolding` for `i`).
    package func literalRun(_ scalars: [UInt32], caseInsensitive: Bool, at span: RegexSpan) throws(LoweringFailure) -> [RegexIR] {
        let run = Self.pairingSurrogates(scalars)
        guard caseInsensitive else {
            // Note: ICU compares a literal string code unit by code unit, so an unpaired
            // surrogate in it could match half of a surrogate pair; a code point matcher
            // cannot, so such strings fall back. A lone one on its own never matches text.
            if run.count > 1, run.contains(where: Self.isSurrogate) {
                throw LoweringFailure(construct: "unpaired surrogate in a literal string", offset: span.offset)
            }
            return run.map { Self.isSurrogate($0) ? .set(ScalarSet()) : .set(ScalarSet($0)) }
        }
        guard let expansions = folding.expansions else { throw unavailable(span) }
        let folded = run.flatMap { expansions.foldings[$0] ?? [$0] }
        if folded.count == 1 {
            guard let equivalents = folding.equivalents(of: folded[0]) else { throw unavailable(span) }
            return [.set(equivalents.subtracting(ICUSets.surrogates))]
        }
        guard expansions.unverified.isEmpty else {
            throw LoweringFailure(construct: "case-insensitive literal (unconfirmed case folding)", offset: span.offset)
        }
        return [.foldedLiteral(try foldedLiteral(folded, expansions, at: span))]
    }

    /// The states of URX_STRING_I for the folded string `folded`.
    private func foldedLiteral(
        _ folded: [UInt32], _ expansions: CaseFolding.Expansions, at span: RegexSpan
    ) throws(LoweringFailure) -> FoldedLiteral {
        var classes: [ScalarSet] = []
        for scalar in folded {
            guard let equivalents = folding.equivalents(of: scalar) else { throw unavailable(span) }
            classes.append(equivalents)
        }
        let positions = classes.map { $0.subtracting(expansions.scalars).subtracting(ICUSets.surrogates) }
        // A jump from `start` over an expanded code point whose folding's code points are
        // in the classes from `start` on. Only the expansions whose folding starts with a
        // member of `classes[start]` (a few code points) can fit there.
        var jumpSets: [Int: [Int: [ClosedRange<UInt32>]]] = [:]
        for start in classes.indices {
            for range in classes[start].ranges {
                for first in range {
                    for (scalar, folding) in expansions.byFirstScalar[first] ?? [] where start + folding.count <= folded.count {
                        var fits = true
                        for offset in 1..<folding.count where !classes[start + offset].contains(folding[offset]) {
                            fits = false
                            break
                        }
                        if fits { jumpSets[start, default: [:]][start + folding.count, default: []].append(scalar...scalar) }
                    }
                }
            }
        }
        var jumps: [FoldedLiteral.Jump] = []
        for (from, targets) in jumpSets.sorted(by: { $0.key < $1.key }) {
            for (to, ranges) in targets.sorted(by: { $0.key < $1.key }) {
                jumps.append(FoldedLiteral.Jump(from: from, to: to, set: ScalarSet(ranges: ranges)))
            }
        }
        return FoldedLiteral(positions: positions, jumps: jumps)
    }

    private func unavailable(_ span: RegexSpan) -> LoweringFailure {
        LoweringFailure(construct: "case folding ICU could not provide", offset: span.offset)
    }

    package static func isSurrogate(_ value: UInt32) -> Bool { (0xD800...0xDFFF).contains(value) }

    /// ICU appends literal code points to a UTF-16 string, so an escaped high surrogate
    /// followed by an escaped low one (`\ud83d\ude00`) is one code point.
    package static func pairingSurrogates(_ scalars: [UInt32]) -> [UInt32] {
        var result: [UInt32] = []
        var index = 0
        while index < scalars.count {
            let value = scalars[index]
            if (0xD800...0xDBFF).contains(value), index + 1 < scalars.count, (0xDC00...0xDFFF).contains(scalars[index + 1]) {
                result.append(0x10000 + ((value - 0xD800) << 10) + (scalars[index + 1] - 0xDC00))
                index += 2
            } else {
                result.append(value)
                index += 1
            }
        }
        return result
    }
}

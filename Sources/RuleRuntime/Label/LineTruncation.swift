/// Truncation to a number of lines: the longest cut of the display that, with the
/// truncation token after it, fits the lines (`RenderResult.truncated(atDisplayOffset:)`
/// makes each candidate).
///
/// Cost: one layout of the full text (stopped after the limit), then an exponential search
/// from the end of the last line that fits (the likely cut) and a binary search between the
/// bounds it finds, over the display's grapheme-cluster boundaries: at most
/// 2⌈log₂ n⌉ + 4 layouts for n clusters, each of a candidate about as long as the lines
/// shown. The result is a cut that fits while the next cluster boundary does not (fits
/// grows with the cut for greedy line breaking; were a layout not monotonic, the cut found
/// still fits and the next one still does not). When even the token alone does not fit
/// (a label narrower than the token), the result is the token alone.
package enum LineTruncation {
    /// A fitted result and its layout.
    package struct Outcome {
        /// What to show: the result itself when it fits, else a truncated one.
        package var result: RenderResult
        /// Its layout (made from the request's options).
        package var layout: any RichTextLayout
        /// The display offset of the cut (`nil` when the text fits).
        package var cut: Int?
        /// The layouts made.
        package var layoutCount: Int

        package var isTruncated: Bool { cut != nil }
    }

    /// `request.result` fitted to `lines` lines (0 or less: no limit) at `request.width`.
    /// `layoutFull` lays out the full text (`request.result`, at any line limit): the label
    /// core's lays it out from what the engine prepared of it for other widths.
    package static func fit(
        _ request: RichTextLayoutRequest, lines: Int, engine: any RichTextLayoutEngine,
        layoutFull: ((RichTextLayoutRequest) -> any RichTextLayout)? = nil
    ) -> Outcome {
        var count = 0
        let full = request.result
        func layout(_ result: RenderResult, limit: Int?) -> any RichTextLayout {
            var candidate = request
            candidate.result = result
            candidate.lineLimit = limit
            count += 1
            if let layoutFull, result.context?.cut == nil { return layoutFull(candidate) }
            return engine.layout(candidate)
        }
        guard lines > 0 else { return Outcome(result: full, layout: layout(full, limit: nil), cut: nil, layoutCount: count) }
        let length = full.display.utf16.count
        let whole = layout(full, limit: lines)
        if Self.fits(whole, lines: lines, length: length) { return Outcome(result: full, layout: whole, cut: nil, layoutCount: count) }

        // The cluster boundaries a cut may take (the end excluded: that is no cut).
        var boundaries: [Int] = []
        var offset = 0
        for character in full.display {
            boundaries.append(offset)
            offset += character.utf16.count
        }
        var tried: [Int: (result: RenderResult, layout: any RichTextLayout, fits: Bool)] = [:]
        func fits(_ index: Int) -> Bool {
            if let known = tried[index] { return known.fits }
            let truncated = full.truncated(atDisplayOffset: boundaries[index])
            let candidate = layout(truncated, limit: lines)
            let fits = Self.fits(candidate, lines: lines, length: truncated.display.utf16.count)
            tried[index] = (truncated, candidate, fits)
            return fits
        }
        // The likely cut: where the last allowed line of the full layout ends.
        let end = whole.lineFragments.count >= lines ? whole.lineFragments[lines - 1].displayRange.upperBound : whole.laidOutLength
        let n = boundaries.count
        var guess = min(n - 1, max(0, partitionIndex(boundaries, end) - 1))
        // Exponential search from the guess for a fitting `low` and a failing `high`
        // (`high == n`: the whole text, known not to fit).
        var low: Int?
        var high: Int?
        if fits(guess) {
            low = guess
            var step = 1
            while high == nil {
                let probe = guess + step
                if probe >= n {
                    high = n
                } else if fits(probe) {
                    low = probe
                    guess = probe
                    step *= 2
                } else {
                    high = probe
                }
            }
        } else {
            high = guess
            var step = 1
            while low == nil {
                let probe = guess - step
                if probe <= 0 {
                    low = 0
                } else if !fits(probe) {
                    high = probe
                    guess = probe
                    step *= 2
                } else {
                    low = probe
                }
            }
        }
        var lo = low!, hi = high!
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if fits(mid) { lo = mid } else { hi = mid }
        }
        _ = fits(lo)  // the token alone, when nothing fitted: shown even if it overflows
        let chosen = tried[lo]!
        return Outcome(result: chosen.result, layout: chosen.layout, cut: boundaries[lo], layoutCount: count)
    }

    /// Whether `layout` holds the whole display of `length` units in at most `lines` lines.
    static func fits(_ layout: any RichTextLayout, lines: Int, length: Int) -> Bool {
        layout.lineFragments.count <= lines && layout.laidOutLength >= length
    }

    /// The index of the first of the sorted `values` greater than `value`.
    private static func partitionIndex(_ values: [Int], _ value: Int) -> Int {
        var low = 0
        var high = values.count
        while low < high {
            let mid = (low + high) / 2
            if values[mid] <= value { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

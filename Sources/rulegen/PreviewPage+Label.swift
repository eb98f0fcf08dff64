import RuleRuntime

/// `--lines` and `--width`: each sample at a label's width, whole and as a label of N lines
/// shows it.
extension PreviewPage {
    /// The label the samples are shown in: `width` points wide (390 with `--lines` alone), and
    /// with `lines`, cut to that many lines.
    struct Label {
        var lines: Int?
        var width: Double?

        init(lines: Int?, width: Double?) {
            self.lines = lines
            self.width = width ?? (lines != nil ? PreviewCommand.defaultWidth : nil)
        }
    }

    /// A sample as a label of `lines` lines at `width` shows it: the label core
    /// (`RichLabelCore`, whose truncation is `LineTruncation`) on the deterministic
    /// `ReferenceLayout`, with no image or widget sizes known (attachments at their declared
    /// bounds).
    struct LabelFit {
        /// What the label shows: the result, or the result cut and ended by the token.
        var shown: RenderResult
        /// The display offset of the cut, `nil` when the text fits.
        var cut: Int?
        /// The reference layout's lines and size.
        var lineCount: Int
        var size: TextSize

        init(_ result: RenderResult, width: Double, lines: Int) {
            let core = RichLabelCore(engine: ReferenceLayoutEngine(), result: result, numberOfLines: lines)
            core.width = width
            let layout = core.layout
            shown = layout.result
            cut = core.isTruncated ? layout.result.matches.last?.displayRange.location : nil
            lineCount = layout.layout.lineCount
            size = layout.size
        }
    }

    /// The sample at the label's width: whole, and with `--lines`, next to it as the label
    /// cuts it, with where the cut is.
    func labelRenderings(_ result: RenderResult, options: HTMLOptions) -> String {
        guard let width = label.width else { return "" }
        let points = Self.points(width)
        var out = "<div class=\"renders\">\n"
        out += "<div class=\"whole\"><div class=\"label\">Rendered · \(points) pt</div>\n"
        out += "<div class=\"render phone\" style=\"--width:\(points)px\">\(result.html(options: options))</div></div>\n"
        if let lines = label.lines {
            let fit = LabelFit(result, width: width, lines: lines)
            let length = result.display.utf16.count
            out += "<div class=\"truncated\" data-lines=\"\(lines)\" data-cut=\"\(fit.cut.map(String.init) ?? "none")\">"
            out += "<div class=\"label\">\(lines) line\(lines == 1 ? "" : "s") · \(points) pt</div>\n"
            out +=
                "<div class=\"render phone cut\" style=\"--width:\(points)px;--lines:\(lines)\">\(fit.shown.html(options: options))</div>\n"
            out += "<p class=\"fit\" style=\"--width:\(points)px\">"
            if let cut = fit.cut {
                out += "Cut at display offset \(cut) of \(length), then the truncation token"
            } else {
                out += "Fits: not truncated"
            }
            out += " — ReferenceLayout: \(fit.lineCount) line\(fit.lineCount == 1 ? "" : "s"), \(Self.points(fit.size.height)) pt tall."
            out += " The browser breaks lines its own way.</p></div>\n"
        }
        return out + "</div>\n"
    }

    /// `390`, `320.5`: a width or height in points, rounded to a tenth.
    static func points(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : String(tenths / 10)
    }
}

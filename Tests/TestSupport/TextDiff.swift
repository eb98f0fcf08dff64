/// Where two texts part, for golden-file failures: the first differing line of each, cut
/// around the first differing column, with a caret under it.
///
///     line 12, column 9 (expected 40 lines, got 41):
///     - case mention
///     + case mention = "mention"
///               ^
public func firstDifference(expected: String, actual: String) -> String {
    let a = expected.components(separatedBy: "\n")
    let b = actual.components(separatedBy: "\n")
    guard let line = (0..<max(a.count, b.count)).first(where: { $0 >= a.count || $0 >= b.count || a[$0] != b[$0] }) else {
        return "(no difference)"
    }
    let x = line < a.count ? Array(a[line]) : []
    let y = line < b.count ? Array(b[line]) : []
    let common = zip(x, y).prefix { $0 == $1 }.count
    let from = max(0, common - 60)
    func excerpt(_ c: [Character]) -> String {
        (from > 0 ? "…" : "") + String(c[from..<min(c.count, common + 100)]) + (c.count > common + 100 ? "…" : "")
    }
    let caret = String(repeating: " ", count: (from > 0 ? 1 : 0) + common - from) + "^"
    return """
        line \(line + 1), column \(common + 1) (expected \(a.count) lines, got \(b.count)):
        - \(line < a.count ? excerpt(x) : "(missing)")
        + \(line < b.count ? excerpt(y) : "(missing)")
          \(caret)
        """
}

/// Where match attempts may start.
package enum RegexStartFilter: UInt8, Hashable, Sendable {
    /// At every code point boundary.
    case anywhere = 0
    /// Not between the CR and LF of a CR LF pair. ICU's `find()` skips those positions
    /// when a pattern starts with `^` in `m` mode (its "start of line" optimization).
    case notInsideCRLF = 1
}

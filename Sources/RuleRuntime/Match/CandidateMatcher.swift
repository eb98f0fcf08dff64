/// Finds the candidates of all rules of a table in a text. The order of the result does
/// not matter; zero-length matches are never reported (they never count).
///
/// `RuleMatcher` is the engine's own (compiled automata, NSRegularExpression for the rules
/// without one, the tag scanner); tests and benchmarks plug in others.
package protocol CandidateMatcher: Sendable {
    /// `units` is `Array(text.utf16)`, decoded once by the caller (empty when `readsUnits`
    /// is false).
    func candidates(in text: String, units: [UInt16]) -> [Candidate]
    /// Whether `candidates(in:units:)` reads `units`; when it does not, a render makes the
    /// text's units only if a string of its result reads them. Default `true`.
    var readsUnits: Bool { get }
}

extension CandidateMatcher {
    package var readsUnits: Bool { true }

    /// The candidates of `text` (decoding its UTF-16 units).
    package func candidates(in text: String) -> [Candidate] { candidates(in: text, units: utf16Units(text)) }
}

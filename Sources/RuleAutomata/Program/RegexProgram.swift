// Compiled matcher: the Thompson-NFA program a pattern compiles to.
//
// Pipeline, one representation per stage (each lowered by the stage that owns the target):
//
//   pattern ──RegexParser──▶ RegexAST (spans, ICU syntax)            RuleRegex/Syntax
//           ──lower────────▶ RegexIR (sets, sequences, loops; no spans) RuleRegex/Lowering
//           ──compile──────▶ RegexProgram (this file: instructions + set table; ProgramBuilder)
//           ──PikeVM───────▶ matches, leftmost-first, exactly as NSRegularExpression
//
// A program is plain data: `encoded()` gives a compact, versioned byte string that
// generated Swift embeds (as base64) and `init(decoding:)` reads back.
//
// The program is built to be DFA-friendly: every instruction either consumes one code
// point of a set, or is an epsilon step (split, capture save, assertion). Assertions look
// at most one code unit behind and one ahead, except the end-of-text forms of `$` (two code
// units before the end) and the word boundary, whose "previous word character" is a flag a
// DFA carries along (see `Assertion.wordBoundary`).

import RuleRegex

/// A Thompson NFA with priority-ordered splits, capture saves and zero-width assertions.
package struct RegexProgram: Hashable, Sendable {
    /// One NFA state. Every instruction names its successors explicitly.
    package enum Instruction: Hashable, Sendable {
        /// Consume one code point that is in `sets[set]`, then continue at `next`.
        case consume(set: Int, next: Int)
        /// Continue at `preferred`; if that fails, at `alternative` (leftmost-first).
        case split(preferred: Int, alternative: Int)
        /// Record the current position in capture slot `slot` (group `slot / 2`; even
        /// slots are starts, odd slots ends), then continue at `next`.
        case save(slot: Int, next: Int)
        /// Continue at `next` only where `assertion` holds.
        case assert(Assertion, next: Int)
        /// The pattern matched.
        case match
    }

    /// Zero-width tests (RuleRegex's `RegexAssertion`: the IR names them too).
    package typealias Assertion = RegexAssertion

    /// A lookahead or lookbehind with a body of its own, as ICU runs it (rematch.cpp
    /// LA_START/LB_START): the body is tried at the position (lookahead) or from each code
    /// point boundary at most `maxLength` units back, nearest first, to end exactly at the
    /// position (lookbehind); the first success decides, and a positive one keeps the groups
    /// its body set. Assertions inside see the whole text.
    package struct Lookaround: Hashable, Sendable {
        /// A lookbehind (else a lookahead).
        package var behind: Bool
        /// `(?!…)` / `(?<!…)`.
        package var negated: Bool
        /// The longest match of the body in UTF-16 units; `nil` when unbounded (lookahead
        /// only: ICU rejects unbounded lookbehind).
        package var maxLength: Int?
        /// The body, ending in `match`; its capture slots are the pattern's.
        package var body: RegexProgram

        package init(behind: Bool, negated: Bool, maxLength: Int?, body: RegexProgram) {
            self.behind = behind
            self.negated = negated
            self.maxLength = maxLength
            self.body = body
        }
    }

    /// Where match attempts may start (RuleRegex's `RegexStartFilter`).
    package typealias StartFilter = RegexStartFilter

    /// The states; execution starts at `instructions[0]`.
    package var instructions: [Instruction]
    /// The code point sets referenced by `consume` and word-boundary assertions.
    package var sets: [ScalarSet]
    /// Number of capturing groups (group 0, the whole match, is not counted).
    package var captureCount: Int
    /// Where ICU's `find()` tries match attempts for this pattern.
    package var startFilter: StartFilter
    /// The bodies of `.lookaround` assertions.
    package var lookarounds: [Lookaround]

    /// A program from its parts; `RegexCompiler` and `init(decoding:)` build valid ones.
    package init(
        instructions: [Instruction], sets: [ScalarSet], captureCount: Int, startFilter: StartFilter = .anywhere,
        lookarounds: [Lookaround] = []
    ) {
        self.instructions = instructions
        self.sets = sets
        self.captureCount = captureCount
        self.startFilter = startFilter
        self.lookarounds = lookarounds
    }

    /// Capture slots per thread: a start and an end for group 0 and every group.
    package var slotCount: Int { 2 * (captureCount + 1) }
}

extension RegexProgram: CustomStringConvertible {
    /// One instruction per line, for debugging.
    package var description: String {
        var lines: [String] = []
        for (pc, instruction) in instructions.enumerated() {
            let text: String
            switch instruction {
            case .consume(let set, let next): text = "consume \(sets[set]) -> \(next)"
            case .split(let preferred, let alternative): text = "split \(preferred), \(alternative)"
            case .save(let slot, let next): text = "save \(slot) -> \(next)"
            case .assert(let assertion, let next): text = "assert \(assertion) -> \(next)"
            case .match: text = "match"
            }
            lines.append("\(pc): \(text)")
        }
        for (index, look) in lookarounds.enumerated() {
            let kind = (look.behind ? "behind" : "ahead") + (look.negated ? " (negated)" : "")
            lines.append("lookaround \(index): \(kind), max \(look.maxLength.map(String.init) ?? "unbounded")")
            lines.append(contentsOf: look.body.description.split(separator: "\n").map { "  " + $0 })
        }
        return lines.joined(separator: "\n")
    }
}

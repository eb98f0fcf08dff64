import RuleRegex

/// The tests a DFA cannot decide from its look-behind context and the next code point —
/// a lookaround with a body, a grapheme cluster boundary (`\X`), a `(?w)` word boundary —
/// answered by the search at the positions where they matter (the lazy DFA's oracle
/// mode). Each answer depends on the position only (ICU evaluates a lookaround's body on
/// the whole text, whatever the thread that asks), so a state that needs answers splits
/// into one state per answer (`Determinizer.Key.look`) and stays a DFA state.
///
/// A test matters on a transition only when some path through it can still consume the
/// next code point or end a match (`Determinizer.asks`): the lookbehind in front of
/// `(?<=\sRT)@\w+` is asked before an `@` only, not at every position an attempt starts.
package enum Oracle {
    /// Lookarounds with bodies a program may have in oracle mode (one answer bit each).
    package static let maxLookarounds = 30
    package static let grapheme: UInt64 = 1 << 30
    package static let unicodeWord: UInt64 = 1 << 31
    /// `Key.look` holds the answers in its low 32 bits and which of them are known above.
    package static let knownShift: UInt64 = 32

    /// The answer bit of an evaluated assertion (0 for the others).
    package static func bit(of assertion: RegexProgram.Assertion) -> UInt64 {
        switch assertion {
        case .lookaround(let index): return index < maxLookarounds ? 1 << UInt64(index) : 0
        case .graphemeBoundary, .notGraphemeBoundary: return grapheme
        case .unicodeWordBoundary, .notUnicodeWordBoundary: return unicodeWord
        default: return 0
        }
    }
}

/// Per evaluated assertion (by pc): the sets of the consuming instructions reachable from
/// it without consuming (through any test), and whether `match` is.
package struct OracleReach: Sendable {
    package var sets: [Int]
    package var match: Bool
}

extension Determinizer {
    /// What each evaluated assertion of the program reaches (`OracleReach`), by pc.
    static func oracleReach(flat: [Int32], assertions: [RegexProgram.Assertion]) -> [Int: OracleReach] {
        var reach: [Int: OracleReach] = [:]
        for pc in 0..<flat.count / 3 where flat[pc * 3] == FlatInstruction.assert {
            guard Oracle.bit(of: assertions[Int(flat[pc * 3 + 1])]) != 0 else { continue }
            var sets: Set<Int> = []
            var match = false
            var seen: Set<Int> = []
            var stack = [Int(flat[pc * 3 + 2])]
            while let next = stack.popLast() {
                guard seen.insert(next).inserted else { continue }
                switch flat[next * 3] {
                case FlatInstruction.consume: sets.insert(Int(flat[next * 3 + 1]))
                case FlatInstruction.match: match = true
                case FlatInstruction.split:
                    stack.append(Int(flat[next * 3 + 1]))
                    stack.append(Int(flat[next * 3 + 2]))
                default: stack.append(Int(flat[next * 3 + 2]))
                }
            }
            reach[pc] = OracleReach(sets: sets.sorted(), match: match)
        }
        return reach
    }

    /// The answers (`Oracle` bits) the step of `kernel` on `inputClass` (`nil`: the end of
    /// the text) needs: every evaluated assertion the closure reaches — walked in priority
    /// order, the other tests decided by `context` and the class — from which some path can
    /// still consume a code point of `inputClass` or end a match, unless its successor was
    /// already reached by a path that holds for sure (whatever the answer, the closure
    /// drops that thread: one thread per state). Answers to the others cannot change the
    /// step. `(?:(?!;)|(?<!&[A-Za-z]{1,64}))` thus asks its lookbehind before a `;` only.
    package mutating func asks(_ kernel: [Int32], inputClass: Int?, context: Int) -> UInt64 {
        guard let reach = oracleReach else { return 0 }
        let base = inputClass.map { baseOf[$0] }
        var mask: UInt64 = 0
        // Per pc: 1 reached, 2 reached by a path whose tests all hold.
        var reached = [UInt8](repeating: 0, count: flat.count / 3)
        var stack: [(pc: Int, sure: Bool)] = kernel.reversed().map { ($0 == Self.restart || $0 == Self.anchor ? 0 : Int($0 >> 1), true) }
        while let (pc, sure) = stack.popLast() {
            if reached[pc] == 2 || (reached[pc] == 1 && !sure) { continue }
            reached[pc] = sure ? 2 : 1
            switch flat[pc * 3] {
            case FlatInstruction.split:
                stack.append((Int(flat[pc * 3 + 2]), sure))
                stack.append((Int(flat[pc * 3 + 1]), sure))
            case FlatInstruction.save:
                stack.append((Int(flat[pc * 3 + 2]), sure))
            case FlatInstruction.assert:
                let assertion = assertions[Int(flat[pc * 3 + 1])]
                let next = Int(flat[pc * 3 + 2])
                let bit = Oracle.bit(of: assertion)
                if bit == 0 {
                    if holds(assertion, context, inputClass) { stack.append((next, sure)) }
                    continue
                }
                if reached[next] == 2 { continue }
                if let target = reach[pc], mask & bit == 0,
                    target.match || (base.map { base in target.sets.contains { accepts[$0][base] } } ?? false)
                {
                    mask |= bit
                }
                stack.append((next, false))
            default:
                continue
            }
        }
        return mask
    }
}

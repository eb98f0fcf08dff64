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
    /// the text) needs: every evaluated assertion reachable without consuming, whatever the
    /// context and the other tests decide, from which some path can still consume a code
    /// point of `inputClass` or end a match. Answers to the others cannot change the step:
    /// every thread through them dies on this code point.
    package mutating func asks(_ kernel: [Int32], inputClass: Int?) -> UInt64 {
        guard let reach = oracleReach else { return 0 }
        scratch.nextGeneration()
        let generation = scratch.generation
        let base = inputClass.map { baseOf[$0] }
        var mask: UInt64 = 0
        var stack: [Int] = kernel.map { $0 == Self.restart || $0 == Self.anchor ? 0 : Int($0 >> 1) }
        while let pc = stack.popLast() {
            guard scratch.visited[pc] != generation else { continue }
            scratch.visited[pc] = generation
            switch flat[pc * 3] {
            case FlatInstruction.split:
                stack.append(Int(flat[pc * 3 + 2]))
                stack.append(Int(flat[pc * 3 + 1]))
            case FlatInstruction.save:
                stack.append(Int(flat[pc * 3 + 2]))
            case FlatInstruction.assert:
                if let target = reach[pc], mask & Oracle.bit(of: assertions[Int(flat[pc * 3 + 1])]) == 0,
                    target.match || (base.map { base in target.sets.contains { accepts[$0][base] } } ?? false)
                {
                    mask |= Oracle.bit(of: assertions[Int(flat[pc * 3 + 1])])
                }
                stack.append(Int(flat[pc * 3 + 2]))
            default:
                continue
            }
        }
        return mask
    }
}

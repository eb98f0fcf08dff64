/// The tests a DFA cannot decide from its look-behind context and the next code point —
/// a lookaround with a body, a grapheme cluster boundary (`\X`), a `(?w)` word boundary —
/// answered by the search at the positions where some thread asks them (the lazy DFA's
/// oracle mode). Each answer depends on the position only (ICU evaluates a lookaround's
/// body on the whole text, whatever the thread that asks), so a state whose closure asks
/// splits into one state per answer (`Determinizer.Key.look`) and stays a DFA state.
package enum Oracle {
    /// Lookarounds with bodies a program may have in oracle mode (one answer bit each).
    package static let maxLookarounds = 60
    package static let grapheme: UInt64 = 1 << 60
    package static let unicodeWord: UInt64 = 1 << 61
    /// Set in `Key.look` of a state whose answers are known.
    package static let resolved: UInt64 = 1 << 63

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

extension Determinizer {
    /// The answers (`Oracle` bits) some thread of `kernel`'s closure may ask before the next
    /// code point: every evaluated assertion reachable without consuming, whatever the
    /// context and the class decide (a superset of what the closure asks).
    package mutating func asks(_ kernel: [Int32]) -> UInt64 {
        scratch.nextGeneration()
        let generation = scratch.generation
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
                mask |= Oracle.bit(of: assertions[Int(flat[pc * 3 + 1])])
                stack.append(Int(flat[pc * 3 + 2]))
            default:
                continue
            }
        }
        return mask
    }
}

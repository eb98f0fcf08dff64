// Compiled matcher: capture groups of a match whose span the DFA already found.

import RuleRegex

/// Solves the groups of the leftmost-first match spanning `start..<end` with a bounded
/// backtracker: depth-first in priority order (the order ICU tries paths), each (state,
/// position) explored at most once, positions past `end` pruned.
///
/// Note: why this is exact. The first path of the depth-first walk that reaches `match`
/// is the leftmost-first match; the DFA says it ends at `end`, so a path that reads past
/// `end` fails anyway and pruning it changes nothing. A (state, position) pair that failed
/// once fails again (the future depends on the pair only: the program has no
/// back-references), so marking visited pairs keeps the walk within states × span steps.
/// All buffers live on the stack (each under the 1 KB the standard library allocates
/// there without asking); spans too large for them return `nil` and the caller uses the
/// Pike VM.
enum SpanSolver {
    /// The most (state, position) pairs solved here.
    static let maxCells = 4_096
    /// The deepest backtracking stack (pending alternatives and slot restores).
    static let maxDepth = 128

    static func solve(_ regex: CompiledRegex, _ text: UnsafeBufferPointer<UInt16>, start: Int, end: Int) -> [TextRange?]? {
        let states = regex.opcodes.count
        let width = end - start + 1
        let cells = states * width
        // Lookarounds with bodies and grapheme boundaries are the Pike VM's (it remembers
        // their answers).
        guard cells <= maxCells, end <= text.count, !regex.needsEvaluator else { return nil }
        let slotCount = regex.program.slotCount
        guard slotCount <= 64, end - start < Int(Int32.max) else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: (cells + 63) / 64) { visited in
            visited.initialize(repeating: 0)
            return withUnsafeTemporaryAllocation(of: Int.self, capacity: slotCount) { slots in
                slots.initialize(repeating: -1)
                // A frame (`frame(pc, position)`) explores (pc, position - start), or with pc < 0
                // restores slot -pc - 1 to `position` (-1 included). Plain integers: a tuple
                // element type would be looked up at run time on every call.
                return withUnsafeTemporaryAllocation(of: Int.self, capacity: maxDepth) { stack in
                    guard walk(regex, text, start: start, end: end, visited: visited, slots: slots, stack: stack) else { return nil }
                    let groupCount = regex.program.captureCount + 1
                    return [TextRange?](unsafeUninitializedCapacity: groupCount) { groups, initialized in
                        for group in 0..<groupCount {
                            let from = slots[2 * group], to = slots[2 * group + 1]
                            groups.initializeElement(
                                at: group, to: from >= 0 && to >= from ? TextRange(location: from, length: to - from) : nil)
                        }
                        initialized = groupCount
                    }
                }
            }
        }
    }

    /// The walk itself; `true` when it reached `match` at `end` (`slots` then hold the groups).
    private static func walk(
        _ regex: CompiledRegex, _ text: UnsafeBufferPointer<UInt16>, start: Int, end: Int, visited: UnsafeMutableBufferPointer<UInt64>,
        slots: UnsafeMutableBufferPointer<Int>, stack: UnsafeMutableBufferPointer<Int>
    ) -> Bool {
        @inline(__always) func frame(_ pc: Int, _ position: Int) -> Int { pc << 32 | Int(UInt32(truncatingIfNeeded: position)) }
        let width = end - start + 1
        stack[0] = frame(0, 0)
        var depth = 1
        while depth > 0 {
            depth -= 1
            let top = stack[depth]
            let framePC = top >> 32, framePosition = Int(Int32(truncatingIfNeeded: top))
            if framePC < 0 {
                slots[-framePC - 1] = framePosition < 0 ? -1 : start + framePosition
                continue
            }
            var pc = framePC, position = start + framePosition
            while true {
                let cell = pc * width + position - start
                let bit = UInt64(1) << UInt64(cell & 63)
                if visited[cell >> 6] & bit != 0 { break }
                visited[cell >> 6] |= bit
                switch regex.opcodes[pc] {
                case CompiledRegex.opConsume:
                    guard position < end else { break }
                    let (scalar, length) = UTF16Text.decode(text, at: position)
                    guard position + length <= end, regex.sets[Int(regex.operand[pc])].contains(scalar) else { break }
                    position += length
                    pc = Int(regex.successor[pc])
                    continue
                case CompiledRegex.opSplit:
                    guard depth < stack.count else { return false }
                    stack[depth] = frame(Int(regex.successor[pc]), position - start)
                    depth += 1
                    pc = Int(regex.operand[pc])
                    continue
                case CompiledRegex.opSave:
                    let slot = Int(regex.operand[pc])
                    guard depth < stack.count else { return false }
                    stack[depth] = frame(-slot - 1, slots[slot] < 0 ? -1 : slots[slot] - start)
                    depth += 1
                    slots[slot] = position
                    pc = Int(regex.successor[pc])
                    continue
                case CompiledRegex.opAssert:
                    guard AssertionContext(regex: regex, text: text, position: position).holds(regex.operand[pc]) else { break }
                    pc = Int(regex.successor[pc])
                    continue
                default:  // match: the first one reached is the leftmost-first match
                    return position == end
                }
                break
            }
        }
        return false
    }
}

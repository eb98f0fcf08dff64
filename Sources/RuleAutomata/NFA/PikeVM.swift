// Compiled matcher: the Pike VM that runs a `RegexProgram`.
//
// Note: leftmost-first with a Pike VM. Threads are kept in priority order; the epsilon
// closure of a thread is explored depth-first in priority order and every state enters a
// step's list at most once, so a lower-priority path that reaches a state already reached
// is dropped: it could only repeat, with lower priority, what the first path does (the
// future of a thread depends on its state and position only; the program has no
// back-references, and ICU's loop-progress checks are compiled into the states). When a
// thread reaches `match`, every lower-priority thread of that step is cut and no new
// attempt starts; higher-priority threads run on and may still replace the match. This is
// exactly the first success of ICU's depth-first backtracking, found in one forward pass.

import RuleRegex

/// One search at a time; buffers are reused between the searches of `matches`.
package final class PikeVM {
    private let regex: CompiledRegex
    private let stateCount: Int
    private let slotCount: Int
    private var current: ThreadList
    /// A search stops, with `overLimit` set and no result, when threads are still alive
    /// after reading this many units (an unbounded lookahead's forward run, see
    /// `LookaroundEvaluator`); `unitsRead`: what the last search read.
    var readLimit = Int.max
    private(set) var overLimit = false
    private(set) var unitsRead = 0
    private var next: ThreadList
    /// Epsilon-closure work stack: `pc >= 0` explores a state, `pc < 0` restores slot
    /// `-pc - 1` to `value`.
    private let stack: UnsafeMutablePointer<(pc: Int, value: Int)>
    private let scratch: UnsafeMutablePointer<Int>
    private let blank: UnsafeMutablePointer<Int>
    /// Decides the lookarounds with bodies (`nil`: the program has none).
    private let lookarounds: LookaroundEvaluator?

    /// Forgets what the lookaround evaluator remembers of the last text (see
    /// `LookaroundEvaluator.forgetText`).
    func forgetText() { lookarounds?.forgetText() }

    package init(_ regex: CompiledRegex) {
        self.regex = regex
        stateCount = regex.opcodes.count
        slotCount = regex.program.slotCount
        current = ThreadList(states: stateCount, slots: slotCount)
        next = ThreadList(states: stateCount, slots: slotCount)
        // A frame per split and slot restore (a lookaround with groups restores each of
        // its slots).
        stack = .allocate(capacity: 2 * stateCount + 2 + stateCount * regex.lookarounds.reduce(0) { $0 + $1.slots.count })
        scratch = .allocate(capacity: slotCount)
        blank = .allocate(capacity: slotCount)
        blank.initialize(repeating: -1, count: slotCount)
        scratch.initialize(repeating: -1, count: slotCount)
        lookarounds = regex.needsEvaluator ? LookaroundEvaluator(regex.lookarounds) : nil
    }

    deinit {
        current.deallocate()
        next.deallocate()
        stack.deallocate()
        scratch.deallocate()
        blank.deallocate()
    }

    /// The leftmost-first match at or after `from`, as capture ranges. `anchored`: only a
    /// match starting exactly at `from` (the DFA path knows the start and asks for groups).
    func search(_ text: UnsafeBufferPointer<UInt16>, from: Int, anchored: Bool = false) -> [TextRange?]? {
        guard let slots = searchSlots(text, from: from, anchored: anchored) else { return nil }
        return (0...regex.program.captureCount).map { group in
            let start = slots[2 * group]
            let end = slots[2 * group + 1]
            guard start >= 0, end >= start else { return nil }
            return TextRange(location: start, length: end - start)
        }
    }

    /// The capture slots of the leftmost-first match at or after `from`. `endAt`: only
    /// matches that end there count, and nothing past it is consumed (a lookbehind's body);
    /// `firstEnd`: stop at the first match any thread reaches, priority aside (a lookahead
    /// that only asks whether its body matches).
    func searchSlots(
        _ text: UnsafeBufferPointer<UInt16>, from: Int, anchored: Bool = false, endAt: Int? = nil, firstEnd: Bool = false
    ) -> [Int]? {
        let count = text.count
        let limit = endAt ?? count
        livePosition = -1
        lookarounds?.prepare(for: text)
        overLimit = false
        var context = AssertionContext(regex: regex, text: text, position: from, limit: endAt)
        defer { unitsRead = context.position - from }
        var matched: [Int]? = nil
        current.clear()
        while true {
            let position = context.position
            var scalar: UInt32 = 0
            var length = 0
            if position < limit { (scalar, length) = UTF16Text.decode(text, at: position) }
            // No attempt where the code point cannot begin a match (`startSet`).
            if matched == nil, !anchored || position == from, startAllowed(text, at: position),
                regex.startSet.map({ position < limit && $0.contains(scalar) }) ?? true
            {
                add(to: &current, pc: 0, slots: blank, context: context)
            }
            if current.count == 0 {
                if matched != nil || position >= limit || anchored { break }
                context.advance()
                continue
            }
            var after = context
            if position < limit { after.advance() }
            next.clear()
            for index in 0..<current.count {
                let pc = Int(current.dense[index])
                let opcode = regex.opcodes[pc]
                if opcode == CompiledRegex.opConsume {
                    if position < limit, position + length <= limit, regex.sets[Int(regex.operand[pc])].contains(scalar) {
                        add(to: &next, pc: Int(regex.successor[pc]), slots: current.slots + pc * slotCount, context: after)
                    }
                } else if opcode == CompiledRegex.opMatch {
                    if let endAt, position != endAt { continue }
                    matched = Array(UnsafeBufferPointer(start: current.slots + pc * slotCount, count: slotCount))
                    if firstEnd { return matched }
                    break
                }
            }
            swap(&current, &next)
            if position >= limit { break }
            if position - from >= readLimit, current.count > 0 {
                overLimit = true
                return nil
            }
            context = after
        }
        return matched
    }

    /// Where `earliestLiveStart` has read up to (-1: not started).
    private var livePosition = -1

    /// The earliest start of a match attempt that is still alive after reading the text up
    /// to `frontier` (a thread waiting to consume the unit at `frontier`), `nil` when none
    /// is. Attempts start at every position from `from` (the first call's) on; unlike
    /// `search`, no match cuts a thread: this asks whether more text could still change a
    /// match starting before `frontier`, not what the leftmost one is (a stream's safe
    /// point). Each call reads on from where the last one stopped (`frontier` never moves
    /// back; the units read must not change, while `text` may move and grow); assertions
    /// read the whole `text`. Other searches of this VM start it over.
    package func earliestLiveStart(_ text: UnsafeBufferPointer<UInt16>, from: Int, frontier: Int) -> Int? {
        let limit = min(frontier, text.count)
        lookarounds?.prepare(for: text)
        overLimit = false
        if livePosition < 0 {
            livePosition = from
            current.clear()
        }
        var context = AssertionContext(regex: regex, text: text, position: livePosition, limit: nil)
        while context.position < limit {
            let position = context.position
            let (scalar, length) = UTF16Text.decode(text, at: position)
            if startAllowed(text, at: position), regex.startSet.map({ $0.contains(scalar) }) ?? true {
                add(to: &current, pc: 0, slots: blank, context: context)
            }
            var after = context
            after.advance()
            next.clear()
            for index in 0..<current.count {
                let pc = Int(current.dense[index])
                if regex.opcodes[pc] == CompiledRegex.opConsume, position + length <= text.count,
                    regex.sets[Int(regex.operand[pc])].contains(scalar)
                {
                    add(to: &next, pc: Int(regex.successor[pc]), slots: current.slots + pc * slotCount, context: after)
                }
            }
            swap(&current, &next)
            context = after
        }
        livePosition = max(livePosition, context.position)
        var earliest: Int?
        for index in 0..<current.count {
            let pc = Int(current.dense[index])
            guard regex.opcodes[pc] == CompiledRegex.opConsume else { continue }
            let start = current.slots[pc * slotCount]
            if start >= 0, earliest.map({ start < $0 }) ?? true { earliest = start }
        }
        return earliest
    }

    /// Whether a match attempt may start at `position` (see `RegexProgram.StartFilter`).
    private func startAllowed(_ text: UnsafeBufferPointer<UInt16>, at position: Int) -> Bool {
        guard regex.program.startFilter == .notInsideCRLF, position > 0, position < text.count else { return true }
        return !(text[position - 1] == 0x0D && text[position] == 0x0A)
    }

    /// Adds the epsilon closure of `pc` to `list`, in priority order, starting from the
    /// capture slots at `slots`.
    private func add(to list: inout ThreadList, pc start: Int, slots: UnsafeMutablePointer<Int>, context: AssertionContext) {
        scratch.update(from: slots, count: slotCount)
        stack[0] = (start, 0)
        var depth = 1
        while depth > 0 {
            depth -= 1
            let frame = stack[depth]
            if frame.pc < 0 {
                scratch[-frame.pc - 1] = frame.value
                continue
            }
            var pc = frame.pc
            chain: while !list.contains(pc) {
                list.insert(pc)
                switch regex.opcodes[pc] {
                case CompiledRegex.opSplit:
                    stack[depth] = (Int(regex.successor[pc]), 0)
                    depth += 1
                    pc = Int(regex.operand[pc])
                case CompiledRegex.opSave:
                    let slot = Int(regex.operand[pc])
                    stack[depth] = (-slot - 1, scratch[slot])
                    depth += 1
                    scratch[slot] = context.position
                    pc = Int(regex.successor[pc])
                case CompiledRegex.opAssert:
                    let code = regex.operand[pc]
                    if AssertionCode.isEvaluated(code), let lookarounds {
                        let holds = lookarounds.holds(code, at: context.position, in: context.text) { slot, value in
                            stack[depth] = (-slot - 1, scratch[slot])
                            depth += 1
                            scratch[slot] = value
                        }
                        guard holds else { break chain }
                    } else {
                        guard context.holds(code) else { break chain }
                    }
                    pc = Int(regex.successor[pc])
                default:  // consume or match: a thread of this step
                    (list.slots + pc * slotCount).update(from: scratch, count: slotCount)
                    break chain
                }
            }
        }
    }
}

/// The threads of one step: a sparse set of states in priority order, with the capture
/// slots of every consuming or matching state.
struct ThreadList {
    let dense: UnsafeMutablePointer<Int32>
    let sparse: UnsafeMutablePointer<Int32>
    let slots: UnsafeMutablePointer<Int>
    var count = 0

    init(states: Int, slots slotCount: Int) {
        dense = .allocate(capacity: max(states, 1))
        sparse = .allocate(capacity: max(states, 1))
        sparse.initialize(repeating: 0, count: max(states, 1))
        dense.initialize(repeating: 0, count: max(states, 1))
        slots = .allocate(capacity: max(states * slotCount, 1))
        slots.initialize(repeating: -1, count: max(states * slotCount, 1))
    }

    func deallocate() {
        dense.deallocate()
        sparse.deallocate()
        slots.deallocate()
    }

    mutating func clear() { count = 0 }

    @inline(__always)
    func contains(_ pc: Int) -> Bool {
        let index = Int(sparse[pc])
        return index < count && Int(dense[index]) == pc
    }

    @inline(__always)
    mutating func insert(_ pc: Int) {
        dense[count] = Int32(pc)
        sparse[pc] = Int32(count)
        count += 1
    }
}

// Compiled matcher: lookaheads and lookbehinds with a body of their own.
//
// Note: ICU's semantics (rematch.cpp), which these follow exactly.
// - `(?=R)` / `(?!R)` at position p: R is run from p over the whole text (assertions in it
//   see the text on both sides); the lookahead holds when R matches, however far it reads.
// - `(?<=R)` / `(?<!R)` at p: ICU knows R's shortest and longest match (UTF-16 units,
//   `maxLength`) and tries R from code point boundaries s = p − min, p − min − 1 code point,
//   … down to p − max, nearest first; a try succeeds when some path of R from s ends
//   exactly at p (R cannot consume past p; its assertions still see the whole text).
// - Either way the first success decides and is never revisited (a lookaround is atomic).
//   A positive lookaround keeps the groups its body set on that first success (the body's
//   leftmost-first match); groups it did not set keep the values they had. A negative one
//   never sets a group.
// A lookaround's answer at a position depends on the position only, so a search asks
// once per position (`LookaroundEvaluator` remembers), and the Pike VM's rule "one thread
// per state and position" still holds: the future of a thread is its state and position.
// One-code-point lookarounds without groups never get here: they are `previousIn` /
// `nextIn` assertions, which a DFA decides like `\b`.

/// A `RegexProgram.Lookaround` ready to run.
struct CompiledLookaround: Sendable {
    let behind: Bool
    let negated: Bool
    let maxLength: Int?
    let body: CompiledRegex
    /// The capture slots the body can set (a positive lookaround copies them).
    let slots: [Int]

    init(_ lookaround: RegexProgram.Lookaround) {
        behind = lookaround.behind
        negated = lookaround.negated
        maxLength = lookaround.maxLength
        body = CompiledRegex(program: lookaround.body)
        var slots: Set<Int> = []
        for case .save(let slot, _) in lookaround.body.instructions { slots.insert(slot) }
        self.slots = slots.sorted()
    }

    /// A positive lookaround whose body sets groups: its answer carries their values.
    var keepsGroups: Bool { !negated && !slots.isEmpty }
}

/// Answers the lookaround assertions of one text's searches, each at most once per
/// position. A Pike VM serves one text (every caller makes one per text), and the answers
/// are kept while the text is the same buffer.
///
/// Note: why this stays linear. A bounded lookaround's body reads at most `maxLength`
/// units around the position, so each answer costs a bounded run. An unbounded lookahead
/// (`(?=.*\d)`) could read to the end of the text from every position asked; its answers
/// are instead found for every position at once, on its first question, by one backward
/// pass (`answerEveryPosition`): one step per position, each over the body's states.
final class LookaroundEvaluator {
    private let lookarounds: [CompiledLookaround]
    /// Pike VMs of the bodies, made on first use.
    private var machines: [PikeVM?]
    /// Per lookaround, per position: 0 unknown, 1 holds, 2 fails.
    private var answers: [[UInt8]]
    /// Per lookaround that keeps groups: the body's slots at each position where it holds.
    private var groups: [[Int: [Int]]]
    private var text: (base: UnsafePointer<UInt16>?, count: Int) = (nil, -1)

    init(_ lookarounds: [CompiledLookaround]) {
        self.lookarounds = lookarounds
        machines = Array(repeating: nil, count: lookarounds.count)
        answers = Array(repeating: [], count: lookarounds.count)
        groups = Array(repeating: [:], count: lookarounds.count)
    }

    /// Keeps the answers when `text` is the buffer they were found on, else forgets them.
    func prepare(for text: UnsafeBufferPointer<UInt16>) {
        guard text.baseAddress != self.text.base || text.count != self.text.count else { return }
        self.text = (text.baseAddress, text.count)
        graphemeBoundaries = []
        for index in answers.indices {
            answers[index] = []
            groups[index] = [:]
        }
    }

    /// Whether the assertion with `code` (`AssertionCode.isEvaluated`) holds at `position`;
    /// when a lookaround that keeps groups holds, `setGroup(slot, value)` is called for each
    /// slot its body set.
    func holds(_ code: Int32, at position: Int, in text: UnsafeBufferPointer<UInt16>, setGroup: (Int, Int) -> Void) -> Bool {
        switch AssertionCode.kind(code) {
        case AssertionCode.graphemeBoundary: return isGraphemeBoundary(position, text)
        case AssertionCode.notGraphemeBoundary: return !isGraphemeBoundary(position, text)
        default: return lookaround(AssertionCode.index(code), at: position, in: text, setGroup: setGroup)
        }
    }

    /// Extended grapheme cluster boundaries of the text, by UTF-16 offset (made on first use).
    private var graphemeBoundaries: [Bool] = []

    /// Note: `\X` is ICU's `BreakIterator::following(p)` over character breaks (UAX #29
    /// extended grapheme clusters). The boundaries here are those of the standard
    /// library's `Character`s, which implement the same rules over the toolchain's Unicode
    /// data, found once per text; the differential tests hold them to ICU's.
    private func isGraphemeBoundary(_ position: Int, _ text: UnsafeBufferPointer<UInt16>) -> Bool {
        if graphemeBoundaries.isEmpty {
            var boundaries = [Bool](repeating: false, count: text.count + 1)
            var offset = 0
            boundaries[0] = true
            for character in String(decoding: text, as: UTF16.self) {
                offset += character.utf16.count
                if offset <= text.count { boundaries[offset] = true }
            }
            boundaries[text.count] = true
            graphemeBoundaries = boundaries
        }
        return graphemeBoundaries[position]
    }

    private func lookaround(
        _ index: Int, at position: Int, in text: UnsafeBufferPointer<UInt16>, setGroup: (Int, Int) -> Void
    ) -> Bool {
        let look = lookarounds[index]
        if answers[index].isEmpty {
            answers[index] = [UInt8](repeating: 0, count: text.count + 1)
            if !look.behind, look.maxLength == nil { answerEveryPosition(index, look, text) }
        }
        var answer = answers[index][position]
        if answer == 0 {
            let slots = run(index, look, at: position, in: text)
            answer = (slots != nil) != look.negated ? 1 : 2
            answers[index][position] = answer
            if answer == 1, look.keepsGroups, let slots { groups[index][position] = slots }
        }
        guard answer == 1 else { return false }
        if look.keepsGroups, let slots = groups[index][position] {
            for slot in look.slots where slots[slot] >= 0 { setGroup(slot, slots[slot]) }
        }
        return true
    }

    /// The body's slots on its first success at `position`, or `nil` when it never succeeds.
    private func run(_ index: Int, _ look: CompiledLookaround, at position: Int, in text: UnsafeBufferPointer<UInt16>) -> [Int]? {
        let machine: PikeVM
        if let made = machines[index] {
            machine = made
        } else {
            machine = PikeVM(look.body)
            machines[index] = machine
        }
        // Only a positive lookaround with groups needs the leftmost-first path; any other
        // stops at the first end it reaches.
        let firstEnd = !look.keepsGroups
        guard look.behind else {
            return machine.searchSlots(text, from: position, anchored: true, firstEnd: firstEnd)
        }
        let window = look.maxLength ?? position
        var start = position
        while true {
            if let slots = machine.searchSlots(text, from: start, anchored: true, endAt: position, firstEnd: firstEnd) {
                return slots
            }
            guard start > 0 else { return nil }
            start -= UTF16Text.decode(text, before: start).length
            if position - start > window { return nil }
        }
    }

    /// Answers a lookahead (without kept groups) at every code point boundary: walking back
    /// from the end, `live[q]` is the set of body states from which some path reading the
    /// text from q reaches `match`; the lookahead's body matches at q when its start state
    /// is live there.
    private func answerEveryPosition(_ index: Int, _ look: CompiledLookaround, _ text: UnsafeBufferPointer<UInt16>) {
        let body = look.body
        let states = body.opcodes.count
        var predecessors = [[Int32]](repeating: [], count: states)
        var consumers: [Int] = []
        for pc in 0..<states {
            switch body.opcodes[pc] {
            case CompiledRegex.opSplit:
                predecessors[Int(body.operand[pc])].append(Int32(pc))
                predecessors[Int(body.successor[pc])].append(Int32(pc))
            case CompiledRegex.opSave, CompiledRegex.opAssert:
                predecessors[Int(body.successor[pc])].append(Int32(pc))
            case CompiledRegex.opConsume:
                consumers.append(pc)
            default: break
            }
        }
        let nested = body.needsEvaluator ? LookaroundEvaluator(body.lookarounds) : nil
        nested?.prepare(for: text)
        // live sets of the three positions q, q + 1, q + 2 (a code point is one or two units).
        var ring = [[Bool]](repeating: [Bool](repeating: false, count: states), count: 3)
        var work: [Int] = []
        var position = text.count
        while position >= 0 {
            let slot = position % 3
            for pc in 0..<states { ring[slot][pc] = false }
            let isBoundary =
                position == 0 || position == text.count || text[position] & 0xFC00 != 0xDC00 || text[position - 1] & 0xFC00 != 0xD800
            if isBoundary {
                var context: AssertionContext? = nil
                func mark(_ pc: Int) {
                    ring[slot][pc] = true
                    work.append(pc)
                }
                for pc in 0..<states where body.opcodes[pc] == CompiledRegex.opMatch { mark(pc) }
                if position < text.count {
                    let (scalar, length) = UTF16Text.decode(text, at: position)
                    let after = (position + length) % 3
                    for pc in consumers where ring[after][Int(body.successor[pc])] && body.sets[Int(body.operand[pc])].contains(scalar) {
                        mark(pc)
                    }
                }
                while let pc = work.popLast() {
                    for predecessor in predecessors[pc] where !ring[slot][Int(predecessor)] {
                        let p = Int(predecessor)
                        if body.opcodes[p] == CompiledRegex.opAssert {
                            let code = body.operand[p]
                            let holds: Bool
                            if AssertionCode.isEvaluated(code), let nested {
                                holds = nested.holds(code, at: position, in: text) { _, _ in }
                            } else {
                                if context == nil { context = AssertionContext(regex: body, text: text, position: position) }
                                holds = context!.holds(code)
                            }
                            guard holds else { continue }
                        }
                        mark(p)
                    }
                }
                answers[index][position] = ring[slot][0] != look.negated ? 1 : 2
            }
            position -= 1
        }
    }
}

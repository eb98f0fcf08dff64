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

import Foundation
import RuleRegex

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
/// units around the position, so each answer costs a bounded run (a lookahead's body run
/// forward, a lookbehind's one `BackwardWalk` over its window). An unbounded lookahead
/// (`(?=.*\d)`) could read to the end of the text from every position asked; its answers
/// are instead found for every position at once, on its first question, by one
/// `BackwardWalk` from the end: one step per position, each over the body's states.
///
/// An evaluator serves one search at a time (its owner's), so its properties skip the
/// run-time exclusivity checks.
final class LookaroundEvaluator {
    private let lookarounds: [CompiledLookaround]
    /// Pike VMs of the bodies, made on first use.
    @exclusivity(unchecked) private var machines: [PikeVM?]
    /// Evaluators of the bodies' own lookarounds and grapheme boundaries, made on first use.
    @exclusivity(unchecked) private var nestedEvaluators: [LookaroundEvaluator?]
    @exclusivity(unchecked) private var graphs: [BodyGraph?]
    /// Per lookaround, per position: 0 unknown, 1 holds, 2 fails (`count + 1` bytes, made
    /// on the lookaround's first question for the text; plain memory: the search reads it
    /// at every thread that reaches the lookaround).
    @exclusivity(unchecked) private var answers: [UnsafeMutablePointer<UInt8>?]
    /// Per lookaround: a backward walk's state sets (3 × states) and work stack (states).
    @exclusivity(unchecked) private var scratch: [(ring: UnsafeMutablePointer<Bool>, work: UnsafeMutablePointer<Int32>)?]
    /// Per lookaround that keeps groups: the body's slots at each position where it holds.
    @exclusivity(unchecked) private var groups: [[Int: [Int]]]
    @exclusivity(unchecked) private var text: (base: UnsafePointer<UInt16>?, count: Int) = (nil, -1)
    /// Per lookaround: units its forward runs read in this text (unbounded lookaheads).
    @exclusivity(unchecked) private var forwardRead: [Int]

    /// The most an unbounded lookahead's forward runs read in a text of `count` units
    /// before one backward walk answers every position: linear either way.
    static func forwardBudget(_ count: Int) -> Int { 2 * count + 4_096 }

    init(_ lookarounds: [CompiledLookaround]) {
        self.lookarounds = lookarounds
        machines = Array(repeating: nil, count: lookarounds.count)
        nestedEvaluators = Array(repeating: nil, count: lookarounds.count)
        graphs = Array(repeating: nil, count: lookarounds.count)
        answers = Array(repeating: nil, count: lookarounds.count)
        scratch = Array(repeating: nil, count: lookarounds.count)
        groups = Array(repeating: [:], count: lookarounds.count)
        forwardRead = Array(repeating: 0, count: lookarounds.count)
    }

    deinit {
        for answer in answers { answer?.deallocate() }
        for buffers in scratch {
            buffers?.ring.deallocate()
            buffers?.work.deallocate()
        }
    }

    /// Keeps the answers when `text` is the buffer they were found on, else forgets them.
    func prepare(for text: UnsafeBufferPointer<UInt16>) {
        guard text.baseAddress != self.text.base || text.count != self.text.count else { return }
        self.text = (text.baseAddress, text.count)
        graphemeBoundaries = []
        wordBoundaries = []
        for index in answers.indices {
            answers[index]?.deallocate()
            answers[index] = nil
            groups[index] = [:]
            forwardRead[index] = 0
        }
    }

    /// Forgets the answers of the last text, whatever buffer comes next: an evaluator kept
    /// across texts (a lazy DFA's) calls it for each new text, since a new text may reuse
    /// the last one's memory.
    func forgetText() {
        text = (nil, -1)
        for machine in machines { machine?.forgetText() }
        for evaluator in nestedEvaluators { evaluator?.forgetText() }
    }

    /// Whether the assertion with `code` (`AssertionCode.isEvaluated`) holds at `position`;
    /// when a lookaround that keeps groups holds, `setGroup(slot, value)` is called for each
    /// slot its body set.
    func holds(_ code: Int32, at position: Int, in text: UnsafeBufferPointer<UInt16>, setGroup: (Int, Int) -> Void) -> Bool {
        switch AssertionCode.kind(code) {
        case AssertionCode.graphemeBoundary: return isGraphemeBoundary(position, text)
        case AssertionCode.notGraphemeBoundary: return !isGraphemeBoundary(position, text)
        case AssertionCode.unicodeWordBoundary: return isUnicodeWordBoundary(position, text)
        case AssertionCode.notUnicodeWordBoundary: return !isUnicodeWordBoundary(position, text)
        default: return lookaround(AssertionCode.index(code), at: position, in: text, setGroup: setGroup)
        }
    }

    /// Extended grapheme cluster boundaries of the text, by UTF-16 offset (made on first use).
    @exclusivity(unchecked) private var graphemeBoundaries: [Bool] = []

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

    /// Boundaries of ICU's word break iterator, by UTF-16 offset (made on first use).
    @exclusivity(unchecked) private var wordBoundaries: [Bool] = []

    /// Note: `\b` under `(?w)` is ICU's `isUWordBoundary`: the word break iterator over the
    /// whole text (UAX #29 word rules with ICU's tailoring, and dictionary segmentation for
    /// Thai, Lao, Khmer, Myanmar and CJK runs, whose data only ICU has), every position at
    /// or past the end counting as a boundary. The boundaries are ICU's own: one
    /// enumeration of `(?w)\b` over the text with NSRegularExpression, a pattern with no
    /// backtracking (linear in the text); everything else of the rule is the compiled
    /// matcher.
    private func isUnicodeWordBoundary(_ position: Int, _ text: UnsafeBufferPointer<UInt16>) -> Bool {
        if wordBoundaries.isEmpty {
            var boundaries = [Bool](repeating: false, count: text.count + 1)
            let string = String(decoding: text, as: UTF16.self)
            Self.unicodeWordBoundary?.enumerateMatches(in: string, range: NSRange(location: 0, length: text.count)) { match, _, _ in
                if let location = match?.range.location, location <= text.count { boundaries[location] = true }
            }
            boundaries[text.count] = true
            wordBoundaries = boundaries
        }
        return wordBoundaries[position]
    }

    private static let unicodeWordBoundary = try? NSRegularExpression(pattern: "\\b", options: [.useUnicodeWordBoundaries])

    private func lookaround(
        _ index: Int, at position: Int, in text: UnsafeBufferPointer<UInt16>, setGroup: (Int, Int) -> Void
    ) -> Bool {
        let look = lookarounds[index]
        let known: UnsafeMutablePointer<UInt8>
        if let made = answers[index] {
            known = made
        } else {
            known = .allocate(capacity: text.count + 1)
            known.initialize(repeating: 0, count: text.count + 1)
            answers[index] = known
        }
        var answer = known[position]
        if answer == 0 {
            let slots = run(index, look, at: position, in: text)
            answer = (slots != nil) != look.negated ? 1 : 2
            known[position] = answer
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
        var from = position
        if look.behind {
            // The nearest start from which some path of the body ends exactly here, found
            // by one backward walk over the window (a try from every start would cost the
            // window's square).
            var walk = BackwardWalk(graph(index), text, end: position, limit: position, nested: nested(index, text))
            let stop = max(0, position - (look.maxLength ?? position))
            guard let start = walk.first(downTo: stop, matchOnlyAtEnd: true) else { return nil }
            guard look.keepsGroups else { return [] }
            from = start
        } else if !look.keepsGroups, look.maxLength != nil {
            // A bounded body: run forward from the position until some path matches or every
            // path died (most die within a code point or two).
            return machine(index).searchSlots(text, from: position, anchored: true, firstEnd: true)
        } else if !look.keepsGroups {
            // An unbounded body: forward runs while they have read little in this text (most
            // stop within a word), then one walk answers every position at once.
            if forwardRead[index] < Self.forwardBudget(text.count) {
                let vm = machine(index)
                vm.readLimit = Self.forwardBudget(text.count) - forwardRead[index]
                defer { vm.readLimit = .max }
                let found = vm.searchSlots(text, from: position, anchored: true, firstEnd: true)
                forwardRead[index] += vm.unitsRead
                if !vm.overLimit { return found }
            }
            var walk = BackwardWalk(graph(index), text, end: text.count, limit: nil, nested: nested(index, text))
            // Only the answer at `position` is needed, but an unbounded body may read to the
            // end: one walk answers every position at once (kept in `answers`).
            let known = answers[index]!
            walk.answerEvery(downTo: 0) { at, matches in known[at] = matches != look.negated ? 1 : 2 }
            return known[position] == (look.negated ? 2 : 1) ? [] : nil
        }
        // The groups of the body's leftmost-first match (a lookbehind's from the start found).
        return machine(index).searchSlots(text, from: from, anchored: true, endAt: look.behind ? position : nil)
    }

    /// The Pike VM of lookaround `index`'s body, made on first use.
    private func machine(_ index: Int) -> PikeVM {
        if let made = machines[index] { return made }
        let made = PikeVM(lookarounds[index].body)
        machines[index] = made
        return made
    }

    /// The backward graph of lookaround `index`'s body and a walk's buffers, made on first
    /// use.
    private func graph(_ index: Int) -> (BodyGraph, ring: UnsafeMutablePointer<Bool>, work: UnsafeMutablePointer<Int32>) {
        if let graph = graphs[index], let buffers = scratch[index] { return (graph, buffers.ring, buffers.work) }
        let graph = BodyGraph(lookarounds[index].body)
        let states = max(graph.body.opcodes.count, 1)
        let buffers = (
            ring: UnsafeMutablePointer<Bool>.allocate(capacity: 3 * states), work: UnsafeMutablePointer<Int32>.allocate(capacity: states)
        )
        graphs[index] = graph
        scratch[index] = buffers
        return (graph, buffers.ring, buffers.work)
    }

    /// The evaluator of lookaround `index`'s own body, kept while the text is the same.
    private func nested(_ index: Int, _ text: UnsafeBufferPointer<UInt16>) -> LookaroundEvaluator? {
        guard lookarounds[index].body.needsEvaluator else { return nil }
        let evaluator = nestedEvaluators[index] ?? LookaroundEvaluator(lookarounds[index].body.lookarounds)
        nestedEvaluators[index] = evaluator
        evaluator.prepare(for: text)
        return evaluator
    }
}

/// A body program's edges reversed, for `BackwardWalk` (made once per lookaround; a class:
/// a walk holds it with one reference).
final class BodyGraph {
    let body: CompiledRegex
    /// Per state, the states that reach it without consuming.
    let predecessors: [[Int32]]
    let consumers: [Int]
    let matches: [Int]

    init(_ body: CompiledRegex) {
        self.body = body
        var predecessors = [[Int32]](repeating: [], count: body.opcodes.count)
        var consumers: [Int] = []
        var matches: [Int] = []
        for pc in body.opcodes.indices {
            switch body.opcodes[pc] {
            case CompiledRegex.opSplit:
                predecessors[Int(body.operand[pc])].append(Int32(pc))
                predecessors[Int(body.successor[pc])].append(Int32(pc))
            case CompiledRegex.opSave, CompiledRegex.opAssert:
                predecessors[Int(body.successor[pc])].append(Int32(pc))
            case CompiledRegex.opConsume:
                consumers.append(pc)
            case CompiledRegex.opMatch:
                matches.append(pc)
            default: break
            }
        }
        self.predecessors = predecessors
        self.consumers = consumers
        self.matches = matches
    }
}

/// Walks a body program backwards over the text: at each code point boundary q (from `end`
/// down), the set of its states from which some path reading the text from q reaches
/// `match` (at any position up to `end`, or only at `end`); the body matches from q when
/// its start state is in the set. One step per position, each over the body's states, so a
/// walk is linear in the distance it covers.
struct BackwardWalk {
    let graph: BodyGraph
    let text: UnsafeBufferPointer<UInt16>
    let end: Int
    /// ICU's active limit for CR LF pairing (a lookbehind's position), `nil`: the text's end.
    let limit: Int?
    /// The sets of positions q, q + 1, q + 2 (a code point is one or two units), state by
    /// state: `ring[slot * states + pc]` (the evaluator's buffer, 3 × states).
    private let ring: UnsafeMutablePointer<Bool>
    /// States marked but not yet closed over (the evaluator's buffer: each state at most
    /// once per position).
    private let work: UnsafeMutablePointer<Int32>
    private var pending = 0
    private let nested: LookaroundEvaluator?

    init(
        _ parts: (BodyGraph, ring: UnsafeMutablePointer<Bool>, work: UnsafeMutablePointer<Int32>), _ text: UnsafeBufferPointer<UInt16>,
        end: Int, limit: Int?, nested: LookaroundEvaluator?
    ) {
        graph = parts.0
        ring = parts.ring
        work = parts.work
        ring.initialize(repeating: false, count: 3 * graph.body.opcodes.count)
        self.text = text
        self.end = end
        self.limit = limit
        self.nested = nested
    }

    /// The largest boundary q in `stop...end` from which the body matches ending exactly
    /// at `end` (`matchOnlyAtEnd`) or anywhere.
    mutating func first(downTo stop: Int, matchOnlyAtEnd: Bool) -> Int? {
        var found: Int? = nil
        walk(downTo: stop, matchOnlyAtEnd: matchOnlyAtEnd) { at, startLive in
            if startLive { found = at }
            return !startLive
        }
        return found
    }

    /// Calls `body(q, matches)` for every boundary q from `end` down to `stop`.
    mutating func answerEvery(downTo stop: Int, _ body: (Int, Bool) -> Void) {
        walk(downTo: stop, matchOnlyAtEnd: false) { at, startLive in
            body(at, startLive)
            return true
        }
    }

    private mutating func walk(downTo stop: Int, matchOnlyAtEnd: Bool, visit: (Int, Bool) -> Bool) {
        let body = graph.body
        let states = body.opcodes.count
        var position = end
        while position >= stop {
            let slot = position % 3 * states
            for pc in 0..<states { ring[slot + pc] = false }
            let isBoundary =
                position == 0 || position == text.count || text[position] & 0xFC00 != 0xDC00 || text[position - 1] & 0xFC00 != 0xD800
            if isBoundary {
                if !matchOnlyAtEnd || position == end {
                    for pc in graph.matches { mark(pc, slot) }
                }
                if position < end {
                    let (scalar, length) = UTF16Text.decode(text, at: position)
                    if position + length <= end {
                        let after = (position + length) % 3 * states
                        for pc in graph.consumers
                        where ring[after + Int(body.successor[pc])] && body.sets[Int(body.operand[pc])].contains(scalar) {
                            mark(pc, slot)
                        }
                    }
                }
                close(slot, at: position)
                if !visit(position, ring[slot]) { return }
            }
            position -= 1
        }
    }

    @inline(__always)
    private mutating func mark(_ pc: Int, _ slot: Int) {
        ring[slot + pc] = true
        work[pending] = Int32(pc)
        pending += 1
    }

    /// Adds every state that reaches a marked one without consuming, its assertions
    /// decided at `position`.
    private mutating func close(_ slot: Int, at position: Int) {
        let body = graph.body
        var context: AssertionContext? = nil
        while pending > 0 {
            pending -= 1
            let pc = Int(work[pending])
            for predecessor in graph.predecessors[pc] where !ring[slot + Int(predecessor)] {
                let p = Int(predecessor)
                if body.opcodes[p] == CompiledRegex.opAssert {
                    let code = body.operand[p]
                    let holds: Bool
                    if AssertionCode.isEvaluated(code), let nested {
                        holds = nested.holds(code, at: position, in: text) { _, _ in }
                    } else {
                        if context == nil { context = AssertionContext(regex: body, text: text, position: position, limit: limit) }
                        holds = context!.holds(code)
                    }
                    guard holds else { continue }
                }
                mark(p, slot)
            }
        }
    }
}

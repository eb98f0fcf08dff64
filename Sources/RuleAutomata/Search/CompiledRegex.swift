// Compiled matcher: the public entry point that runs a `RegexProgram` over UTF-16 text.

import RuleRegex

/// A regex program ready to run. Gives exactly NSRegularExpression's matches for the
/// pattern the program was compiled from: the same ranges and capture groups, in UTF-16
/// offsets, found leftmost-first.
///
/// Searching is a Pike VM (`PikeVM.swift`): one pass over the text with at most one thread
/// per program state, so `firstMatch` takes time proportional to text length × program
/// size whatever the pattern.
package struct CompiledRegex: Sendable {
    /// The program this matcher runs.
    package let program: RegexProgram

    // The program flattened into parallel arrays for the VM's inner loop.
    let opcodes: [UInt8]
    let operand: [Int32]
    let successor: [Int32]
    let sets: [ScalarSet]
    /// Distinct (word, ignorable) set pairs of `\b` / `\B` and of the one-code-point
    /// lookarounds (whose ignorable index is -1: none); `operand` of such an assertion
    /// indexes this table.
    let boundaryPairs: [(word: Int, ignorable: Int)]
    /// The sets of each boundary pair, resolved once (assertion contexts share them).
    let boundarySets: [(word: ScalarSet, ignorable: ScalarSet)]
    /// The lookarounds with bodies (`RegexProgram.Lookaround`), ready to run.
    let lookarounds: [CompiledLookaround]
    /// Some assertion needs a search's `LookaroundEvaluator` (a lookaround with a body, or
    /// a grapheme boundary).
    let needsEvaluator: Bool
    /// The code points a match can start with (every consume the start state reaches
    /// without consuming, narrowed by the one-code-point lookaheads on the way; other
    /// assertions aside); `nil` when the program can match empty. An unanchored search
    /// starts no attempt before any other code point.
    let startSet: ScalarSet?

    static let opConsume: UInt8 = 0
    static let opSplit: UInt8 = 1
    static let opSave: UInt8 = 2
    static let opAssert: UInt8 = 3
    static let opMatch: UInt8 = 4

    /// Prepares `program` for matching. The program must be valid (as every program from
    /// the compiler or from `RegexProgram(decoding:)` is).
    package init(program: RegexProgram) {
        self.program = program
        var opcodes: [UInt8] = []
        var operand: [Int32] = []
        var successor: [Int32] = []
        var pairs: [(word: Int, ignorable: Int)] = []
        func pairIndex(_ word: Int, _ ignorable: Int) -> Int32 {
            if let index = pairs.firstIndex(where: { $0.word == word && $0.ignorable == ignorable }) { return Int32(index) }
            pairs.append((word, ignorable))
            return Int32(pairs.count - 1)
        }
        for instruction in program.instructions {
            switch instruction {
            case .consume(let set, let next):
                opcodes.append(Self.opConsume)
                operand.append(Int32(set))
                successor.append(Int32(next))
            case .split(let preferred, let alternative):
                opcodes.append(Self.opSplit)
                operand.append(Int32(preferred))
                successor.append(Int32(alternative))
            case .save(let slot, let next):
                opcodes.append(Self.opSave)
                operand.append(Int32(slot))
                successor.append(Int32(next))
            case .assert(let assertion, let next):
                opcodes.append(Self.opAssert)
                switch assertion {
                case .wordBoundary(let word, let ignorable):
                    operand.append(AssertionCode.wordBoundary + AssertionCode.operandUnit * pairIndex(word, ignorable))
                case .notWordBoundary(let word, let ignorable):
                    operand.append(AssertionCode.notWordBoundary + AssertionCode.operandUnit * pairIndex(word, ignorable))
                case .previousIn(let set), .previousNotIn(let set), .nextIn(let set), .nextNotIn(let set):
                    operand.append(Int32(assertion.code) + AssertionCode.operandUnit * pairIndex(set, -1))
                case .lookaround(let index):
                    operand.append(AssertionCode.lookaround + AssertionCode.operandUnit * Int32(index))
                default:
                    operand.append(Int32(assertion.code))
                }
                successor.append(Int32(next))
            case .match:
                opcodes.append(Self.opMatch)
                operand.append(0)
                successor.append(0)
            }
        }
        self.opcodes = opcodes
        self.operand = operand
        self.successor = successor
        self.sets = program.sets
        self.boundaryPairs = pairs
        self.boundarySets = pairs.map { (program.sets[$0.word], $0.ignorable < 0 ? ScalarSet() : program.sets[$0.ignorable]) }
        self.lookarounds = program.lookarounds.map(CompiledLookaround.init)
        self.needsEvaluator = operand.indices.contains { opcodes[$0] == Self.opAssert && AssertionCode.isEvaluated(operand[$0]) }
        startSet = Self.startSet(
            opcodes: opcodes, operand: operand, successor: successor, sets: program.sets, pairs: boundarySets)
    }

    /// The code points a match can start with, `nil` when the program can match empty: the
    /// sets of the consumes the start reaches without consuming, each narrowed by the
    /// one-code-point lookaheads passed on the way (the program puts one before each
    /// positive lookahead whose body cannot match empty, see `ProgramBuilder`): a start made
    /// of lookaheads (`(?=www\.)…`) is tried only where its first code point can be.
    private static func startSet(
        opcodes: [UInt8], operand: [Int32], successor: [Int32], sets: [ScalarSet],
        pairs: [(word: ScalarSet, ignorable: ScalarSet)]
    ) -> ScalarSet? {
        var first = ScalarSet()
        // Per pc, the union of the narrowings it was reached with (`nil`: not narrowed);
        // a pc is walked again only with a narrowing its union does not cover.
        var reached: [Int: ScalarSet?] = [:]
        var stack: [(pc: Int, within: ScalarSet?)] = [(0, nil)]
        while let (pc, within) = stack.popLast() {
            guard pc < opcodes.count else { continue }
            var within = within
            if let seen = reached[pc] {
                guard let seen else { continue }  // walked already without narrowing
                if let narrowed = within {
                    if narrowed.subtracting(seen).isEmpty { continue }
                    within = seen.union(narrowed)
                }
            }
            reached[pc] = .some(within)
            func narrowing(_ set: ScalarSet) -> ScalarSet { within.map { $0.intersection(set) } ?? set }
            switch opcodes[pc] {
            case opConsume: first = first.union(narrowing(sets[Int(operand[pc])]))
            case opSplit: stack += [(Int(successor[pc]), within), (Int(operand[pc]), within)]
            case opMatch: return nil
            case opAssert:
                let code = operand[pc]
                var next = within
                switch AssertionCode.kind(code) {
                case AssertionCode.nextIn: next = narrowing(pairs[AssertionCode.index(code)].word)
                case AssertionCode.nextNotIn: next = narrowing(pairs[AssertionCode.index(code)].word.inverted())
                default: break
                }
                stack.append((Int(successor[pc]), next))
            default: stack.append((Int(successor[pc]), within))
            }
        }
        return first
    }

    /// The leftmost-first match starting at or after `from` (a code point boundary), as
    /// the whole match followed by every capture group; `nil` for groups that did not
    /// participate. `nil` when there is no match.
    package func firstMatch(in units: [UInt16], from: Int) -> [TextRange?]? {
        guard from >= 0, from <= units.count else { return nil }
        let vm = PikeVM(self)
        return units.withUnsafeBufferPointer { vm.search($0, from: from) }
    }

    /// All matches, in the order NSRegularExpression enumerates them: each search starts
    /// where the previous match ended, or one code point later after an empty match.
    package func matches(in units: [UInt16]) -> [[TextRange?]] {
        let vm = PikeVM(self)
        return units.withUnsafeBufferPointer { text in Self.enumerate(text) { vm.search(text, from: $0) } }
    }

    /// NSRegularExpression's iteration over a search function: each search starts where
    /// the previous match ended, or one code point later after an empty match.
    static func enumerate(_ text: UnsafeBufferPointer<UInt16>, search: (Int) -> [TextRange?]?) -> [[TextRange?]] {
        var results: [[TextRange?]] = []
        var start = 0
        while start <= text.count, let match = search(start), let whole = match[0] {
            results.append(match)
            if whole.length > 0 {
                start = whole.upperBound
            } else {
                if whole.location >= text.count { break }
                start = whole.location + UTF16Text.decode(text, at: whole.location).length
            }
        }
        return results
    }
}

/// Assertion codes in `CompiledRegex.operand` (the binary form's codes; a word boundary
/// or one-code-point lookaround adds `operandUnit` × its boundary-pair index, a lookaround
/// with a body × its index).
enum AssertionCode {
    static let operandUnit: Int32 = 32
    @inline(__always) static func kind(_ code: Int32) -> Int32 { code & (operandUnit - 1) }
    @inline(__always) static func index(_ code: Int32) -> Int { Int(code / operandUnit) }
    /// Decided by the search's `LookaroundEvaluator`, not by `AssertionContext`.
    @inline(__always) static func isEvaluated(_ code: Int32) -> Bool { kind(code) >= lookaround }

    static let textStart: Int32 = 0
    static let textEnd: Int32 = 1
    static let textEndOrFinalTerminator: Int32 = 2
    static let textEndOrFinalLineFeed: Int32 = 3
    static let lineStart: Int32 = 4
    static let lineStartAfterLineFeed: Int32 = 5
    static let lineEnd: Int32 = 6
    static let lineEndBeforeLineFeed: Int32 = 7
    static let wordBoundary: Int32 = 8
    static let notWordBoundary: Int32 = 9
    static let notBeforeLineFeed: Int32 = 10
    static let previousIn: Int32 = 11
    static let previousNotIn: Int32 = 12
    static let nextIn: Int32 = 13
    static let nextNotIn: Int32 = 14
    static let lookaround: Int32 = 15
    static let graphemeBoundary: Int32 = 16
    static let notGraphemeBoundary: Int32 = 17
    static let unicodeWordBoundary: Int32 = 18
    static let notUnicodeWordBoundary: Int32 = 19
}

/// UTF-16 decoding as the matcher sees text.
enum UTF16Text {
    /// The code point at `position` and its length in code units. An unpaired surrogate
    /// reads as U+FFFD, one unit long, exactly as it does once the text is a Swift `String`
    /// (which is what NSRegularExpression receives).
    @inline(__always)
    static func decode(_ text: UnsafeBufferPointer<UInt16>, at position: Int) -> (scalar: UInt32, length: Int) {
        let unit = text[position]
        if unit & 0xF800 != 0xD800 { return (UInt32(unit), 1) }
        if unit < 0xDC00, position + 1 < text.count {
            let low = text[position + 1]
            if low & 0xFC00 == 0xDC00 {
                return (0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00), 2)
            }
        }
        return (0xFFFD, 1)
    }

    /// The code point that ends at `position` (exclusive), decoding backwards.
    static func decode(_ text: UnsafeBufferPointer<UInt16>, before position: Int) -> (scalar: UInt32, length: Int) {
        let unit = text[position - 1]
        if unit & 0xF800 != 0xD800 { return (UInt32(unit), 1) }
        if unit >= 0xDC00, position >= 2 {
            let high = text[position - 2]
            if high & 0xFC00 == 0xD800 {
                return (0x10000 + ((UInt32(high) - 0xD800) << 10) + (UInt32(unit) - 0xDC00), 2)
            }
        }
        return (0xFFFD, 1)
    }

    /// ICU's line terminators: `\n \v \f \r`, U+0085, U+2028, U+2029.
    @inline(__always)
    static func isLineTerminator(_ unit: UInt16) -> Bool {
        (unit >= 0x0A && unit <= 0x0D) || unit == 0x85 || unit == 0x2028 || unit == 0x2029
    }
}

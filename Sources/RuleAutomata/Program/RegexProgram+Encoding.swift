// The binary form of a `RegexProgram`: what generated Swift embeds as a base64 string.
//
// Layout (all integers are unsigned LEB128 varints unless marked as a byte):
//
//   "RX" (2 bytes)  version (byte, currently 1)
//   captureCount  startFilter (byte)
//   setCount, then per set: rangeCount, then per range: gap from the previous range's
//     end + 1 (from 0 for the first), length - 1
//   instructionCount, then per instruction an opcode byte and its operands:
//     0 consume set next | 1 split preferred alternative | 2 save slot next
//     3 assert kind(byte) [word ignorable, for kinds 8 and 9] [set, for kinds 11–14]
//       [lookaround index, for kind 15] next | 4 match  (kinds 16, 17: grapheme boundaries; 18, 19: (?w) word boundaries)
//   version 2 only (a program with lookarounds): lookaroundCount, then per lookaround a
//     flags byte (1 behind, 2 negated, 4 bounded), maxLength if bounded, and the body's
//     own binary form as a length-prefixed blob (the same captureCount)
//
// A program without lookarounds is written as version 1, so its bytes are those of the
// first form. Versions 3 and 4 are 1 and 2 as generated code's per-rule chunks write them
// (`CompiledRuleSet.encodedRules()`): each set is a block that may be shared between
// rules — a marker byte, then the set inline (0, length-prefixed) or the 8-byte key of a
// shared block (1). Decoding checks every index, so a decoded program is always safe to run.

import RuleRegex

extension RegexProgram {
    /// The current version of the binary form (version 1, the same without lookarounds,
    /// is written for programs that have none).
    package static let encodingVersion: UInt8 = 2
    /// How deeply lookaround bodies may nest in a decoded program (the parser allows 99
    /// nested groups, so every compiled program decodes).
    static let maxLookaroundDepth = 100

    /// Why bytes are not a valid encoded program (the error of every compiled binary form).
    package typealias DecodingError = BinaryDecodingError

    /// The compact binary form; with `shared`, sets are blocks rules may share (versions 3
    /// and 4).
    package func encoded(shared: SharedBlocks? = nil) -> [UInt8] {
        var out = BinaryWriter(shared: shared)
        out.byte(0x52)
        out.byte(0x58)
        out.byte((lookarounds.isEmpty ? 1 : Self.encodingVersion) + (shared == nil ? 0 : 2))
        out.varint(captureCount)
        out.byte(startFilter.rawValue)
        out.varint(sets.count)
        for set in sets {
            var setWriter = BinaryWriter()
            setWriter.varint(set.ranges.count)
            var next: UInt32 = 0
            for range in set.ranges {
                setWriter.varint(Int(range.lowerBound - next))
                setWriter.varint(Int(range.upperBound - range.lowerBound))
                next = range.upperBound + 1
            }
            if shared == nil {
                out.bytesAppended(setWriter.bytes)
            } else {
                out.shareable(setWriter.bytes)
            }
        }
        out.varint(instructions.count)
        for instruction in instructions {
            switch instruction {
            case .consume(let set, let next):
                out.byte(0)
                out.varint(set)
                out.varint(next)
            case .split(let preferred, let alternative):
                out.byte(1)
                out.varint(preferred)
                out.varint(alternative)
            case .save(let slot, let next):
                out.byte(2)
                out.varint(slot)
                out.varint(next)
            case .assert(let assertion, let next):
                out.byte(3)
                out.byte(assertion.code)
                for operand in assertion.operands { out.varint(operand) }
                out.varint(next)
            case .match:
                out.byte(4)
            }
        }
        if !lookarounds.isEmpty {
            out.varint(lookarounds.count)
            for look in lookarounds {
                out.byte((look.behind ? 1 : 0) | (look.negated ? 2 : 0) | (look.maxLength == nil ? 0 : 4))
                if let maxLength = look.maxLength { out.varint(maxLength) }
                out.blob(look.body.encoded(shared: shared))
            }
        }
        return out.bytes
    }

    /// Reads a program written by `encoded()`; throws on any malformed or unknown input.
    /// `shared`: the blocks a program of version 3 or 4 may refer to.
    package init(decoding bytes: [UInt8], shared: [UInt64: [UInt8]] = [:]) throws(DecodingError) {
        try self.init(decoding: bytes, shared: shared, depth: 0)
    }

    private init(decoding bytes: [UInt8], shared: [UInt64: [UInt8]], depth: Int) throws(DecodingError) {
        var reader = BinaryReader(bytes: bytes, shared: shared)
        guard try reader.byte() == 0x52, try reader.byte() == 0x58 else { throw DecodingError("bad magic") }
        let version = try reader.byte()
        guard (1...4).contains(version) else { throw DecodingError("unsupported version \(version)") }
        let sharedSets = version >= 3
        let captureCount = try reader.varint()
        guard captureCount < 1 << 20 else { throw DecodingError("too many capture groups") }
        guard let filter = StartFilter(rawValue: try reader.byte()) else { throw DecodingError("bad start filter") }
        func readSet(_ r: inout BinaryReader) throws(DecodingError) -> ScalarSet {
            var ranges: [ClosedRange<UInt32>] = []
            var next = 0
            for _ in 0..<(try r.count()) {
                let low = next + (try r.varint())
                let high = low + (try r.varint())
                guard high <= Int(ScalarSet.maxScalar) else { throw DecodingError("code point out of range") }
                ranges.append(UInt32(low)...UInt32(high))
                next = high + 1
            }
            return ScalarSet(ranges: ranges)
        }
        var sets: [ScalarSet] = []
        for _ in 0..<(try reader.count()) {
            guard sharedSets else {
                sets.append(try readSet(&reader))
                continue
            }
            var block = reader.reader(of: try reader.shareable())
            sets.append(try readSet(&block))
            guard block.isAtEnd else { throw DecodingError("trailing bytes in a set") }
        }
        let count = try reader.count()
        var instructions: [Instruction] = []
        instructions.reserveCapacity(count)
        for _ in 0..<count { instructions.append(try reader.instruction()) }
        var lookarounds: [Lookaround] = []
        if version == 2 || version == 4 {
            guard depth < Self.maxLookaroundDepth else { throw DecodingError("lookarounds nested too deeply") }
            let lookaroundCount = try reader.count()
            guard lookaroundCount > 0 else { throw DecodingError("version \(version) without lookarounds") }
            for _ in 0..<lookaroundCount {
                let flags = try reader.byte()
                guard flags < 8 else { throw DecodingError("bad lookaround flags") }
                let maxLength = flags & 4 != 0 ? try reader.varint() : nil
                guard flags & 1 == 0 || maxLength != nil else { throw DecodingError("unbounded lookbehind") }
                let body = try RegexProgram(decoding: try reader.blob(), shared: shared, depth: depth + 1)
                guard body.captureCount == captureCount else { throw DecodingError("lookaround body with other groups") }
                lookarounds.append(Lookaround(behind: flags & 1 != 0, negated: flags & 2 != 0, maxLength: maxLength, body: body))
            }
        }
        guard reader.isAtEnd else { throw DecodingError("trailing bytes") }
        self.init(instructions: instructions, sets: sets, captureCount: captureCount, startFilter: filter, lookarounds: lookarounds)
        try validate()
    }

    /// Every successor, set and slot index is in range, and there is a state to start at.
    private func validate() throws(DecodingError) {
        guard !instructions.isEmpty else { throw DecodingError("no instructions") }
        let states = instructions.count
        func target(_ pc: Int) throws(DecodingError) {
            guard pc < states else { throw DecodingError("successor \(pc) out of range") }
        }
        func set(_ index: Int) throws(DecodingError) {
            guard index < sets.count else { throw DecodingError("set \(index) out of range") }
        }
        for instruction in instructions {
            switch instruction {
            case .consume(let index, let next):
                try set(index)
                try target(next)
            case .split(let preferred, let alternative):
                try target(preferred)
                try target(alternative)
            case .save(let slot, let next):
                guard slot < slotCount else { throw DecodingError("capture slot \(slot) out of range") }
                try target(next)
            case .assert(let assertion, let next):
                switch assertion {
                case .wordBoundary(let word, let ignorable), .notWordBoundary(let word, let ignorable):
                    try set(word)
                    try set(ignorable)
                case .previousIn(let index), .previousNotIn(let index), .nextIn(let index), .nextNotIn(let index):
                    try set(index)
                case .lookaround(let index):
                    guard index < lookarounds.count else { throw DecodingError("lookaround \(index) out of range") }
                default: break
                }
                try target(next)
            case .match: break
            }
        }
    }
}

extension RegexProgram.Assertion {
    /// The byte that names the assertion in the binary form.
    var code: UInt8 {
        switch self {
        case .textStart: return 0
        case .textEnd: return 1
        case .textEndOrFinalTerminator: return 2
        case .textEndOrFinalLineFeed: return 3
        case .lineStart: return 4
        case .lineStartAfterLineFeed: return 5
        case .lineEnd: return 6
        case .lineEndBeforeLineFeed: return 7
        case .wordBoundary: return 8
        case .notWordBoundary: return 9
        case .notBeforeLineFeed: return 10
        case .previousIn: return 11
        case .previousNotIn: return 12
        case .nextIn: return 13
        case .nextNotIn: return 14
        case .lookaround: return 15
        case .graphemeBoundary: return 16
        case .notGraphemeBoundary: return 17
        case .unicodeWordBoundary: return 18
        case .notUnicodeWordBoundary: return 19
        }
    }

    /// The integers written after the code byte.
    var operands: [Int] {
        switch self {
        case .wordBoundary(let word, let ignorable), .notWordBoundary(let word, let ignorable): return [word, ignorable]
        case .previousIn(let set), .previousNotIn(let set), .nextIn(let set), .nextNotIn(let set): return [set]
        case .lookaround(let index): return [index]
        default: return []
        }
    }
}

extension BinaryReader {
    mutating func instruction() throws(RegexProgram.DecodingError) -> RegexProgram.Instruction {
        switch try byte() {
        case 0: return .consume(set: try varint(), next: try varint())
        case 1: return .split(preferred: try varint(), alternative: try varint())
        case 2: return .save(slot: try varint(), next: try varint())
        case 3:
            let code = try byte()
            let assertion: RegexProgram.Assertion
            switch code {
            case 0: assertion = .textStart
            case 1: assertion = .textEnd
            case 2: assertion = .textEndOrFinalTerminator
            case 3: assertion = .textEndOrFinalLineFeed
            case 4: assertion = .lineStart
            case 5: assertion = .lineStartAfterLineFeed
            case 6: assertion = .lineEnd
            case 7: assertion = .lineEndBeforeLineFeed
            case 8: assertion = .wordBoundary(word: try varint(), ignorable: try varint())
            case 9: assertion = .notWordBoundary(word: try varint(), ignorable: try varint())
            case 10: assertion = .notBeforeLineFeed
            case 11: assertion = .previousIn(set: try varint())
            case 12: assertion = .previousNotIn(set: try varint())
            case 13: assertion = .nextIn(set: try varint())
            case 14: assertion = .nextNotIn(set: try varint())
            case 15: assertion = .lookaround(try varint())
            case 16: assertion = .graphemeBoundary
            case 17: assertion = .notGraphemeBoundary
            case 18: assertion = .unicodeWordBoundary
            case 19: assertion = .notUnicodeWordBoundary
            default: throw RegexProgram.DecodingError("unknown assertion \(code)")
            }
            return .assert(assertion, next: try varint())
        case 4: return .match
        case let opcode: throw RegexProgram.DecodingError("unknown opcode \(opcode)")
        }
    }
}

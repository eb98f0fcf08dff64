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
//     3 assert kind(byte) [word ignorable, for kinds 8 and 9] next | 4 match
//
// Decoding checks every index, so a decoded program is always safe to run.

extension RegexProgram {
    /// The current version of the binary form.
    package static let encodingVersion: UInt8 = 1

    /// Why bytes are not a valid encoded program (the error of every compiled binary form).
    package typealias DecodingError = BinaryDecodingError

    /// The compact binary form.
    package func encoded() -> [UInt8] {
        var out = BinaryWriter()
        out.byte(0x52)
        out.byte(0x58)
        out.byte(Self.encodingVersion)
        out.varint(captureCount)
        out.byte(startFilter.rawValue)
        out.varint(sets.count)
        for set in sets {
            out.varint(set.ranges.count)
            var next: UInt32 = 0
            for range in set.ranges {
                out.varint(Int(range.lowerBound - next))
                out.varint(Int(range.upperBound - range.lowerBound))
                next = range.upperBound + 1
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
                if case .wordBoundary(let word, let ignorable) = assertion {
                    out.varint(word)
                    out.varint(ignorable)
                } else if case .notWordBoundary(let word, let ignorable) = assertion {
                    out.varint(word)
                    out.varint(ignorable)
                }
                out.varint(next)
            case .match:
                out.byte(4)
            }
        }
        return out.bytes
    }

    /// Reads a program written by `encoded()`; throws on any malformed or unknown input.
    package init(decoding bytes: [UInt8]) throws(DecodingError) {
        var reader = BinaryReader(bytes: bytes)
        guard try reader.byte() == 0x52, try reader.byte() == 0x58 else { throw DecodingError("bad magic") }
        let version = try reader.byte()
        guard version == Self.encodingVersion else { throw DecodingError("unsupported version \(version)") }
        let captureCount = try reader.varint()
        guard captureCount < 1 << 20 else { throw DecodingError("too many capture groups") }
        guard let filter = StartFilter(rawValue: try reader.byte()) else { throw DecodingError("bad start filter") }
        var sets: [ScalarSet] = []
        for _ in 0..<(try reader.count()) {
            var ranges: [ClosedRange<UInt32>] = []
            var next = 0
            for _ in 0..<(try reader.count()) {
                let low = next + (try reader.varint())
                let high = low + (try reader.varint())
                guard high <= Int(ScalarSet.maxScalar) else { throw DecodingError("code point out of range") }
                ranges.append(UInt32(low)...UInt32(high))
                next = high + 1
            }
            sets.append(ScalarSet(ranges: ranges))
        }
        let count = try reader.count()
        var instructions: [Instruction] = []
        instructions.reserveCapacity(count)
        for _ in 0..<count { instructions.append(try reader.instruction()) }
        guard reader.isAtEnd else { throw DecodingError("trailing bytes") }
        self.init(instructions: instructions, sets: sets, captureCount: captureCount, startFilter: filter)
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
                if case .wordBoundary(let word, let ignorable) = assertion {
                    try set(word)
                    try set(ignorable)
                } else if case .notWordBoundary(let word, let ignorable) = assertion {
                    try set(word)
                    try set(ignorable)
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
            default: throw RegexProgram.DecodingError("unknown assertion \(code)")
            }
            return .assert(assertion, next: try varint())
        case 4: return .match
        case let opcode: throw RegexProgram.DecodingError("unknown opcode \(opcode)")
        }
    }
}

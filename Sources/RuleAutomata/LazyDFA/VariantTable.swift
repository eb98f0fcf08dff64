// The lazy DFA's resolved variants: (state, known lookaround answers) → row, asked at every
// answer. A Swift `Dictionary` spent ~150 instructions per lookup hashing with SipHash;
// this open-addressed table hashes with two multiplications.

/// A map from (state, answers) to a row, with linear probing over a power-of-two table.
struct VariantTable {
    private var states: [Int] = []  // -1: empty slot
    private var looks: [UInt64] = []
    private var rows: [Int] = []
    private var count = 0
    private var mask = -1

    /// The row stored for `state` with `look`, if any.
    func row(state: Int, look: UInt64) -> Int? {
        guard count > 0 else { return nil }
        var slot = Self.hash(state, look) & mask
        while true {
            let stored = states[slot]
            if stored < 0 { return nil }
            if stored == state, looks[slot] == look { return rows[slot] }
            slot = (slot + 1) & mask
        }
    }

    /// Stores `row` for `state` with `look` (not stored yet).
    mutating func insert(state: Int, look: UInt64, row: Int) {
        if 2 * (count + 1) > states.count { grow() }
        var slot = Self.hash(state, look) & mask
        while states[slot] >= 0 { slot = (slot + 1) & mask }
        states[slot] = state
        looks[slot] = look
        rows[slot] = row
        count += 1
    }

    mutating func removeAll() {
        guard count > 0 else { return }
        self = VariantTable()
    }

    private mutating func grow() {
        let old = (states, looks, rows)
        let size = max(16, 2 * old.0.count)
        states = [Int](repeating: -1, count: size)
        looks = [UInt64](repeating: 0, count: size)
        rows = [Int](repeating: 0, count: size)
        mask = size - 1
        count = 0
        for slot in old.0.indices where old.0[slot] >= 0 { insert(state: old.0[slot], look: old.1[slot], row: old.2[slot]) }
    }

    private static func hash(_ state: Int, _ look: UInt64) -> Int {
        let mixed = (UInt64(truncatingIfNeeded: state) &* 0x9E37_79B9_7F4A_7C15) ^ (look &* 0xC2B2_AE3D_27D4_EB4F)
        return Int(truncatingIfNeeded: mixed >> 17 ^ mixed)
    }
}

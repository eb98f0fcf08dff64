import TestSupport
import XCTest

@testable import RuleAutomata
@testable import RuleRuntime

/// The prefilter's building blocks; its soundness end to end is covered by the
/// differential tests (every compiled rule runs behind it).
final class PrefilterTests: XCTestCase {
    func testSIMDSkipFindsTheFirstTarget() {
        let seed = testSeed(0x5EED_5C1B)
        var rng = SeededGenerator(seed: seed)
        let alphabet: [UInt16] = [0x61, 0x62, 0x40, 0x23, 0x4E2D, 0xD83D, 0xDE00, 0x0A]
        let targets = SIMD8<UInt16>(0x40, 0x23, 0x40, 0x23, 0x40, 0x23, 0x40, 0x23)
        for _ in 0..<3_000 {
            let units = (0..<rng.below(70)).map { _ in rng.below(6) == 0 ? rng.pick(alphabet) : 0x61 }
            let from = rng.below(units.count + 1)
            let expected = units.indices.first { $0 >= from && (units[$0] == 0x40 || units[$0] == 0x23) } ?? units.count
            units.withUnsafeBufferPointer { text in
                guard let base = text.baseAddress else { return }
                XCTAssertEqual(Prefilter.skip(base, text.count, from: from, targets), expected, "seed \(seed): \(units) from \(from)")
            }
        }
    }
}

import TestSupport
import XCTest

@testable import RuleAutomata
@_spi(Generated) @testable import RuleRuntime

/// Stage 2: the resolver against a deliberately naive one (all pairs, no shortcuts).
final class ResolverTests: XCTestCase {
    /// The outcome of a resolution, comparable between implementations (whatever order
    /// each lists them in).
    private struct Outcome: Equatable, CustomStringConvertible {
        var kept: [Int]
        var discarded: [String]
        init(kept: [Int], discarded: [Resolution.Discard]) {
            self.kept = kept.sorted()
            self.discarded = discarded.sorted { $0.index < $1.index }.map { "\($0.index) by \($0.by) (\($0.decider))" }
        }
        var description: String { "kept \(kept), discarded \(discarded)" }
    }

    /// Rule 3 of the resolution contract (docs/Language.md) read literally: sort by the ranking, then compare each candidate
    /// with every candidate kept so far.
    private func naiveResolve(_ candidates: [Candidate], priorities: [Int]) -> Outcome {
        func priority(_ i: Int) -> Int { priorities[candidates[i].ruleIndex] }
        let order = candidates.indices.filter { candidates[$0].range.length > 0 }.sorted { a, b in
            let x = candidates[a], y = candidates[b]
            return (-priority(a), x.range.location, -x.range.length, x.ruleIndex, a)
                < (-priority(b), y.range.location, -y.range.length, y.ruleIndex, b)
        }
        var kept: [Int] = []
        var discarded: [Resolution.Discard] = []
        for i in order {
            let c = candidates[i].range
            var winner: Int?
            for k in kept {  // in ranking order: the first overlapping one is the best-ranked
                let o = candidates[k].range
                if max(c.location, o.location) < min(c.location + c.length, o.location + o.length) {
                    winner = k
                    break
                }
            }
            guard let w = winner else {
                kept.append(i)
                continue
            }
            let decider: DiscardReason.Decider
            if priority(w) > priority(i) {
                decider = .priority
            } else if candidates[w].range.location < c.location {
                decider = .position
            } else if candidates[w].range.length > c.length {
                decider = .length
            } else {
                decider = .declarationOrder
            }
            discarded.append(Resolution.Discard(index: i, by: w, decider: decider))
        }
        return Outcome(kept: kept, discarded: discarded)
    }

    private func resolve(_ candidates: [Candidate], _ priorities: [Int]) -> Outcome {
        let result = Resolver.resolve(candidates, priorities: priorities)
        // The order `render` relies on: kept in text order; discarded by range, rule, index.
        let kept = result.kept.map { candidates[$0].range.location }
        XCTAssertEqual(kept, kept.sorted(), "kept candidates are in text order")
        let discarded = result.discarded.map { (candidates[$0.index].range, candidates[$0.index].ruleIndex, $0.index) }
        XCTAssert(zip(discarded, discarded.dropFirst()).allSatisfy { $0 < $1 }, "discarded candidates are in range order")
        return Outcome(kept: result.kept, discarded: result.discarded)
    }

    // MARK: Random texts through a table of overlapping rules

    private static let pieces = [
        "a", "b", "x", "1", "2", "9", "@", "#", " ", " ", "<h1>", "</h1>", "<h2/>", "<h>", "中", "文", "😀", "\n", "_",
    ]

    private static let rules: [RuleEntry] = [
        Fixture.tags("h"),
        Fixture.regex("mention", #"@\w+"#),
        Fixture.prefix("topic", "#"),
        Fixture.regex("number", #"\d+"#),
        Fixture.regex("word", #"[a-z]+\d*"#),
        Fixture.regex("han", #"\p{Han}+\S?"#),
        Fixture.regex("markup", #"<[^>]{1,3}>"#),
    ]

    func testRandomTextsAgainstNaiveResolver() throws {
        let seed = testSeed(0x5EED_0001)
        var rng = SeededGenerator(seed: seed)
        let matcher = try RuleMatcher(table: Fixture.table(Self.rules))
        var candidateTotal = 0
        for iteration in 0..<3000 {
            let text = (0..<Int.random(in: 0...40, using: &rng)).map { _ in Self.pieces.randomElement(using: &rng)! }.joined()
            let candidates = matcher.candidates(in: text).shuffled(using: &rng)
            candidateTotal += candidates.count
            let priorities = Self.rules.map { _ in Int.random(in: 0...2, using: &rng) }
            let expected = naiveResolve(candidates, priorities: priorities)
            let actual = resolve(candidates, priorities)
            if actual != expected {
                XCTFail(
                    "seed \(seed) iteration \(iteration): text \(text.debugDescription), priorities \(priorities): expected \(expected), got \(actual)"
                )
                return
            }
        }
        XCTAssertGreaterThan(candidateTotal, 10_000, "seed \(seed): the texts should produce many candidates")
    }

    func testRandomCandidateListsAgainstNaiveResolver() {
        let seed = testSeed(0x5EED_0002)
        var rng = SeededGenerator(seed: seed)
        for iteration in 0..<3000 {
            let ruleCount = Int.random(in: 1...6, using: &rng)
            let priorities = (0..<ruleCount).map { _ in Int.random(in: -1...2, using: &rng) }
            var candidates = (0..<Int.random(in: 0...60, using: &rng)).map { _ in
                Candidate(
                    ruleIndex: Int.random(in: 0..<ruleCount, using: &rng),
                    range: range(Int.random(in: 0...50, using: &rng), Int.random(in: 0...15, using: &rng)))
            }
            if iteration % 3 == 0 {
                // In text order and disjoint, as the compiled scan usually emits (the
                // resolver's fast path), sometimes with a touching, empty or late one.
                var location = 0
                candidates = (0..<Int.random(in: 0...8, using: &rng)).map { _ in
                    location += Int.random(in: 0...3, using: &rng)
                    let length = Int.random(in: 1...5, using: &rng)
                    defer { location += length }
                    return Candidate(ruleIndex: Int.random(in: 0..<ruleCount, using: &rng), range: range(location, length))
                }
                if rng.below(4) == 0 {
                    candidates.append(
                        Candidate(
                            ruleIndex: Int.random(in: 0..<ruleCount, using: &rng),
                            range: range(Int.random(in: 0...location, using: &rng), Int.random(in: 0...4, using: &rng))))
                }
            } else if let duplicate = candidates.randomElement(using: &rng) {
                candidates.append(duplicate)
            }
            let expected = naiveResolve(candidates, priorities: priorities)
            let actual = resolve(candidates, priorities)
            if actual != expected {
                XCTFail(
                    "seed \(seed) iteration \(iteration): candidates \(candidates.map { "\($0.ruleIndex)\($0.range)" }), priorities \(priorities): expected \(expected), got \(actual)"
                )
                return
            }
        }
    }

    // MARK: Specific cases

    func testDecidersAndEmptyCandidates() {
        let candidates = [
            Candidate(ruleIndex: 0, range: range(0, 5)),  // kept: rank 1 (priority 1)
            Candidate(ruleIndex: 1, range: range(2, 5)),  // priority 2 → kept first
            Candidate(ruleIndex: 0, range: range(7, 2)),  // kept
            Candidate(ruleIndex: 0, range: range(8, 4)),  // loses to [7,2] on position
            Candidate(ruleIndex: 0, range: range(7, 1)),  // loses on length
            Candidate(ruleIndex: 2, range: range(7, 2)),  // same priority as rule 0: declaration order
            Candidate(ruleIndex: 0, range: range(3, 0)),  // empty: ignored
        ]
        let result = resolve(candidates, [1, 2, 1])
        XCTAssertEqual(result.kept, [1, 2])
        XCTAssertEqual(result.discarded, ["0 by 1 (priority)", "3 by 2 (position)", "4 by 2 (length)", "5 by 2 (declarationOrder)"])
    }

    func testDiscardedByBestRankedOfSeveralKept() {
        // [0,10) overlaps both kept ones; the best-ranked one (priority 5) is reported.
        let candidates = [
            Candidate(ruleIndex: 0, range: range(0, 10)), Candidate(ruleIndex: 1, range: range(8, 2)),
            Candidate(ruleIndex: 2, range: range(1, 1)),
        ]
        XCTAssertEqual(resolve(candidates, [0, 3, 5]).discarded, ["0 by 2 (priority)"])
    }

    /// Many long, nested and duplicated candidates over a 1 MB span: the result is
    /// consistent (kept ones disjoint, each discarded one overlaps its winner, which beats it).
    func testLargeInputIsConsistent() {
        let seed = testSeed(0x5EED_0003)
        var rng = SeededGenerator(seed: seed)
        let span = 1 << 20
        let candidates = (0..<60_000).map { i in
            Candidate(
                ruleIndex: i % 8,
                range: range(
                    Int.random(in: 0..<span, using: &rng),
                    i % 100 == 0 ? Int.random(in: 0...span / 4, using: &rng) : Int.random(in: 1...40, using: &rng)))
        }
        let priorities = (0..<8).map { $0 % 3 }
        let result = Resolver.resolve(candidates, priorities: priorities)
        let kept = result.kept.map { candidates[$0].range }.sorted()
        for (a, b) in zip(kept, kept.dropFirst()) where a.overlaps(b) {
            return XCTFail("seed \(seed): kept \(a) and \(b) overlap")
        }
        XCTAssertEqual(result.kept.count + result.discarded.count, candidates.filter { $0.range.length > 0 }.count, "seed \(seed)")
        let ranking = Resolver.ranking(candidates, priorities: priorities)
        var rank = [Int](repeating: -1, count: candidates.count)
        for (r, i) in ranking.enumerated() { rank[i] = r }
        for d in result.discarded where !(candidates[d.index].range.overlaps(candidates[d.by].range) && rank[d.by] < rank[d.index]) {
            return XCTFail("seed \(seed): \(d) is not beaten by its winner")
        }
    }
}

import Foundation
import RuleCompiler
@_spi(Testing) import RuleRuntime
import TestSupport
import XCTest

/// `RichStream` against whole renders: random texts (the detectors' pieces and shapes,
/// the nesting pool's markup, lines of the detectors' fixtures) appended in random pieces
/// (1…64 scalars; CR and LF, marks and joiners split from what they follow), and after
/// every append the stream's result equals `engine.render(text so far)` — on the repo's
/// specs and random container specs, both engines (the compiled one streams from its safe
/// point; NSRegularExpression's renders whole, and says so). The display before the safe
/// point never changes afterwards, and `firstChangedDisplayOffset` is a true bound. 240
/// streams by default, 100,000 with `RICHRULES_LONG=1`; `RICHRULES_SEED` replays a run.
final class StreamDifferentialTests: XCTestCase {
    struct Engines {
        var name: String
        var compiled: RuleEngine
        var icu: RuleEngine
    }

    static func engines(spec: String, path: String) throws -> Engines {
        let output = Compiler.compile(source: spec, path: path, analyze: false)
        let table = try XCTUnwrap(output.table, "\(path): \(output.diagnostics.map(\.message))")
        return Engines(
            name: path, compiled: try RuleEngine(table: table, automata: XCTUnwrap(output.automata)), icu: try RuleEngine(reference: table))
    }

    static func repoSpec(_ name: String) throws -> Engines {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Specs/\(name)")
        return try engines(spec: String(contentsOf: url, encoding: .utf8), path: url.path)
    }

    /// Lines of the detectors' fixtures (URLs, emails, phone numbers in context).
    static let fixtureLines: [String] = {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Resources/Detectors")
        var lines: [String] = []
        for name in ["twitter-text.txt", "phones-libphonenumber.txt", "cases.txt"] {
            guard let text = try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8) else { continue }
            lines += text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty }.prefix(400)
        }
        return lines
    }()

    static let chatPieces = [
        "**", "*", "_", "`", "@carol", "@bob_", "#swift", "#สวัสดีครับ", ":smile:", ":+1:", "12:30:45", " ", "\n", "\r\n",
        "great job", "snake_case_name", "a@b.com", "+1 415 555 0132", "https://example.com/@bob", "www.apple.com", "x", "é", "😀",
        "\u{200D}", "\u{301}", "🇫🇷", ".", ",", "(", ")", "end", "# head", "12px", "abc123", "&amp;", "&#x1F600;", "zz", "qu",
        "👩\u{200D}💻",
    ]

    static func text(_ rng: inout SeededGenerator) -> String {
        switch rng.below(4) {
        case 0: return DetectorDifferentialTests.text(&rng)
        case 1: return NestingDifferentialTests.randomText(&rng, depth: 3)
        case 2:
            let lines = fixtureLines.isEmpty ? ["see https://example.com"] : fixtureLines
            return (0..<(1 + rng.below(4))).map { _ in rng.pick(lines) }.joined(separator: rng.pick([" ", "\n", "\n\n"]))
        default: return (0..<(2 + rng.below(30))).map { _ in rng.pick(chatPieces) }.joined()
        }
    }

    /// `text` cut into pieces of 1…`longest` scalars.
    static func pieces(_ text: String, _ rng: inout SeededGenerator) -> [String] {
        let scalars = Array(text.unicodeScalars)
        let longest = rng.pick([1, 2, 4, 16, 64])
        var pieces: [String] = []
        var at = 0
        while at < scalars.count {
            let count = min(scalars.count - at, 1 + rng.below(longest))
            var piece = String.UnicodeScalarView()
            piece.append(contentsOf: scalars[at..<at + count])
            pieces.append(String(piece))
            at += count
        }
        return pieces
    }

    /// Streams `pieces` into `engine`, checking every append; returns whether it stopped
    /// at a failure.
    /// Appends checked, appends that re-read only after the safe point, and the units
    /// re-read after it in all (for the summary line).
    struct Tally {
        var appends = 0
        var streamed = 0
        var tail = 0
    }

    @discardableResult
    static func check(_ engine: RuleEngine, _ pieces: [String], _ context: String, tally: inout Tally) -> Bool {
        var stream = RichStream(engine: engine)
        var finals: [(length: Int, display: String)] = []
        for piece in pieces {
            let previous = stream.result
            let before = stream.result.display
            let change = stream.append(piece)
            let expected = engine.render(stream.text)
            let shown = "\(context)\nafter appending \(piece.debugDescription): text \(stream.text.debugDescription)"
            guard change.result == expected else {
                XCTFail(
                    "\(shown)\nstream: \(change.result.matches.map { "\($0.rule)\($0.range)" })"
                        + "\nrender: \(expected.matches.map { "\($0.rule)\($0.range)" })"
                        + "\nstream discarded: \(change.result.discarded.map { "\($0.match.rule)\($0.match.range)" })"
                        + "\nrender discarded: \(expected.discarded.map { "\($0.match.rule)\($0.match.range)" })"
                        + "\nsafe point \(change.finalSourceLength)")
                return true
            }
            // Removed and added: what follows the common prefix of the matches; extended: an
            // added match with the rule and start of a removed one.
            func key(_ m: RuleMatch) -> String { "\(m.rule)\(m.range)\(m.displayRange)\(m.parent ?? -1)" }
            let common = change.added.lowerBound
            guard change.removed.lowerBound == common, change.removed.upperBound == previous.matches.count,
                change.added.upperBound == expected.matches.count,
                previous.matches.prefix(common).map(key) == expected.matches.prefix(common).map(key),
                common == previous.matches.count || common == expected.matches.count
                    || key(previous.matches[common]) != key(expected.matches[common]),
                change.extended.allSatisfy({ index in
                    change.added.contains(index)
                        && previous.matches[change.removed].contains {
                            $0.rule == expected.matches[index].rule && $0.range.location == expected.matches[index].range.location
                        }
                })
            else {
                XCTFail(
                    "\(shown)\nremoved \(change.removed), added \(change.added), extended \(change.extended) do not describe the change")
                return true
            }
            let after = Array(expected.display.utf16)
            let first = change.firstChangedDisplayOffset
            guard first <= before.utf16.count, first <= after.count, Array(before.utf16.prefix(first)) == Array(after.prefix(first)) else {
                XCTFail(
                    "\(shown)\nfirstChangedDisplayOffset \(first) is past a change: \(before.debugDescription) → \(expected.display.debugDescription)"
                )
                return true
            }
            guard change.finalDisplayLength <= after.count,
                change.provisional.allSatisfy({ expected.matches[$0].range.upperBound > change.finalSourceLength })
            else {
                XCTFail("\(shown)\nfinal display length \(change.finalDisplayLength) past the display, or a final match listed provisional")
                return true
            }
            tally.appends += 1
            if change.fallback == nil {
                tally.streamed += 1
                tally.tail += stream.text.utf16.count - change.finalSourceLength
            }
            finals.append((change.finalDisplayLength, String(decoding: after.prefix(change.finalDisplayLength), as: UTF16.self)))
        }
        let display = Array(stream.result.display.utf16)
        for (length, shown) in finals where String(decoding: display.prefix(length), as: UTF16.self) != shown {
            XCTFail(
                "\(context)\nthe final display changed: \(shown.debugDescription) is not a prefix of \(stream.result.display.debugDescription)"
            )
            return true
        }
        return false
    }

    /// A label core that applies every change of a stream against one that is given each
    /// result whole: the same size, lines, shown display and truncation, at a random width
    /// and line limit; a press on a match that did not change survives an append.
    static func checkLabel(_ engine: RuleEngine, _ pieces: [String], _ rng: inout SeededGenerator, _ context: String) -> (
        streamed: Int, keptCuts: Int, reusedLines: Int, keptPresses: Int
    )? {
        var keptPresses = 0
        let width = rng.pick([24.0, 60.0, 130.0, .infinity])
        let lines = rng.pick([0, 0, 1, 2, 3])
        let layout = ReferenceLayoutEngine()
        let core = RichLabelCore(engine: layout, numberOfLines: lines)
        core.width = width
        var stream = RichStream(engine: engine)
        for piece in pieces {
            // Press the first match, when there is one and it is shown.
            let pressable =
                core.layout.textLayout.lineFragments.isEmpty
                ? nil
                : core.shownResult.matches.indices.first { index in
                    !core.shownResult.matches[index].isTruncationToken && core.shownResult.matches[index].parent == nil
                }
            var pressed: Int?
            if let index = pressable, let rect = core.layout.textLayout.rects(for: core.shownResult.matches[index].displayRange).first,
                rect.width > 0
            {
                _ = core.touchBegan(at: rect.center, time: 0)
                pressed = core.pressedMatch
            }
            let change = stream.append(piece)
            core.apply(change)
            let fresh = RichLabelCore(engine: ReferenceLayoutEngine(), numberOfLines: lines)
            fresh.width = width
            fresh.setResult(change.result)
            let shown =
                "\(context)\nlabel at width \(width), \(lines) lines, after appending \(piece.debugDescription): text \(stream.text.debugDescription)"
            guard core.size(forWidth: width) == fresh.size(forWidth: width),
                core.layout.textLayout.lineFragments == fresh.layout.textLayout.lineFragments,
                core.shownResult.display == fresh.shownResult.display, core.isTruncated == fresh.isTruncated
            else {
                XCTFail(
                    "\(shown)\nstreamed label: \(core.shownResult.display.debugDescription) \(core.layout.textLayout.lineFragments)"
                        + "\nfresh label: \(fresh.shownResult.display.debugDescription) \(fresh.layout.textLayout.lineFragments)")
                return nil
            }
            if let pressed, pressed < change.added.lowerBound {
                guard core.pressedMatch == pressed else {
                    XCTFail("\(shown)\nthe press on unchanged match \(pressed) was dropped")
                    return nil
                }
                keptPresses += 1
            }
            if let now = core.pressedMatch, now >= change.added.lowerBound {
                XCTFail("\(shown)\na press stayed on changed match \(now)")
                return nil
            }
            core.touchCancelled()
        }
        return (core.statistics.streamedLayouts, core.statistics.keptCuts, layout.reusedLineCount, keptPresses)
    }

    /// Random container specs from the nesting pool, regex rules only (tag rules make a
    /// stream render whole, which the repo specs cover).
    static func randomSpec(_ rng: inout SeededGenerator, _ attempt: Int) throws -> Engines {
        var lines = ["richrules 1", "base { color: #111111; font: 14 }"]
        for rule in NestingDifferentialTests.pool where rng.below(3) > 0 {
            guard case .regex = rule.kind else { continue }
            let body =
                rule.spec.replacingOccurrences(of: "NEST", with: rng.below(4) > 0 ? "nest" : "") + " priority \(rng.pick([0, 0, 5, 10]))"
            lines.append("rule \(rule.name) { \(body) }")
        }
        // Anchors, look-behind and look-ahead of every reach, grapheme clusters, lines.
        let extras = [
            #"rule anchored { match /^\w+|\bq\w*$|(?<=\d)x/ style { kern: 1 } }"#,
            #"rule lines { match /(?m)^#+ [^\n]*$/ style { font: bold } }"#,
            #"rule behind { match /(?<=\p{L}{3})\d+(?!\d|px)/ style { kern: 3 } }"#,
            #"rule ahead { match /\b\w+(?=.*\bend\b)/ style { kern: 4 } }"#,
            #"rule anywhere { match /\bq\w*(?=[\s\S]*zz)/ style { kern: 8 } }"#,
            #"rule graphemes { match /\X(?=\u200D)/ style { kern: 5 } }"#,
            #"rule star { match /\*[^*]*\*/ show $0 style { kern: 6 } }"#,
            #"rule lastline { match /\w+\s*\z|\w+$/ style { kern: 7 } }"#,
        ]
        for extra in extras where rng.below(3) == 0 { lines.append(extra) }
        if rng.below(2) == 0 { lines.append("rule entity { match entity }") }
        if rng.below(2) == 0 { lines.append("rule at { match prefix \"@\" style { kern: 2 } }") }
        return try engines(spec: lines.joined(separator: "\n"), path: "stream\(attempt).richrules")
    }

    func testStreamsEqualWholeRenders() throws {
        let long = ProcessInfo.processInfo.environment["RICHRULES_LONG"] == "1"
        let streams = long ? 100_000 : 240
        let seed = testSeed(20_261_205)
        var rng = SeededGenerator(seed: seed)
        var specs = try [
            "chat.richrules", "feed.richrules", "social.richrules", "prefix.richrules", "article.richrules", "agreement.richrules",
            "cms.richrules",
        ]
        .map(Self.repoSpec)
        for attempt in 0..<8 { specs.append(try Self.randomSpec(&rng, attempt)) }
        var appends = 0
        var failures = 0
        var tallies: [String: Tally] = [:]
        var label = (streams: 0, streamed: 0, keptCuts: 0, reusedLines: 0, keptPresses: 0)
        for index in 0..<streams {
            let engines = specs[index % specs.count]
            let text = Self.text(&rng)
            let pieces = Self.pieces(text, &rng)
            appends += pieces.count
            for (name, engine) in [("compiled", engines.compiled), ("icu", engines.icu)] {
                let context = "seed \(seed), stream \(index), \(name) engine of \(engines.name), pieces \(pieces)"
                if Self.check(engine, pieces, context, tally: &tallies[name, default: Tally()]) { failures += 1 }
            }
            if index % 3 == 0 {
                let context = "seed \(seed), stream \(index), label of \(engines.name), pieces \(pieces)"
                if let counts = Self.checkLabel(engines.compiled, pieces, &rng, context) {
                    label.streams += 1
                    label.streamed += counts.streamed
                    label.keptCuts += counts.keptCuts
                    label.reusedLines += counts.reusedLines
                    label.keptPresses += counts.keptPresses
                } else {
                    failures += 1
                }
            }
            if failures >= 5 { break }
        }
        print("StreamDifferentialTests: \(streams) streams × 2 engines, \(appends) appends each (seed \(seed))")
        for (name, tally) in tallies.sorted(by: { $0.key < $1.key }) {
            print(
                "  \(name): \(tally.streamed) of \(tally.appends) appends streamed, mean text after the safe point \(tally.tail / max(tally.streamed, 1)) units"
            )
        }
        print(
            "  labels: \(label.streams) streams, \(label.streamed) layouts from the previous text's lines "
                + "(\(label.reusedLines) lines kept), \(label.keptCuts) truncations kept their cut, "
                + "\(label.keptPresses) presses kept across an append")
        XCTAssertGreaterThan(label.streamed, 0, "seed \(seed): labels lay out from the previous text")
        XCTAssertGreaterThan(label.keptCuts, 0, "seed \(seed): truncated labels keep their cut")
        XCTAssertGreaterThan(label.keptPresses, 0, "seed \(seed): presses on unchanged matches are checked")
        let compiled = tallies["compiled", default: Tally()]
        XCTAssertGreaterThan(compiled.streamed * 2, compiled.appends, "seed \(seed): most appends of the compiled engines stream")
    }
}

import Foundation
import RuleAutomata

/// Stage 1 of the engine: finds every match of every rule of a table in a text.
///
/// Regex rules run on their compiled automata (`rulegen`'s, or `RuleCompiler`'s at run
/// time): the rules that can share a prefilter in one pass (`CompiledScan`), the others
/// each on its own (`AcceleratedRegex`); a regex rule without an automaton runs on
/// `NSRegularExpression` with the rule's flags. Prefix rules are found by a word scanner,
/// tag families and elements by the tag scanner, character references by the entity
/// scanner.
package struct RuleMatcher: CandidateMatcher {
    /// How one rule is matched.
    enum Kind: @unchecked Sendable {
        // `NSRegularExpression` is immutable and documented as thread-safe.
        case regex(NSRegularExpression)
        case compiled(AcceleratedRegex)
        /// Run by the shared `scan`.
        case scanned
        case prefix([Unicode.Scalar])
        case tags(TagScanner)
        /// An HTML table's tag rule: its elements come from the text's HTML tree
        /// (`RuleEngine.htmlCandidates`), not from a scan.
        case elements
        case entities
    }

    /// One reference: copying the matcher (as every call through `any CandidateMatcher`
    /// may) costs one reference count, not one per stored array.
    final class Storage: Sendable {
        let kinds: [Kind]
        /// The compiled rules that can share a prefilter, run in one pass.
        let scan: CompiledScan?
        /// Rule index of each rule of `scan`, and the other way round (-1: not scanned).
        let scanRules: [Int]
        let scanIndex: [Int]
        /// The rules the scan does not run, in order (the loop over them copies no
        /// matcher of a scanned rule).
        let unscanned: [Int]
        /// The unscanned rules on a lazy DFA (rule index, DFA): on a string's own UTF-8 they
        /// search the bytes.
        let lazyRules: [(Int, LazyDFA)]
        /// Some unscanned rule reads the UTF-16 units (not a lazy DFA's).
        let unscannedOnUnits: Bool
        /// `RuleMatcher.decodingFailures`.
        let decodingFailures: [Int: BinaryDecodingError]

        init(kinds: [Kind], scan: CompiledScan?, scanRules: [Int], decodingFailures: [Int: BinaryDecodingError] = [:]) {
            self.kinds = kinds
            self.decodingFailures = decodingFailures
            self.scan = scan
            self.scanRules = scanRules
            var scanIndex = [Int](repeating: -1, count: kinds.count)
            for (index, rule) in scanRules.enumerated() { scanIndex[rule] = index }
            self.scanIndex = scanIndex
            unscanned = kinds.indices.filter { scanIndex[$0] < 0 }
            lazyRules = unscanned.compactMap { index in
                if case .compiled(let regex) = kinds[index], let lazy = regex.lazy { return (index, lazy) }
                return nil
            }
            unscannedOnUnits = unscanned.count > lazyRules.count
        }
    }

    let storage: Storage

    /// The automata given that the matcher does not run (by rule index), with why
    /// (`CompiledRuleSet.bound(to:)`). Those rules run on NSRegularExpression.
    var decodingFailures: [Int: BinaryDecodingError] { storage.decodingFailures }

    /// The units the shared scan's skip looks for, when they are few ASCII units: a text
    /// transcoded with these marked (`TextUnits.make(_:marking:)`) skips for free.
    var markTargets: SIMD8<UInt16>? { storage.scan?.prefilter.asciiTargets }

    /// Every regex rule of `table` on `NSRegularExpression`. Throws
    /// `RuleEngineError.invalidRegex` naming the first rule whose pattern it rejects.
    package init(table: StyleTable) throws {
        try self.init(table: table, automata: nil)
    }

    /// Regex rules with an automaton in `automata` (same rule indices as `table.rules`)
    /// compiled from the rule's own pattern and flags run on it (see `CompiledScan`); the
    /// others on NSRegularExpression.
    package init(table: StyleTable, automata: CompiledRuleSet?) throws {
        try self.init(table: table, automata: automata, lenient: false)
    }

    /// `lenient`: a pattern NSRegularExpression rejects makes its rule match nothing
    /// instead of throwing (generated code: `RuleEngine(generated:automata:)`).
    package init(table: StyleTable, automata: CompiledRuleSet?, lenient: Bool) throws {
        let automata = automata?.bound(to: table)
        var kinds: [Kind] = []
        var scanned: [AcceleratedRegex] = []
        let lazyMemory = LazyMemory()  // one budget for every lazy DFA of the engine
        var scanRules: [Int] = []
        kinds.reserveCapacity(table.rules.count)
        // The catch-all element takes the names no other tag rule matches.
        var elements: Set<String> = []
        var families: [String] = []
        for rule in table.rules {
            if case .element(let name, _, _) = rule.matcher, name != "*" { elements.insert(name) }
            if case .tagFamily(let family) = rule.matcher { families.append(family) }
        }
        for (index, rule) in table.rules.enumerated() {
            switch rule.matcher {
            case .regex(let pattern, let flags, _):
                if let automata, index < automata.automata.count, let automaton = automata.automata[index] {
                    let regex = AcceleratedRegex(program: automaton.program, dfa: automaton.dfa, ownScan: false, memory: lazyMemory)
                    if regex.scannable {
                        scanned.append(regex)
                        scanRules.append(index)
                        kinds.append(.scanned)
                    } else {
                        kinds.append(.compiled(regex))
                    }
                    continue
                }
                do {
                    kinds.append(.regex(try NSRegularExpression(pattern: pattern, options: flags.regularExpressionOptions)))
                } catch  where lenient {
                    kinds.append(.regex(Self.neverMatches))
                } catch {
                    throw RuleEngineError.invalidRegex(
                        rule: rule.name, pattern: pattern, reason: Self.reason(error))
                }
            case .prefix(let prefix):
                kinds.append(.prefix(Array(prefix.unicodeScalars)))
            case .tagFamily where table.html == true, .element where table.html == true:
                kinds.append(.elements)
            case .tagFamily(let family):
                kinds.append(.tags(TagScanner(kind: .family(family), nested: rule.nest)))
            case .element("*", _, _):
                kinds.append(.tags(TagScanner(kind: .catchAll(elements: elements, families: families), nested: rule.nest)))
            case .element(let name, _, let isVoid):
                kinds.append(.tags(TagScanner(kind: .element(name, isVoid: isVoid), nested: rule.nest)))
            case .entity:
                kinds.append(.entities)
            }
        }
        storage = Storage(
            kinds: kinds, scan: scanned.isEmpty ? nil : CompiledScan(scanned), scanRules: scanRules,
            decodingFailures: automata?.decodingFailures ?? [:])
    }

    /// The compiled rules without a DFA built ahead of time that search on a lazy DFA
    /// (rule index and DFA), in rule order.
    package var lazyDFAs: [(rule: Int, dfa: LazyDFA)] {
        var found: [(rule: Int, dfa: LazyDFA)] = storage.lazyRules.map { ($0.0, $0.1) }
        if let scan = storage.scan {
            for (index, rule) in scan.rules.enumerated() { if let lazy = rule.lazy { found.append((storage.scanRules[index], lazy)) } }
        }
        return found.sorted { $0.rule < $1.rule }
    }

    /// The regex rules that run on NSRegularExpression (no automaton), in rule order.
    package var nsRegularExpressionRules: [Int] {
        storage.kinds.indices.filter { index in
            if case .regex = storage.kinds[index] { return true }
            return false
        }
    }

    /// The compiled rules that search on the Pike VM alone (no DFA of either kind), in
    /// rule order.
    package var pikeVMRules: [Int] {
        storage.kinds.indices.filter { index in
            if case .compiled(let regex) = storage.kinds[index] { return regex.runner == nil && regex.lazy == nil }
            return false
        }
    }

    /// Every candidate of `text`, groups solved (`units` is not read: tags point into units
    /// of their own).
    package func candidates(in text: String, units: [UInt16]) -> [Candidate] {
        var interrupted: [InterruptedRule] = []
        return candidates(in: text, source: TextUnits.make(text), solvingGroups: true, budget: .unlimited, interrupted: &interrupted)
    }

    /// The candidates, with the groups of compiled rules left pending unless
    /// `solvingGroups` (`RuleEngine.render` solves them when they are read).
    /// `source.marks`: see `CompiledScan.run` (the units equal to `markTargets`). Rules on
    /// NSRegularExpression run under `budget`; those stopped early are added to
    /// `interrupted` (without their names, which the matcher does not know). Without
    /// `scanning`, the rules of the shared scan are left out.
    func candidates(
        in text: String, source: TextUnits, solvingGroups: Bool, budget: FallbackBudget, interrupted: inout [InterruptedRule],
        scanning: Bool = true, lazyOnUnits: Bool = true
    ) -> [Candidate] {
        let units = source.buffer  // valid while `source` lives
        let marks = source.marks
        var result: [Candidate] = []
        result.reserveCapacity(16)
        let storage = self.storage
        for ruleIndex in storage.unscanned {
            switch storage.kinds[ruleIndex] {
            case .regex(let regex):
                if let stop = Self.regexCandidates(regex, ruleIndex: ruleIndex, in: text, budget: budget, into: &result) {
                    interrupted.append(InterruptedRule(ruleIndex: ruleIndex, rule: "", cause: stop.cause, completeUpTo: stop.completeUpTo))
                }
            case .compiled(let regex):
                if !lazyOnUnits, regex.lazy != nil { continue }
                for groups in regex.matches(in: units) {
                    guard let whole = groups[0], whole.length > 0 else { continue }
                    result.append(Candidate(ruleIndex: ruleIndex, range: whole, groups: groups))
                }
            case .scanned:
                continue
            case .prefix(let prefix):
                Self.prefixCandidates(prefix, ruleIndex: ruleIndex, in: text, into: &result)
            case .tags(let scanner):
                scanner.scan(source, ruleIndex: ruleIndex, into: &result)
            case .elements:
                break
            case .entities:
                Self.entityCandidates(units, ruleIndex: ruleIndex, into: &result)
            }
        }
        if scanning, let scan = storage.scan {
            let scanRules = storage.scanRules
            scan.run(units, marks: marks, solvingGroups: solvingGroups) { index, whole, groups, pending in
                var candidate = Candidate(ruleIndex: scanRules[index], range: whole, groups: groups)
                candidate.pendingGroups = pending
                result.append(candidate)
            }
        }
        return result
    }

    /// The groups of a match of a compiled rule spanning `range` (`[range]` for any other
    /// rule): the span solver, or the Pike VM anchored at its start.
    func groups(ruleIndex: Int, range: TextRange, units text: UnsafeBufferPointer<UInt16>) -> [TextRange?] {
        if ruleIndex >= 0, ruleIndex < storage.kinds.count, case .compiled(let regex) = storage.kinds[ruleIndex] {
            return AcceleratedRegex.groups(
                regex.regex, text, start: range.location, end: range.upperBound, groupCount: regex.groupCount,
                vm: { PikeVM(regex.regex) }) ?? [range]
        }
        guard let scan = storage.scan, ruleIndex >= 0, ruleIndex < storage.scanIndex.count, storage.scanIndex[ruleIndex] >= 0
        else { return [range] }
        let index = storage.scanIndex[ruleIndex]
        let rule = scan.rules[index]
        return AcceleratedRegex.groups(
            rule.regex, text, start: range.location, end: range.upperBound, groupCount: rule.groupCount, vm: { PikeVM(rule.regex) })
            ?? [range]
    }

    /// Words (maximal runs of scalars without the Unicode `White_Space` property) whose
    /// scalars start with `prefix` (case-sensitive, scalar by scalar; the word may be the
    /// prefix alone).
    static func prefixCandidates(
        _ prefix: [Unicode.Scalar], ruleIndex: Int, in text: String, into result: inout [Candidate]
    ) {
        var offset = 0  // UTF-16 offset of the current scalar
        var wordStart = -1  // -1: not in a word
        var seen = 0  // scalars of the current word so far
        var matches = true  // the word's first scalars equal the prefix's so far
        func finish(at end: Int) {
            if wordStart >= 0, matches, seen >= prefix.count {
                result.append(Candidate(ruleIndex: ruleIndex, range: TextRange(location: wordStart, length: end - wordStart)))
            }
            wordStart = -1
        }
        for scalar in text.unicodeScalars {
            if isWhiteSpace(scalar) {
                finish(at: offset)
            } else {
                if wordStart < 0 {
                    wordStart = offset
                    seen = 0
                    matches = true
                }
                if seen < prefix.count, prefix[seen] != scalar { matches = false }
                seen += 1
            }
            offset += scalar.utf16.count
        }
        finish(at: offset)
    }

    /// The HTML character references of the text (`HTMLEntity.match`), left to right.
    static func entityCandidates(_ units: UnsafeBufferPointer<UInt16>, ruleIndex: Int, into result: inout [Candidate]) {
        var i = 0
        while i < units.count {
            if units[i] == 0x26, let (length, _) = HTMLEntity.match(units, at: i) {
                result.append(Candidate(ruleIndex: ruleIndex, range: TextRange(location: i, length: length)))
                i += length
            } else {
                i += 1
            }
        }
    }

    /// The Unicode `White_Space` property, with a fast path for ASCII.
    @inline(__always) static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar.value == 0x20 || (scalar.value >= 0x09 && scalar.value <= 0x0D) }
        return scalar.properties.isWhitespace
    }

    /// A matcher whose rules match nothing (what a lenient matcher cannot fail to be).
    static func empty(for table: StyleTable) -> RuleMatcher {
        RuleMatcher(storage: Storage(kinds: table.rules.map { _ in .regex(neverMatches) }, scan: nil, scanRules: []))
    }

    private init(storage: Storage) { self.storage = storage }

    /// A regex without matches: what a rejected pattern runs as in a lenient matcher (a
    /// constant pattern ICU always accepts).
    private static var neverMatches: NSRegularExpression { try! NSRegularExpression(pattern: "(?!)") }

    static func reason(_ error: Error) -> String {
        let ns = error as NSError
        if let detail = ns.userInfo["NSInvalidValue"] { return "\(ns.localizedDescription) (\(detail))" }
        return ns.localizedDescription
    }
}

import Foundation
import RuleRegex

/// A rule's leftmost-first DFA built while it searches: the states a text visits are
/// determinized from the rule's program on first use and kept in a cache of bounded
/// memory (RE2's DFA and regex-automata's `hybrid::dfa` are the models).
///
/// It is the same DFA `rulegen` builds ahead of time (`Determinizer`, which replays the
/// Pike VM exactly), for the rules whose whole DFA is over the build budget (a TLD list of
/// 1,500 words) and for the tests no table can hold: a lookaround with a body, `\X`, a
/// `(?w)` word boundary. Those are answered per position by the search (`Oracle`): a state
/// whose closure asks them splits into one state per answer, so the search stays one table
/// step per code point, plus one answer where a thread reaches such a test.
///
/// Note: memory. Each cache holds at most `memoryLimit` bytes (2 MB by default; its own
/// estimate: transition rows, state keys and their index), and all the caches of an
/// engine's lazy DFAs (their lookarounds' too) at most `memory.limit` together (16 MB by
/// default, `LazyMemory`), whatever the number of threads searching: a cache reserves a
/// state's bytes before making it. When a new state would pass either limit, the cache is
/// cleared (its bytes go back to the engine's) and the search goes on from the new state;
/// when the other caches hold the whole budget even then, the search gives up after that
/// state. A search that keeps clearing its cache (three clears, each after fewer than ten
/// code units per state made) gives up too. The caller of a search that gave up runs the
/// Pike VM instead (`LazySearch.gaveUp`): linear either way, the same matches.
///
/// Note: threads. The engine is shared; each search takes a cache from the DFA's pool (or
/// makes one) and gives it back, so a cache is only ever used by one thread at a time and
/// its loops take no lock. The pool keeps `pooledCaches` idle caches (with their states,
/// for the next search); one given back beyond them is freed, so a burst of threads
/// leaves no more behind. `peakCacheBytes` reports the largest a cache has grown.
package final class LazyDFA: @unchecked Sendable {
    // Unchecked: `pool`, `peak` and `made` are read and written under `lock`; the rest is
    // immutable (the class map's buffers are written in `init` only and freed in `deinit`).
    package let program: RegexProgram
    let regex: CompiledRegex
    let classes: ClassMap
    let columns: Int
    /// The determinizer's tables (alphabet, flat program), without states: each cache
    /// starts from a copy.
    let template: Determinizer
    /// Some state may ask for oracle answers (the program has a lookaround with a body,
    /// `\X` or a `(?w)` boundary).
    let asksOracle: Bool
    package let memoryLimit: Int
    package static let defaultMemoryLimit = 2 << 20
    /// The budget this DFA's caches share with the engine's other lazy DFAs.
    package let memory: LazyMemory
    /// The idle caches the pool keeps.
    package static let pooledCaches = 2
    /// The lookarounds with bodies; each cache decides how to answer one on its first
    /// question (`LazyDFACache.answerer`).
    let lookarounds: [RegexProgram.Lookaround]
    /// A literal every match contains, when the matches can start almost anywhere: the
    /// search jumps between its occurrences (`RequiredLiteral`).
    package let required: RequiredLiteral?
    /// The units that can begin a match, when they are few: an idle search skips the others.
    let startUnits: StartUnits?
    /// A lookbehind body's DFA (every path kept): the units its body can begin with, when
    /// few; `endsAt` starts its run at the farthest of them in reach.
    let bodyStarts: StartUnits?
    /// The first two steps of the anchored DFA (every path, every test satisfiable), for
    /// the shared prefilter (`Determinizer.startTable`); `nil` unless `startUnits` is set
    /// (a rule that can start almost anywhere keeps its own search).
    let startTable: DFATable?

    /// How the search answers a lookaround with a body at a position.
    ///
    /// Note: why a lookaround's DFA gives ICU's answer. A lookahead holds when its body
    /// matches from the position (ICU runs it over the whole text): the body's anchored
    /// leftmost-first DFA finds a match exactly when one exists. A lookbehind holds when some
    /// run of the body from a code point boundary at most `maxLength` units back ends exactly
    /// at the position (no match of the body is longer, so earlier starts never do): the
    /// body's DFA with every path kept (`allMatches`), started at every position from
    /// `maxLength` units back, reports a match before the code point at the position
    /// exactly then; its assertions see the whole text, as ICU's do. What this does not
    /// express keeps ICU's evaluation (`LookaroundEvaluator`): an unbounded lookahead (one
    /// backward walk answers every position at once) once forward runs of its body have
    /// read more than `unboundedBudget` for the text, a lookbehind whose body has its own
    /// lookarounds, `\X` or `(?w)` tests, and a lookbehind whose body pairs CR with LF (ICU
    /// does not pair them across the position, the end of the lookbehind's region). A
    /// lookahead's body asks its own lookarounds the same way, from its own cache.
    enum Answerer {
        case ahead(LazyDFA)
        case behind(LazyDFA, maxLength: Int)
        case evaluator
    }
    /// The most work the determinizer's set-by-class table may take (sets × classes).
    static let maxTableWork = 4_000_000

    private let lock = NSLock()
    private var pool: [LazyDFACache] = []
    private var peak = 0
    /// `answered` and `answeredByEvaluator` of the caches freed.
    private var freedAnswers = (answered: 0, byEvaluator: 0)

    /// The lazy DFA of `program`, or `nil` when it cannot have one (more word-boundary kinds
    /// than a context holds, more than `Oracle.maxLookarounds` lookarounds, more classes
    /// than a table indexes, or a set-by-class table over `maxTableWork`).
    /// `memory`: the budget shared with the engine's other lazy DFAs (by default, one of its own).
    package convenience init?(
        program: RegexProgram, memoryLimit: Int = LazyDFA.defaultMemoryLimit, memory: LazyMemory = LazyMemory()
    ) {
        self.init(program: program, memoryLimit: memoryLimit, memory: memory, allMatches: false)
    }

    /// `allMatches`: the DFA that keeps every path (a lookbehind's, see `Answerer`).
    init?(program: RegexProgram, memoryLimit: Int, memory: LazyMemory, allMatches: Bool) {
        guard
            let determinizer = try? Determinizer(
                program: program, maxStates: .max, maxCells: .max, maxWork: Self.maxTableWork, allMatches: allMatches,
                oracle: !allMatches),
            determinizer.classCount <= DFATable.maxClasses
        else { return nil }
        self.program = program
        self.regex = CompiledRegex(program: program)
        self.template = determinizer
        self.columns = determinizer.classCount
        self.classes = ClassMap(determinizer.classTable())
        self.memoryLimit = max(memoryLimit, 4 * (determinizer.classCount * 8 + 1024))
        self.memory = memory
        self.asksOracle = regex.needsEvaluator
        self.required = allMatches ? nil : RequiredLiteral(program, start: regex.startSet)
        self.startUnits = allMatches ? nil : StartUnits(regex.startSet)
        self.bodyStarts = allMatches ? StartUnits(regex.startSet) : nil
        var relaxed = determinizer.keepingEveryPath
        if startUnits != nil, let table = relaxed.startTable(), StartBuckets(table) != nil, StartBuckets(utf8: table) != nil {
            startTable = table
        } else {
            startTable = nil
        }
        self.lookarounds = program.lookarounds
    }

    deinit { classes.free() }

    /// How to answer `look` (see `Answerer`).
    static func answerer(for look: RegexProgram.Lookaround, memoryLimit: Int, memory: LazyMemory) -> Answerer {
        var body = look.body
        body.startFilter = .anywhere
        if !look.behind {
            return LazyDFA(program: body, memoryLimit: memoryLimit, memory: memory, allMatches: false).map { .ahead($0) } ?? .evaluator
        }
        let compiledBody = CompiledRegex(program: body)
        guard !compiledBody.needsEvaluator, let maxLength = look.maxLength else { return .evaluator }
        let pairsCRLF = body.instructions.contains { instruction in
            if case .assert(.notBeforeLineFeed, _) = instruction { return true }
            return false
        }
        guard !pairsCRLF else { return .evaluator }
        return LazyDFA(program: body, memoryLimit: memoryLimit, memory: memory, allMatches: true).map { .behind($0, maxLength: maxLength) }
            ?? .evaluator
    }

    /// Whether `program` can have a lazy DFA (see `init`), without making one.
    package static func isPossible(for program: RegexProgram) -> Bool {
        guard
            let determinizer = try? Determinizer(
                program: program, maxStates: .max, maxCells: .max, maxWork: Self.maxTableWork, oracle: true)
        else { return false }
        return determinizer.classCount <= DFATable.maxClasses
    }

    /// The largest estimate of bytes any cache of this DFA has held.
    package var peakCacheBytes: Int { lock.withLock { max(peak, pool.map(\.peakBytes).max() ?? 0) } }

    /// Lookaround answers computed by this DFA's idle and freed caches, and how many of
    /// them ICU's evaluator gave: what a rule on the lazy DFA still asks outside it.
    package var answerCounts: (answered: Int, byEvaluator: Int) {
        lock.withLock {
            pool.reduce(freedAnswers) { ($0.answered + $1.answered, $0.byEvaluator + $1.answeredByEvaluator) }
        }
    }

    /// The idle caches in the pool.
    package var idleCaches: Int { lock.withLock { pool.count } }

    /// Runs `body` with a cache no other thread uses meanwhile.
    func withCache<R>(_ body: (LazyDFACache) -> R) -> R {
        let cache = takeCache()
        defer { giveBack(cache) }
        return body(cache)
    }

    /// A cache no other thread uses until `giveBack`.
    package func takeCache() -> LazyDFACache { lock.withLock { pool.popLast() } ?? LazyDFACache(self) }

    /// Returns `cache` to the pool, or frees it (and its states' bytes) when the pool holds
    /// `pooledCaches` already.
    package func giveBack(_ cache: LazyDFACache) {
        let surplus: LazyDFACache? = lock.withLock {
            peak = max(peak, cache.peakBytes)
            guard pool.count < Self.pooledCaches else {
                freedAnswers.answered += cache.answered
                freedAnswers.byEvaluator += cache.answeredByEvaluator
                return cache
            }
            pool.append(cache)
            return nil
        }
        _ = surplus  // freed here, outside the lock
    }
}

/// What a lazy search found.
enum LazySearch: Equatable {
    /// The leftmost-first match ends at `end`; `idle` is the last position before it where
    /// no attempt was alive, and `startsAtIdle` whether the match starts there.
    case match(idle: Int, end: Int, startsAtIdle: Bool)
    case none
    /// The cache thrashed: the caller searches with the Pike VM.
    case gaveUp
}

/// One thread's states of a `LazyDFA`: rows of transitions filled as the searches need
/// them (see the type's note on memory).
package final class LazyDFACache {
    /// Unowned: the DFA keeps its idle caches in its pool (a strong reference back would
    /// be a cycle), and whoever uses a cache holds the DFA (or, for a lookaround's cache, the
    /// `Answerer` that holds its DFA); `unsafe`: read at every answer, it skips the
    /// reference count's check that the DFA is alive.
    /// (A cache serves one search at a time, taken from its DFA's pool, so its properties
    /// are never accessed in overlapping ways: `@exclusivity(unchecked)` drops the run-time
    /// checks, 6–7 % of a short label's render.)
    unowned(unsafe) let dfa: LazyDFA
    /// The engine's budget (held strongly: a cache freed with its DFA gives its bytes back).
    package let memory: LazyMemory
    @exclusivity(unchecked) var determinizer: Determinizer
    let columns: Int
    /// `entries[row + class]`: `unknown`; an entry that needs oracle answers first
    /// (`-2 - k`, the answers `askMasks[k]`); or next row << 3 | startsAtIdle << 2 |
    /// nextIsIdle << 1 | matchedBefore, as `DFARunner.entries` (rows are state × `columns`;
    /// row 0 is the dead state).
    /// (Plain memory, grown by doubling: the searches read it through a local copy of the
    /// pointer, without reference counting or exclusivity checks, and take it again after
    /// any call that may add states.)
    @exclusivity(unchecked) private(set) var entries: UnsafeMutablePointer<Int>
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private var used = 0
    static let unknown = -1
    /// The distinct answer masks of asking entries.
    @exclusivity(unchecked) var askMasks: [UInt64] = []
    @exclusivity(unchecked) private var askIndex: [UInt64: Int] = [:]
    /// Per state: at the end of the text, `unknown`, asking (`-2 - k`), 0 no match, 1 a
    /// match, 3 a match that starts at the idle position (see `DFARunner.eoiMatch`).
    @exclusivity(unchecked) var eoi: [Int] = []
    /// Resolved variants: (state, known answers) → row.
    @exclusivity(unchecked) private var variants = VariantTable()
    /// Start rows by look-behind context (-1: not made yet), unanchored and anchored.
    @exclusivity(unchecked) var startRows: [Int]
    @exclusivity(unchecked) var anchoredRows: [Int]
    @exclusivity(unchecked) private(set) var bytes = 0
    @exclusivity(unchecked) private(set) var peakBytes = 0
    @exclusivity(unchecked) private(set) var clears = 0
    /// Set when the cache thrashed: the searches on this text give up.
    @exclusivity(unchecked) var gaveUp = false
    /// Code units searched and states made since the last clear (the thrash test).
    @exclusivity(unchecked) private var progress = 0
    @exclusivity(unchecked) private var lastPosition = 0
    @exclusivity(unchecked) private var statesSinceClear = 0

    /// The Pike VM and the lookaround evaluator of this cache's searches, made on first
    /// use and kept across texts (the evaluator forgets its answers on a new text).
    lazy var vm = PikeVM(dfa.regex)
    lazy var evaluator = LookaroundEvaluator(dfa.regex.lookarounds)
    /// The Pike VM for a search of the current text (its evaluator may remember answers).
    var textVM: PikeVM {
        holdsText = true
        return vm
    }
    /// Per lookaround with a body: how it is answered (made on its first question), and the
    /// cache of its body's DFA.
    @exclusivity(unchecked) var answerers: [LazyDFA.Answerer?]
    @exclusivity(unchecked) var lookCaches: [LazyDFACache?]

    /// How lookaround `index` is answered (see `LazyDFA.Answerer`), decided on first use.
    func answerer(_ index: Int) -> LazyDFA.Answerer {
        if let made = answerers[index] { return made }
        let made = LazyDFA.answerer(for: dfa.lookarounds[index], memoryLimit: dfa.memoryLimit / 4, memory: memory)
        answerers[index] = made
        return made
    }
    /// The last answers found: position, mask, answers (a position is often asked twice).
    @exclusivity(unchecked) var lastAnswers: (position: Int, mask: UInt64, answers: UInt64) = (-1, 0, 0)
    /// Lookaround answers this cache computed (not repeated from `lastAnswers`), and how
    /// many of them ICU's evaluator gave (the others: the body's own lazy DFA).
    @exclusivity(unchecked) var answered = 0
    @exclusivity(unchecked) var answeredByEvaluator = 0

    init(_ dfa: LazyDFA) {
        self.dfa = dfa
        self.memory = dfa.memory
        self.determinizer = dfa.template
        self.columns = dfa.columns
        answerers = Array(repeating: nil, count: dfa.lookarounds.count)
        lookCaches = Array(repeating: nil, count: dfa.lookarounds.count)
        let contexts = 8 << determinizer.pairs.count
        startRows = [Int](repeating: -1, count: contexts)
        anchoredRows = [Int](repeating: -1, count: contexts)
        capacity = Self.initialRows * columns
        entries = .allocate(capacity: capacity)
        reset()
    }

    deinit {
        memory.release(bytes)
        entries.deallocate()
    }

    private static let initialRows = 16

    /// Forgets every state but the dead one, and gives their bytes back (the rows' memory
    /// too).
    private func reset() {
        memory.release(bytes)
        if capacity > Self.initialRows * columns {
            entries.deallocate()
            capacity = Self.initialRows * columns
            entries = .allocate(capacity: capacity)
        }
        determinizer.ids = [:]
        determinizer.keys = []
        used = 0
        eoi = []
        variants.removeAll()
        for i in startRows.indices {
            startRows[i] = -1
            anchoredRows[i] = -1
        }
        bytes = 0
        _ = add(Determinizer.Key(kernel: [], context: 0))
        memory.charge(bytes)
        for i in 0..<columns { entries[i] = 0 }  // the dead state stays dead
        eoi[0] = 0
    }

    /// Sets the cache up for a new text: what it remembers of the last one is forgotten (a
    /// new text may reuse the last one's memory).
    func startText() {
        begin(at: 0, newText: true)
        if holdsText { forgetAnswers() }
    }

    /// Whether something of the current text is remembered: answers (here or in the
    /// lookahead bodies' caches) or the Pike VM's evaluator. Set by whatever remembers;
    /// a text that asked nothing costs its successor nothing to forget (labels are short
    /// texts, most of which ask nothing).
    @exclusivity(unchecked) var holdsText = false

    /// Forgets the answers of the last text, in the caches of the lookahead bodies too.
    private func forgetAnswers() {
        holdsText = false
        evaluator.forgetText()
        vm.forgetText()
        lastAnswers = (-1, 0, 0)
        unboundedRead = 0
        for case let body? in lookCaches where body.holdsText { body.forgetAnswers() }
    }

    /// UTF-16 units (or bytes) the forward runs of unbounded lookaheads read in this text.
    @exclusivity(unchecked) var unboundedRead = 0
    /// The most those runs may read in a text of `count` units before ICU's evaluator
    /// answers instead (one backward walk answers every position at once): forward runs
    /// stay linear in the text, whatever the lookahead reads from each position.
    static func unboundedBudget(_ count: Int) -> Int { 2 * count + 4_096 }

    /// Starts a search of a new text (or from a new position) at `position`.
    func begin(at position: Int, newText: Bool) {
        lastPosition = position
        if newText { gaveUp = false }
    }

    /// The bytes a state with `kernel` costs (transition row, key, index entry).
    private func cost(_ kernel: [Int32]) -> Int { columns * 8 + kernel.count * 4 + 160 }

    /// The row of the state with `key`, made if new (callers make room first: its bytes are
    /// reserved).
    private func add(_ key: Determinizer.Key) -> Int {
        if let id = determinizer.ids[key] { return Int(id) * columns }
        let id = determinizer.keys.count
        determinizer.ids[key] = Int32(id)
        determinizer.keys.append(key)
        if used + columns > capacity {
            let grown = UnsafeMutablePointer<Int>.allocate(capacity: 2 * capacity)
            grown.update(from: entries, count: used)
            entries.deallocate()
            entries = grown
            capacity *= 2
        }
        (entries + used).update(repeating: Self.unknown, count: columns)
        used += columns
        eoi.append(Self.unknown)
        bytes += cost(key.kernel)
        peakBytes = max(peakBytes, bytes)
        statesSinceClear += 1
        return id * columns
    }

    /// Makes room for a new state with `key` at text position `position` and reserves its
    /// bytes: clears the cache when it would pass its limit or the engine's budget (and
    /// gives up when it thrashes, or when the budget has no room even then). Returns whether
    /// it cleared (every row number the caller holds is then gone).
    private func makeRoom(for key: Determinizer.Key, at position: Int) -> Bool {
        if position > lastPosition { progress += position - lastPosition }
        lastPosition = position
        guard determinizer.ids[key] == nil else { return false }
        let cost = cost(key.kernel)
        if bytes + cost <= dfa.memoryLimit, memory.reserve(cost) { return false }
        clears += 1
        if clears >= 3, progress < 10 * statesSinceClear { gaveUp = true }
        progress = 0
        statesSinceClear = 0
        reset()
        if !memory.reserve(cost) {
            // The engine's other caches hold its budget: this one state, then the Pike VM.
            memory.charge(cost)
            gaveUp = true
        }
        return true
    }

    /// The entry that asks for the answers `mask` first.
    private func askEntry(_ mask: UInt64) -> Int {
        if let index = askIndex[mask] { return -2 - index }
        askIndex[mask] = askMasks.count
        askMasks.append(mask)
        return -2 - (askMasks.count - 1)
    }

    /// The entry of `row` on `inputClass`, made now: one that asks for answers when the
    /// step needs some its state does not know; `position` is where the search is (for the
    /// thrash test).
    func fill(_ row: Int, _ inputClass: Int, at position: Int) -> Int {
        let key = determinizer.keys[row / columns]
        let asked = determinizer.asks(key.kernel, inputClass: inputClass, context: key.context) & ~(key.look >> Oracle.knownShift)
        if asked != 0 {
            let entry = askEntry(asked)
            entries[row + inputClass] = entry
            return entry
        }
        let (kernel, match) = determinizer.step(key, inputClass: inputClass)
        let context = determinizer.contextAfter(key.context, inputClass: inputClass)
        let target = Determinizer.Key(kernel: kernel, context: kernel.isEmpty ? 0 : context)
        let cleared = makeRoom(for: target, at: position)
        let next = add(target)
        let idle = kernel == [Determinizer.restart]
        let entry = next << 3 | Int(match.bits & 2) << 1 | (idle ? 2 : 0) | Int(match.bits & 1)
        if !cleared { entries[row + inputClass] = entry }
        return entry
    }

    /// The row of `row`'s state with the oracle's `answers` to `mask` known too.
    func resolve(_ row: Int, mask: UInt64, answers: UInt64, at position: Int) -> Int {
        let state = row / columns
        var key = determinizer.keys[state]
        key.look |= mask << Oracle.knownShift | answers & mask
        if let known = variants.row(state: state, look: key.look) { return known }
        if makeRoom(for: key, at: position) { return add(key) }
        let resolved = add(key)
        variants.insert(state: state, look: key.look, row: resolved)
        return resolved
    }

    /// The end-of-text value of `row`'s state (see `eoi`), made now.
    func fillEnd(_ row: Int) -> Int {
        let state = row / columns
        let key = determinizer.keys[state]
        let asked = determinizer.asks(key.kernel, inputClass: nil, context: key.context) & ~(key.look >> Oracle.knownShift)
        if asked != 0 {
            eoi[state] = askEntry(asked)
            return eoi[state]
        }
        determinizer.closure(key, inputClass: nil)
        let threads = determinizer.scratch.threads[0..<determinizer.scratch.threadCount]
        let value = threads.first(where: { determinizer.isMatch($0) }).map { $0 & 1 == 0 ? 3 : 1 } ?? 0
        eoi[state] = value
        return value
    }

    /// The start row for look-behind context `context` (unanchored: the search may start
    /// anywhere from here; anchored: one attempt here).
    func start(_ context: Int, anchored: Bool) -> Int {
        let known = anchored ? anchoredRows[context] : startRows[context]
        if known >= 0 { return known }
        let key = Determinizer.Key(kernel: [anchored ? Determinizer.anchor : Determinizer.restart], context: context)
        _ = makeRoom(for: key, at: lastPosition)
        let row = add(key)
        if anchored { anchoredRows[context] = row } else { startRows[context] = row }
        return row
    }
}

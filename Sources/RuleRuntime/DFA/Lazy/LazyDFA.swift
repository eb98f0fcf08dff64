import Foundation

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
/// estimate: transition rows, state keys and their index). When a new state would pass it,
/// the cache is cleared and the search goes on from the new state. A search that keeps
/// clearing it (three clears, each after fewer than ten code units per state made) gives
/// up, and the caller runs the Pike VM instead (`LazySearch.gaveUp`): linear either way.
///
/// Note: threads. The engine is shared; each search takes a cache from the DFA's pool (or
/// makes one) and gives it back, so a cache is only ever used by one thread at a time and
/// its loops take no lock. `peakCacheBytes` reports the largest a cache has grown.
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
    /// The most work the determinizer's set-by-class table may take (sets × classes).
    static let maxTableWork = 4_000_000

    private let lock = NSLock()
    private var pool: [LazyDFACache] = []
    private var peak = 0

    /// The lazy DFA of `program`, or `nil` when it cannot have one (more word-boundary kinds
    /// than a context holds, more than `Oracle.maxLookarounds` lookarounds, more classes
    /// than a table indexes, or a set-by-class table over `maxTableWork`).
    package init?(program: RegexProgram, memoryLimit: Int = LazyDFA.defaultMemoryLimit) {
        guard
            let determinizer = try? Determinizer(
                program: program, maxStates: .max, maxCells: .max, maxWork: Self.maxTableWork, oracle: true),
            determinizer.classCount <= DFATable.maxClasses
        else { return nil }
        self.program = program
        self.regex = CompiledRegex(program: program)
        self.template = determinizer
        self.columns = determinizer.classCount
        self.classes = ClassMap(determinizer.classTable())
        self.memoryLimit = max(memoryLimit, 4 * (determinizer.classCount * 8 + 1024))
        self.asksOracle = regex.needsEvaluator
    }

    deinit { classes.free() }

    /// The largest estimate of bytes any cache of this DFA has held.
    package var peakCacheBytes: Int { lock.withLock { max(peak, pool.map(\.peakBytes).max() ?? 0) } }

    /// Runs `body` with a cache no other thread uses meanwhile.
    func withCache<R>(_ body: (LazyDFACache) -> R) -> R {
        let cache = lock.withLock { pool.popLast() } ?? LazyDFACache(self)
        defer {
            lock.withLock {
                peak = max(peak, cache.peakBytes)
                pool.append(cache)
            }
        }
        return body(cache)
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
final class LazyDFACache {
    let dfa: LazyDFA
    var determinizer: Determinizer
    let columns: Int
    /// `entries[row + class]`: `unknown`, or next row << 4 | asks << 3 | startsAtIdle << 2 |
    /// nextIsIdle << 1 | matchedBefore (rows are state × `columns`; row 0 is the dead state).
    var entries: [Int] = []
    static let unknown = -1
    /// Per state: 0 no match at the end of the text, 1 a match, 3 a match that starts at
    /// the idle position (see `DFARunner.eoiMatch`).
    var eoi: [Int8] = []
    /// Per state: the oracle answers its closure asks (`Oracle` bits; 0 for a state that
    /// asks none or whose answers are in its key).
    var asks: [UInt64] = []
    /// Per asking state: its resolved variants (answers → row).
    var variants: [Int: [(answers: UInt64, row: Int)]] = [:]
    /// Start rows by look-behind context (-1: not made yet), unanchored and anchored.
    var startRows: [Int]
    var anchoredRows: [Int]
    private(set) var bytes = 0
    private(set) var peakBytes = 0
    private(set) var clears = 0
    /// Set when the cache thrashed: the searches on this text give up.
    var gaveUp = false
    /// Code units searched and states made since the last clear (the thrash test).
    private var progress = 0
    private var lastPosition = 0
    private var statesSinceClear = 0

    init(_ dfa: LazyDFA) {
        self.dfa = dfa
        self.determinizer = dfa.template
        self.columns = dfa.columns
        let contexts = 8 << determinizer.pairs.count
        startRows = [Int](repeating: -1, count: contexts)
        anchoredRows = [Int](repeating: -1, count: contexts)
        reset()
    }

    /// Forgets every state but the dead one.
    private func reset() {
        determinizer.ids = [:]
        determinizer.keys = []
        entries = []
        eoi = []
        asks = []
        variants = [:]
        for i in startRows.indices {
            startRows[i] = -1
            anchoredRows[i] = -1
        }
        bytes = 0
        _ = add(Determinizer.Key(kernel: [], context: 0))
        entries.withUnsafeMutableBufferPointer { row in
            for i in row.indices { row[i] = 0 }  // the dead state stays dead
        }
    }

    /// Starts a search of a new text (or from a new position) at `position`.
    func begin(at position: Int, newText: Bool) {
        lastPosition = position
        if newText { gaveUp = false }
    }

    /// The bytes a state with `kernel` costs (transition row, key, index entry).
    private func cost(_ kernel: [Int32]) -> Int { columns * 8 + kernel.count * 4 + 160 }

    /// The row of the state with `key`, made if new (without clearing: callers check
    /// `fits` first).
    private func add(_ key: Determinizer.Key) -> Int {
        if let id = determinizer.ids[key] { return Int(id) * columns }
        let id = determinizer.keys.count
        determinizer.ids[key] = Int32(id)
        determinizer.keys.append(key)
        entries.append(contentsOf: repeatElement(Self.unknown, count: columns))
        let asked = key.look == 0 && dfa.asksOracle ? determinizer.asks(key.kernel) : 0
        asks.append(asked)
        if asked == 0 {
            determinizer.closure(key, inputClass: nil)
            let threads = determinizer.scratch.threads[0..<determinizer.scratch.threadCount]
            if let first = threads.first(where: { determinizer.isMatch($0) }) {
                eoi.append(first & 1 == 0 ? 3 : 1)
            } else {
                eoi.append(0)
            }
        } else {
            eoi.append(0)  // never read: the search resolves the state first
        }
        bytes += cost(key.kernel)
        peakBytes = max(peakBytes, bytes)
        statesSinceClear += 1
        return id * columns
    }

    /// Makes room for a state with `kernel` at text position `position`: clears the cache
    /// when it would pass the limit (and gives up when it thrashes).
    private func makeRoom(for kernel: [Int32], at position: Int) {
        if position > lastPosition { progress += position - lastPosition }
        lastPosition = position
        guard bytes + cost(kernel) > dfa.memoryLimit else { return }
        clears += 1
        if clears >= 3, progress < 10 * statesSinceClear { gaveUp = true }
        progress = 0
        statesSinceClear = 0
        reset()
    }

    /// The entry of a state's row for a new state `key` reached with match bits `match`.
    private func entry(to key: Determinizer.Key, match: Determinizer.Match) -> Int {
        let row = add(key)
        let state = row / columns
        let idle = key.kernel == [Determinizer.restart]
        return row << 4 | (asks[state] != 0 ? 8 : 0) | Int(match.bits & 2) << 1 | (idle ? 2 : 0) | Int(match.bits & 1)
    }

    /// The entry of `row` (a state that asks nothing, or resolved) on `inputClass`, made
    /// now; `position` is where the search is (for the thrash test).
    func fill(_ row: Int, _ inputClass: Int, at position: Int) -> Int {
        let key = determinizer.keys[row / columns]
        let (kernel, match) = determinizer.step(key, inputClass: inputClass)
        let context = determinizer.contextAfter(key.context, inputClass: inputClass)
        let target = Determinizer.Key(kernel: kernel, context: kernel.isEmpty ? 0 : context)
        if determinizer.ids[target] == nil {
            let before = clears
            makeRoom(for: kernel, at: position)
            if clears != before { return entry(to: target, match: match) }  // `row` is gone
        }
        let made = entry(to: target, match: match)
        entries[row + inputClass] = made
        return made
    }

    /// The row of `row`'s state with the oracle's `answers` (to the bits it asks) known.
    func resolve(_ row: Int, _ answers: UInt64, at position: Int) -> Int {
        let state = row / columns
        let look = answers & asks[state] | Oracle.resolved
        if let known = variants[state]?.first(where: { $0.answers == look }) { return known.row }
        var key = determinizer.keys[state]
        key.look = look
        if determinizer.ids[key] == nil {
            let before = clears
            makeRoom(for: key.kernel, at: position)
            if clears != before { return add(key) }
        }
        let resolved = add(key)
        variants[state, default: []].append((look, resolved))
        return resolved
    }

    /// The start row for look-behind context `context` (unanchored: the search may start
    /// anywhere from here; anchored: one attempt here), with its asks bit (`entries`'
    /// layout: row << 4 | asks << 3).
    func start(_ context: Int, anchored: Bool) -> Int {
        let known = anchored ? anchoredRows[context] : startRows[context]
        if known >= 0 { return known }
        let key = Determinizer.Key(kernel: [anchored ? Determinizer.anchor : Determinizer.restart], context: context)
        if determinizer.ids[key] == nil { makeRoom(for: key.kernel, at: lastPosition) }
        let row = add(key)
        let made = row << 4 | (asks[row / columns] != 0 ? 8 : 0)
        if anchored { anchoredRows[context] = made } else { startRows[context] = made }
        return made
    }
}

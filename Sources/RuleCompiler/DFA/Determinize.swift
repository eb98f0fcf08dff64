import RuleRuntime

/// Builds the leftmost-first DFA of a program (see `DFATable` for what a state holds).
///
/// Note: the construction replays the Pike VM exactly. A state's kernel is the ordered
/// list of threads waiting before the next code point, with `restart` (-1) last while no
/// match has been found. On a class, the epsilon closure of the kernel is taken in
/// priority order with every state visited once (assertions decided with the look-behind
/// context and the class), `restart` expanding to the closure of the program's start;
/// consuming threads that accept the class give the next kernel in order; reaching
/// `match` marks "a match ends before this code point" and cuts every lower-priority
/// thread, `restart` included.
struct Determinizer {
    let program: RegexProgram
    let alphabet: Alphabet
    /// Distinct (word, ignorable) set pairs of the boundary assertions.
    let pairs: [(word: Int, ignorable: Int)]
    /// Flags per input class (base classes, then final variants of terminator classes).
    var classFlags: [UInt32] = []
    /// Base class of every input class.
    var baseOf: [Int] = []
    /// `accepts[set][baseClass]`.
    var accepts: [[Bool]] = []

    struct Key: Hashable {
        var kernel: [Int32]
        var context: Int
    }

    var ids: [Key: Int32] = [:]
    var keys: [Key] = []
    var transitions: [Int32] = []
    var stateFlags: [UInt8] = []
    let maxStates: Int
    let maxCells: Int

    static let restart: Int32 = -1
    /// The single attempt of an anchored start state: explored once, never restarted.
    static let anchor: Int32 = -2

    /// `nil` when the program cannot have a DFA here (too many boundary pairs).
    init?(program: RegexProgram, maxStates: Int, maxCells: Int) {
        self.program = program
        self.maxStates = maxStates
        self.maxCells = maxCells
        var pairs: [(word: Int, ignorable: Int)] = []
        var used: [ScalarSet] = []
        for instruction in program.instructions {
            switch instruction {
            case .consume(let set, _): used.append(program.sets[set])
            case .assert(.wordBoundary(let word, let ignorable), _), .assert(.notWordBoundary(let word, let ignorable), _):
                if !pairs.contains(where: { $0.word == word && $0.ignorable == ignorable }) { pairs.append((word, ignorable)) }
                used.append(program.sets[word])
                used.append(program.sets[ignorable])
            default: continue
            }
        }
        guard pairs.count <= DFATable.maxBoundaryPairs else { return nil }
        self.pairs = pairs
        alphabet = Alphabet(sets: used)
        for base in 0..<alphabet.baseCount {
            let c = alphabet.representatives[base]
            var flags: UInt32 = 0
            if Alphabet.lineTerminators.contains(c) { flags |= DFATable.ClassFlag.lineTerminator }
            if c == 0x0A { flags |= DFATable.ClassFlag.lineFeed }
            if c == 0x0D { flags |= DFATable.ClassFlag.carriageReturn }
            for (k, pair) in pairs.enumerated() {
                if program.sets[pair.word].contains(c) { flags |= DFATable.ClassFlag.word(k) }
                if program.sets[pair.ignorable].contains(c) { flags |= DFATable.ClassFlag.ignorable(k) }
            }
            classFlags.append(flags)
            baseOf.append(base)
        }
        for base in 0..<alphabet.baseCount where classFlags[base] & DFATable.ClassFlag.lineTerminator != 0 {
            classFlags.append(classFlags[base] | DFATable.ClassFlag.final)
            baseOf.append(base)
        }
        accepts = program.sets.map { set in alphabet.representatives.map { set.contains($0) } }
    }

    var classCount: Int { classFlags.count }
}
